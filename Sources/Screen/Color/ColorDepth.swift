/// How many colours an output may use: the one depth type of the ANSI renderer and the terminal front.
public enum ColorDepth: String, Sendable, Equatable, CaseIterable {
    /// No colour at all: attributes (bold, underline, reverse…) only.
    case none
    /// The eight basic ANSI colours (SGR 30–37 and 40–47).
    case ansi8
    /// The 16 ANSI colours (SGR 30–37/90–97 and 40–47/100–107).
    case ansi16
    /// The xterm 256-colour palette (SGR 38;5;n and 48;5;n).
    case indexed256
    /// 24-bit colour (SGR 38;2;r;g;b and 48;2;r;g;b).
    case trueColor

    /// The depth for a terminal with `colors` colours (ncurses' `COLORS`), unless colour is turned off.
    ///
    /// Only 2^24 colours or more means direct colour: ncurses rejects larger colour numbers otherwise,
    /// even where the terminal description carries the `RGB` flag.
    package static func forTerminal(colors: Int, hasColors: Bool, noColor: Bool) -> ColorDepth {
        if noColor || !hasColors { return .none }
        if colors >= 1 << 24 { return .trueColor }
        if colors >= 256 { return .indexed256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .none
    }

}
