import Screen

/// One thing read from the terminal.
package enum TerminalInput: Sendable, Equatable {
    /// A key.
    case key(Key)
    /// A mouse button went down (`pressed`) or up at a cell (0-based column `x`, row `y`).
    case mouse(x: Int, y: Int, button: MouseButton, pressed: Bool)
    /// The terminal now has this size.
    case resize(Size)
    /// SIGINT, SIGTERM or SIGHUP arrived; the loop ends and restores the terminal.
    case signal(Int32)
}
