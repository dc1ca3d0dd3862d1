import ModalKitCLI
import Terminal

/// In-memory standard streams and environment for running the command in-process.
final class BufferIO: CLIIO {
    var stdin: [UInt8]
    var stdout = ""
    var stderr = ""
    var isTerminal = false
    var terminalColumns: Int?
    var variables: [String: String] = [:]

    init(stdin: [UInt8] = []) { self.stdin = stdin }

    func readStandardInput(maxBytes: Int) -> [UInt8]? { Array(stdin.prefix(maxBytes + 1)) }
    func write(_ text: String) { stdout += text }
    func writeError(_ text: String) { stderr += text }
    var standardOutputIsTerminal: Bool { isTerminal }
    func environment(_ name: String) -> String? { variables[name] }

    /// What was written to other file descriptors, by number; those present are open for writing.
    var descriptors: [Int32: String] = [:]

    func isOpenForWriting(descriptor: Int32) -> Bool { descriptors[descriptor] != nil }
    func write(_ text: String, descriptor: Int32) -> Bool {
        guard descriptors[descriptor] != nil else { return false }
        descriptors[descriptor]! += text
        return true
    }

    /// The terminal an interactive preview gets, made for the options it asks with; none when nil.
    var terminal: ((TerminalSession.Options) -> TerminalSession)?
    /// The options of every terminal asked for.
    private(set) var terminalOptions: [TerminalSession.Options] = []

    func openTerminal(options: TerminalSession.Options) throws -> TerminalSession {
        terminalOptions.append(options)
        guard let terminal else { throw TerminalSession.OpenError.noTerminal("the test gives no terminal") }
        return terminal(options)
    }
}

/// Runs `modalkit` with arguments, returning the exit status and the captured streams.
func runCLI(_ arguments: [String], stdin: [UInt8] = [], configure: (BufferIO) -> Void = { _ in })
    -> (status: Int32, stdout: String, stderr: String)
{
    let io = BufferIO(stdin: stdin)
    configure(io)
    let status = CLI.run(arguments: arguments, io: io)
    return (status, io.stdout, io.stderr)
}
