/// The `modalkit` command line, as a library so that tests can run it in-process.
public enum CLI {
    /// Runs the command with its arguments (without the program name) and returns the exit code.
    public static func run(arguments: [String], io: CLIIO) -> Int32 {
        io.writeError("modalkit: not implemented yet\n")
        return 2
    }
}
