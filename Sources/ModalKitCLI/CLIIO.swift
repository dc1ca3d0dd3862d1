import Terminal

/// Where the command reads and writes; the real process or buffers in tests.
package protocol CLIIO: AnyObject {
    /// Reads all of standard input (for `-`), or nil when it cannot be read.
    func readStandardInput(maxBytes: Int) -> [UInt8]?
    /// Writes to standard output.
    func write(_ text: String)
    /// Writes to standard error.
    func writeError(_ text: String)
    /// Whether standard output is a terminal.
    var standardOutputIsTerminal: Bool { get }
    /// An environment variable.
    func environment(_ name: String) -> String?
    /// The width in columns of the terminal on standard output, or nil when it is not a terminal.
    var terminalColumns: Int? { get }
    /// Takes the terminal for an interactive preview; throws `TerminalSession.OpenError` when none can be used.
    func openTerminal(options: TerminalSession.Options) throws -> TerminalSession
}
