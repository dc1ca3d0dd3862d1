import Screen

/// One thing read from the terminal.
public enum TerminalInput: Sendable, Equatable {
    /// A key.
    case key(TerminalKey)
    /// A mouse button went down (`pressed`) or up at a cell (0-based column `x`, row `y`).
    case mouse(x: Int, y: Int, button: TerminalMouseButton, pressed: Bool)
    /// The terminal now has this size.
    case resize(Size)
    /// SIGINT, SIGTERM or SIGHUP arrived; the loop ends and restores the terminal.
    case signal(Int32)
}

/// The keys the terminal layer tells apart.
public enum TerminalKey: Sendable, Equatable {
    case tab, backTab, left, right, up, down, pageUp, pageDown, home, end, enter, escape
    /// A printable character (space included).
    case character(Character)
}

/// Mouse buttons; the wheel reports as buttons 4 and 5.
public enum TerminalMouseButton: Sendable, Equatable {
    case left, middle, right, wheelUp, wheelDown
}
