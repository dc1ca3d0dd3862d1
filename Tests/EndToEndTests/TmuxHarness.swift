import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `modalkit preview` inside a private tmux server and reads its screen, for end-to-end tests.
///
/// Every harness has its own socket (`tmux -L`) and scratch directory, and `stop()` kills its server.
/// The program runs as `sh -c 'echo $$ >pid; exec env TERM=… modalkit preview … >out 2>err'`, and the
/// pane's shell then writes the exit status to `rc`, so tests see stdout, stderr and status separately
/// from the screen.
final class TmuxHarness {
    /// Why the built `modalkit preview` cannot be run, or nil when it can.
    static let commandUnavailableReason: String? = {
        guard access(modalkitPath, X_OK) == 0 else {
            return "\(modalkitPath) is missing; run `swift build` first"
        }
        let help = shell("\(quote(modalkitPath)) preview --help 2>&1")
        guard help.status == 0, help.output.hasPrefix("usage: modalkit preview") else {
            return "`modalkit preview` is not dispatched to the preview command yet (status \(help.status)): "
                + String(help.output.prefix(200)).trimmingTrailingNewlines
        }
        return nil
    }()

    /// Why documents cannot be previewed with the built binary, or nil when they can.
    static let decodingUnavailableReason: String? = {
        if let reason = commandUnavailableReason { return reason }
        // The binary must be able to decode and print a document.
        let directory = makeScratchDirectory()
        defer { _ = shell("rm -rf \(quote(directory))") }
        let file = directory + "/probe.json"
        writeFile(file, #"{"msg":"probe text","buttons":[{"label":"OK","action":"close"}]}"#)
        let probe = shell("\(quote(modalkitPath)) preview --no-interactive \(quote(file)) 2>&1")
        guard probe.status == 0, probe.output.contains("probe text") else {
            return "`modalkit preview --no-interactive` cannot decode a document yet (status \(probe.status)): "
                + String(probe.output.prefix(200)).trimmingTrailingNewlines
        }
        return nil
    }()

    /// Why end-to-end tests under tmux cannot run here, or nil when they can.
    static let unavailableReason: String? = {
        guard findOnPath("tmux") != nil else { return "tmux is not on PATH" }
        return decodingUnavailableReason
    }()

    static let modalkitPath = repositoryRoot + "/.build/debug/modalkit"

    let socket: String
    let directory: String
    private static let target = "preview:0.0"

    /// Starts tmux with a window of the given size running `modalkit preview ARGUMENTS FILE`,
    /// where FILE holds `json`. The program gets `TERM=term` plus `environment` (`NAME=value`), and no
    /// `NO_COLOR` unless given there (test runners set it).
    init(
        json: String, arguments: [String] = [], width: Int = 80, height: Int = 24, term: String = "xterm-256color",
        environment: [String] = []
    ) {
        directory = TmuxHarness.makeScratchDirectory()
        socket = "modalkit-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        TmuxHarness.writeFile(filePath, json)
        let program =
            "echo $$ > pid; exec env -u NO_COLOR TERM=\(term) "
            + environment.map(TmuxHarness.quote).joined(separator: " ")
            + " \(TmuxHarness.quote(TmuxHarness.modalkitPath)) preview "
            + (arguments + [filePath]).map(TmuxHarness.quote).joined(separator: " ") + " > out 2> err"
        let paneCommand =
            "cd \(TmuxHarness.quote(directory)) && sh -c \(TmuxHarness.quote(program)); echo $? > rc; sleep 600"
        _ = tmux("-f /dev/null new-session -d -s preview -x \(width) -y \(height) \(TmuxHarness.quote(paneCommand))")
        var path = tmux("display-message -p '#{socket_path}'").output
        while path.last == "\n" { path.removeLast() }
        socketPath = path
    }

    /// Starts tmux with a window of the given size running `program` (a shell command line) in the scratch
    /// directory; `program` writes its own `pid`, `out` and `err` there if tests need them.
    init(program: String, width: Int = 80, height: Int = 24) {
        directory = TmuxHarness.makeScratchDirectory()
        socket = "modalkit-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let paneCommand =
            "cd \(TmuxHarness.quote(directory)) && sh -c \(TmuxHarness.quote(program)); echo $? > rc; sleep 600"
        _ = tmux("-f /dev/null new-session -d -s preview -x \(width) -y \(height) \(TmuxHarness.quote(paneCommand))")
        var path = tmux("display-message -p '#{socket_path}'").output
        while path.last == "\n" { path.removeLast() }
        socketPath = path
    }

    /// Where the server's socket is; tmux leaves the file behind when the server is killed.
    private var socketPath = ""

    var filePath: String { directory + "/modal.json" }

    /// Kills the tmux server and removes the scratch directory.
    func stop() {
        _ = tmux("kill-server")
        if socketPath.hasSuffix("/" + socket) { unlink(socketPath) }
        _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))")
    }

    /// Runs a tmux command on this harness's server.
    @discardableResult
    func tmux(_ arguments: String) -> (status: Int32, output: String) {
        TmuxHarness.shell("tmux -L \(socket) \(arguments) 2>&1")
    }

    /// The pane's text, with SGR escapes when `escapes` is set.
    func screen(escapes: Bool = false) -> String {
        tmux("capture-pane -p \(escapes ? "-e " : "")-t \(TmuxHarness.target)").output
    }

    /// Sends keys by tmux name (`Tab`, `Enter`, `Escape`).
    func send(_ keys: String...) {
        tmux("send-keys -t \(TmuxHarness.target) \(keys.joined(separator: " "))")
    }

    /// Sends bytes as if typed, escape sequences included.
    func sendLiteral(_ text: String) {
        tmux("send-keys -t \(TmuxHarness.target) -l \(TmuxHarness.quote(text))")
    }

    /// A tmux format value for the pane, such as `#{alternate_on}`.
    func format(_ format: String) -> String {
        var output = tmux("display-message -p -t \(TmuxHarness.target) \(TmuxHarness.quote(format))").output
        while output.last == "\n" { output.removeLast() }
        return output
    }

    /// Waits until `condition` holds, polling every 50 ms; false at the deadline.
    func waitUntil(seconds: Double = 15, _ condition: () -> Bool) -> Bool {
        let deadline = TmuxHarness.now() + seconds
        while TmuxHarness.now() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// Waits until the screen shows `text`.
    func waitForScreen(containing text: String) -> Bool {
        waitUntil { screen().contains(text) }
    }

    /// Waits for the program to end and returns its exit status, or nil at the deadline.
    func waitForExit() -> Int32? {
        guard waitUntil({ access(directory + "/rc", R_OK) == 0 && !read("rc").isEmpty }) else { return nil }
        return Int32(read("rc").filter { !$0.isWhitespace })
    }

    /// The process id of the running preview.
    func pid() -> pid_t? {
        guard waitUntil({ !read("pid").isEmpty }) else { return nil }
        return pid_t(read("pid").filter { !$0.isWhitespace })
    }

    /// A file of the scratch directory (`out`, `err`, `rc`), empty when missing.
    func read(_ name: String) -> String {
        readFile(directory + "/" + name) ?? ""
    }

    /// The 0-based cell where `text` first appears on the screen.
    func locate(_ text: String) -> (x: Int, y: Int)? {
        for (y, line) in screen().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var x = 0
            var rest = Substring(line)
            while !rest.isEmpty {
                if rest.hasPrefix(text) { return (x, y) }
                x += 1  // the fixtures are ASCII, so one character is one cell
                rest = rest.dropFirst()
            }
        }
        return nil
    }

    // MARK: Helpers

    static func shell(_ command: String) -> (status: Int32, output: String) {
        guard let pipe = popen(command, "r") else { return (-1, "") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        let status = pclose(pipe)
        // A wait status: the exit code in bits 8-15, or the number of the signal that killed it in 0-6.
        let killedBy = status & 0x7F
        return (killedBy != 0 ? 128 + killedBy : (status >> 8) & 0xFF, String(decoding: bytes, as: UTF8.self))
    }

    static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    static func writeFile(_ path: String, _ text: String) {
        guard let file = fopen(path, "w") else { return }
        let bytes = Array(text.utf8)
        _ = fwrite(bytes, 1, bytes.count, file)
        fclose(file)
    }

    static func findOnPath(_ name: String) -> String? {
        guard let path = getenv("PATH") else { return nil }
        for directory in String(cString: path).split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    static func makeScratchDirectory() -> String {
        var template = Array("/tmp/modalkit-e2e-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let made = mkdtemp(buffer.baseAddress!) else { return "/tmp" }
            return String(cString: made)
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension String {
    /// The text without the line breaks at its end.
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last?.isNewline == true { text = text.dropLast() }
        return String(text)
    }
}
