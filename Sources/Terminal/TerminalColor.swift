import ModalModel
import Screen

/// Full-RGB colours turned into the colour numbers ncurses takes at some depth.
///
/// The palette itself is `Screen.ColorPalette`, the same mapping the ANSI renderer uses; this only adds
/// ncurses' conventions (-1 for the default colour, 0xRRGGBB under direct colour).
enum TerminalColor {
    /// The colour number for `color` at `depth` (alpha already resolved), or -1 (the terminal's default)
    /// at depth `.none`.
    static func number(for color: ModalColor, depth: ColorDepth) -> Int32 {
        if depth == .trueColor { return Int32(color.red) << 16 | Int32(color.green) << 8 | Int32(color.blue) }
        return ColorPalette.index(for: color, depth: depth).map(Int32.init) ?? -1
    }

    /// The foreground and background colour numbers of a cell style at `depth`: what a colour pair holds.
    static func pairNumbers(for style: CellStyle, depth: ColorDepth) -> (foreground: Int32, background: Int32) {
        let colors = opaque(foreground: style.foreground, background: style.background)
        let foreground = colors.foreground.map { number(for: $0, depth: depth) } ?? -1
        let background = colors.background.map { number(for: $0, depth: depth) } ?? -1
        return (foreground, background)
    }

    /// Resolves alpha: the background over black, the foreground over that background.
    static func opaque(foreground: ModalColor?, background: ModalColor?) -> (
        foreground: ModalColor?, background: ModalColor?
    ) {
        let black = ModalColor(red: 0, green: 0, blue: 0)
        let background = background?.blended(over: black)
        let foreground = foreground?.blended(over: background ?? black)
        return (foreground, background)
    }
}
