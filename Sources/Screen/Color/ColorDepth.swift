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

    /// What the user asked for: a fixed depth, or detection from the environment.
    package enum Request: String, Sendable, Equatable, CaseIterable {
        /// Detect from the environment (see `detect`).
        case auto
        /// Always 24-bit colour.
        case trueColor = "truecolor"
        /// Always the xterm 256-colour palette.
        case indexed256 = "256"
        /// Always the 16 ANSI colours.
        case ansi16 = "16"
        /// Never colour.
        case none

        /// Parses a command-line value: `auto`, `truecolor` (or `24bit`), `256`, `16` or `none`.
        package init?(argument: String) {
            if argument == "24bit" {
                self = .trueColor
            } else {
                self.init(rawValue: argument)
            }
        }
    }

    /// The depth to use for output, from what was requested and the environment.
    ///
    /// A fixed request wins. For `auto`, in this order:
    /// - `NO_COLOR` set and non-empty → `none` (the user's opt-out wins, even over `FORCE_COLOR`);
    /// - not a terminal and no `FORCE_COLOR` → `none`; `FORCE_COLOR` counts when set, non-empty and not `0`;
    /// - `COLORTERM` is `truecolor` or `24bit` → `trueColor`;
    /// - `TERM` contains `256color` → `indexed256`;
    /// - otherwise `ansi16`.
    package static func detect(
        environment: (String) -> String?, isTerminal: Bool, requested: Request = .auto
    ) -> ColorDepth {
        switch requested {
        case .trueColor: return .trueColor
        case .indexed256: return .indexed256
        case .ansi16: return .ansi16
        case .none: return .none
        case .auto: break
        }
        if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return .none }
        let forced = environment("FORCE_COLOR").map { !$0.isEmpty && $0 != "0" } ?? false
        if !isTerminal && !forced { return .none }
        if let colorTerm = environment("COLORTERM")?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" {
            return .trueColor
        }
        if let term = environment("TERM"), term.contains("256color") { return .indexed256 }
        return .ansi16
    }

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

    /// Whether `NO_COLOR` asks for no colour: set and not empty (https://no-color.org).
    package static func noColorRequested(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty
    }
}
