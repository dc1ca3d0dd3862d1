/// How right-to-left text is written to a terminal (`--bidi` in `render` and `preview`).
///
/// Most terminals (xterm, tmux, kitty, Alacritty, Windows Terminal, the Linux console) draw every cell where
/// the program puts it, so text must arrive in visual order. A few (VTE-based ones such as GNOME Terminal,
/// Konsole, mlterm, recent iTerm2) run the bidirectional algorithm themselves and want logical order.
public enum BidiDisplay: String, Sendable, Equatable, CaseIterable {
    /// Lines drawn left to right as they show (UAX #9 applied here): right for terminals that do not reorder.
    case visual
    /// Lines drawn in source order, for a terminal that reorders by itself.
    case logical
}
