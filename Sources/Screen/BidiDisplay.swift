/// How right-to-left text is written to a terminal: the one contract for `--bidi` in `render` and `preview`
/// and for the `MODALKIT_BIDI` environment variable.
///
/// Most terminals (xterm, tmux, kitty, Alacritty, Windows Terminal, the Linux console) draw every cell where
/// the program puts it, so text must arrive in visual order. A few (VTE-based ones such as GNOME Terminal,
/// Konsole, mlterm, recent iTerm2) run the bidirectional algorithm themselves and want logical order.
public enum BidiDisplay: String, Sendable, Equatable, CaseIterable {
    /// Lines drawn left to right as they show (UAX #9 applied here): right for terminals that do not reorder.
    case visual
    /// Lines drawn in source order, for a terminal that reorders by itself.
    case logical

    /// The environment variable that chooses the display when `--bidi` is not given.
    package static let environmentVariable = "MODALKIT_BIDI"

    /// Parses a `--bidi` (or `MODALKIT_BIDI`) value; nil when it is neither `visual` nor `logical`.
    package static func parse(_ argument: String) -> BidiDisplay? { BidiDisplay(rawValue: argument) }

    /// What a refused `--bidi` value is told.
    package static func refusal(_ argument: String) -> String {
        "--bidi must be visual or logical, not '\(argument)'"
    }

    /// The display to use: the option when given, else a valid `MODALKIT_BIDI` value, else `visual`.
    package static func resolve(option: BidiDisplay?, environmentValue: String?) -> BidiDisplay {
        option ?? environmentValue.flatMap(parse) ?? .visual
    }
}
