import Terminal

/// Where the command reads and writes; the real process or buffers in tests.
package protocol CLIIO: AnyObject {
    /// Reads all of standard input (for `-`), or nil when it cannot be read.
    func readStandardInput(maxBytes: Int) -> [UInt8]?
    /// Writes to standard output.
    func write(_ text: String)
    /// Writes bytes known to be UTF-8 to standard output.
    func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
    /// Writes to standard error.
    func writeError(_ text: String)
    /// Whether standard output is a terminal.
    var standardOutputIsTerminal: Bool { get }
    /// An environment variable.
    func environment(_ name: String) -> String?
    /// The width in columns of the terminal on standard output, or nil when it is not a terminal.
    var terminalColumns: Int? { get }
    /// Whether file descriptor `descriptor` is open for writing (`preview --output-fd`).
    func isOpenForWriting(descriptor: Int32) -> Bool
    /// Writes to file descriptor `descriptor`; false when it could not be written whole.
    func write(_ text: String, descriptor: Int32) -> Bool
    /// Takes the terminal for an interactive preview; throws `TerminalSession.OpenError` when none can be used.
    func openTerminal(options: TerminalSession.Options) throws -> TerminalSession
}

extension CLIIO {
    /// Writes the bytes as text; the real process passes them on as they are.
    package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        write(String(decoding: bytes, as: UTF8.self))
    }
}
