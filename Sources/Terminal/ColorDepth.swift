/// How many colours a terminal can show, from none to 24-bit.
public enum ColorDepth: Sendable, Equatable, CaseIterable {
    /// Attributes only: `NO_COLOR` is set, or the terminal has no colours.
    case none
    /// The eight ANSI colours.
    case ansi8
    /// The sixteen ANSI colours, bright ones included.
    case ansi16
    /// The xterm 256-colour palette.
    case palette256
    /// Any 24-bit colour; ncurses then takes colour numbers as 0xRRGGBB.
    case direct

    /// The depth for a terminal with `colors` colours (ncurses' `COLORS`), unless colour is turned off.
    ///
    /// Only 2^24 colours or more means direct colour: ncurses rejects larger colour numbers otherwise,
    /// even where the terminal description carries the `RGB` flag.
    public static func forTerminal(colors: Int, hasColors: Bool, noColor: Bool) -> ColorDepth {
        if noColor || !hasColors { return .none }
        if colors >= 1 << 24 { return .direct }
        if colors >= 256 { return .palette256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .none
    }

    /// Whether `NO_COLOR` asks for no colour: set and not empty (https://no-color.org).
    public static func noColorRequested(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty
    }
}
