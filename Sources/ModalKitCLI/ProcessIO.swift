import NcursesTerminal
import Terminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real process: file descriptors 0, 1 and 2 and the environment.
///
/// Output is buffered and flushed in large writes, because validating thousands of files
/// one `write(2)` per line would cost more than the validation.
package final class ProcessIO: CLIIO {
    private var outBuffer: [UInt8] = []
    private var errBuffer: [UInt8] = []

    /// Creates the process IO.
    package init() {
        outBuffer.reserveCapacity(1 << 16)
    }

    deinit { flush() }

    package func readStandardInput(maxBytes: Int) -> [UInt8]? {
        FileReader.readAll(fileDescriptor: 0, maxBytes: maxBytes)
    }

    package func write(_ text: String) {
        outBuffer.append(contentsOf: text.utf8)
        if outBuffer.count >= 1 << 16 { flushOut() }
    }

    package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        outBuffer.append(contentsOf: bytes)
        if outBuffer.count >= 1 << 16 { flushOut() }
    }

    package func writeError(_ text: String) {
        flushOut()  // keep the order of interleaved stdout and stderr on a terminal
        errBuffer.append(contentsOf: text.utf8)
        flushErr()
    }

    package var standardOutputIsTerminal: Bool { isatty(1) != 0 }

    package var terminalColumns: Int? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    package func isOpenForWriting(descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && flags & O_ACCMODE != O_RDONLY
    }

    package func write(_ text: String, descriptor: Int32) -> Bool {
        flush()  // what came before it on standard output or error stays before it
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            written += n
        }
        return true
    }

    package func openTerminal(options: TerminalSession.Options) throws -> TerminalSession {
        try TerminalSession.open(options: options)
    }

    package func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Writes out whatever is buffered.
    package func flush() {
        flushOut()
        flushErr()
    }

    private func flushOut() { Self.writeAll(&outBuffer, to: 1) }
    private func flushErr() { Self.writeAll(&errBuffer, to: 2) }

    private static func writeAll(_ buffer: inout [UInt8], to fd: Int32) {
        var written = 0
        buffer.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // a closed pipe: nothing useful left to do with the output
                }
                written += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
