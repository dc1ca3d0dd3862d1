#if canImport(Glibc)
    import Glibc
#endif

/// The test HTTP server (`Tests/HTTPSourceTests/Fixtures/modal_server.py`) on 127.0.0.1 and a free port,
/// serving `modal.json` from a scratch directory that tests rewrite. `stop()` ends it.
package final class ModalServer {
    /// Why the server cannot run here (no python3), or nil when it can.
    package static let unavailableReason: String? = {
        guard let path = getenv("PATH") else { return "PATH is not set" }
        for directory in String(cString: path).split(separator: ":")
        where access("\(directory)/python3", X_OK) == 0 {
            return nil
        }
        return "python3 is not on PATH, and the URL tests serve modals with Python's http.server"
    }()

    /// The server's port on 127.0.0.1.
    package let port: Int
    /// The scratch directory served; `modal.json` lives here.
    package let directory: String
    private let stream: UnsafeMutablePointer<FILE>
    private let pid: pid_t

    /// Starts a server serving `modal` as `/modal.json`; nil when it does not start.
    package init?(modal: String) {
        var template = Array("/tmp/modalkit-http-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        directory = String(cString: made)
        let script = repositoryRoot + "/Tests/HTTPSourceTests/Fixtures/modal_server.py"
        writeFile(directory + "/modal.json", modal)
        guard let stream = popen("exec python3 -u '\(script)' '\(directory)'", "r") else { return nil }
        self.stream = stream
        var port = 0
        var pid: pid_t = 0
        var line = [CChar](repeating: 0, count: 256)
        if fgets(&line, Int32(line.count), stream) != nil {
            let words = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(whereSeparator: \.isWhitespace)
            if words.count == 4, words[0] == "port", words[2] == "pid" {
                port = Int(words[1]) ?? 0
                pid = pid_t(words[3]) ?? 0
            }
        }
        self.port = port
        self.pid = pid
        guard port > 0, pid > 0 else {
            stop()
            return nil
        }
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Replaces the served `modal.json`.
    package func serve(_ modal: String) {
        // Written aside and renamed, so that a request never sees half a file.
        writeFile(directory + "/modal.json.new", modal)
        rename(directory + "/modal.json.new", directory + "/modal.json")
    }

    /// Ends the server and removes its directory.
    package func stop() {
        // SIGKILL: the test process may block SIGTERM (the terminal tests do), and children inherit the mask.
        if pid > 0 { kill(pid, SIGKILL) }
        pclose(stream)
        unlink(directory + "/modal.json")
        rmdir(directory)
    }

    /// A port on 127.0.0.1 that nothing listens on (bound for a moment, then released).
    package static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : 1
    }
}
