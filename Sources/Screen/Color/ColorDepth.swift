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

    /// The word `--color`, `--profile` and `.modalkit.json` use for this depth; nil for `ansi8`, which only a
    /// terminal description reports.
    package var word: String? {
        switch self {
        case .none: "none"
        case .ansi8: nil
        case .ansi16: "16"
        case .indexed256: "256"
        case .trueColor: "truecolor"
        }
    }

    /// The depth a user names with `word`, or nil.
    package init?(word: String) {
        guard let depth = Self.allCases.first(where: { $0.word == word }) else { return nil }
        self = depth
    }

    /// The depths a user may name, deepest first: the order `--help`, completions and messages list them in.
    package static var namedDepths: [ColorDepth] { allCases.reversed().filter { $0.word != nil } }
}
