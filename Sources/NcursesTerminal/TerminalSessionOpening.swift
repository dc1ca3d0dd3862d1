import Terminal

// Opening lives here rather than in `Terminal` or `PreviewHost`: both real backends call the C shims that come
// with ncurses (the signal descriptor, the restore on a fatal signal), so choosing one links ncurses, and
// `Terminal`, which the library's `Preview` imports for its keys, must not. The host is handed a session and
// never needs to know which backend it runs on.
extension TerminalSession {
    /// Opens the controlling terminal (`/dev/tty`, so standard input and output stay free for data) and puts it
    /// in the preview's mode: full screen through ncurses, or inline below the prompt with `inlineHeight`.
    package static func open(options: Options) throws -> TerminalSession {
        if let height = options.inlineHeight {
            return TerminalSession(backend: try InlineBackend(options: options, height: height))
        }
        return TerminalSession(backend: try NcursesBackend(options: options))
    }
}
