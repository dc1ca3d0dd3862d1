import ModalModel
import Screen

/// Full-RGB colours turned into the colour numbers ncurses takes at some depth.
///
/// The palette itself is `Screen.ColorPalette`, the same mapping the ANSI renderer uses; this only adds
/// ncurses' conventions (-1 for the default colour, 0xRRGGBB under direct colour).
package enum TerminalColor {
    /// The colour number for `color` at `depth` (alpha already resolved), or -1 (the terminal's default)
    /// at depth `.none`.
    ///
    /// Under a direct-colour description (`direct`, as `xterm-direct`) ncurses takes 0xRRGGBB only: a
    /// palette choice at a lower depth is sent as the RGB of its entry, and values below 8, which such
    /// descriptions send as the eight ANSI colours instead, are raised to 8 (`#000008`, still black).
    package static func number(for color: ModalColor, depth: ColorDepth, direct: Bool = false) -> Int32 {
        if depth == .trueColor || (direct && depth != .none) {
            let shown = ColorPalette.index(for: color, depth: depth).map {
                ColorPalette.color(ofIndex: $0, depth: depth)
            }
            let rgb = shown ?? color
            return max(8, Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue))
        }
        return ColorPalette.index(for: color, depth: depth).map(Int32.init) ?? -1
    }

    /// The foreground and background colour numbers of a cell style at `depth`: what a colour pair holds.
    package static func pairNumbers(for style: CellStyle, depth: ColorDepth, direct: Bool = false) -> (
        foreground: Int32, background: Int32
    ) {
        let colors = opaque(foreground: style.foreground, background: style.background)
        let foreground = colors.foreground.map { number(for: $0, depth: depth, direct: direct) } ?? -1
        let background = colors.background.map { number(for: $0, depth: depth, direct: direct) } ?? -1
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
