import ModalModel

/// The modal's own background in the preview, and the text colours that stay readable on it.
///
/// The format has no modal background, and its colours were chosen for an app's (often a white title for
/// a dark sheet, black text on a pale button for a light one), so on the terminal's own background some
/// would be invisible: a white title on a light theme, black on a translucent grey blended over black.
/// The preview therefore draws the modal on a panel a step off the terminal's background (lighter on a
/// dark one, darker on a light one; black assumed when the terminal did not say), blends translucent
/// colours over that panel, and gives every cell an explicit text colour: the format's where it reaches a
/// WCAG 2 contrast ratio of `minimumContrast` with what is under it, else black or white, whichever
/// contrasts more. `render` keeps drawing on the terminal's colours.
package enum ModalPanel {
    /// The smallest contrast ratio a format's text colour keeps: WCAG 2's minimum for large text (1.4.3),
    /// lenient enough to leave authors' colour choices alone wherever they can be read.
    package static let minimumContrast = 3.0

    /// The panel for a terminal whose background is `terminalBackground` (nil when unknown: assumed
    /// black, the common case): 10% white over a dark background, 6% black over a light one.
    package static func color(onTerminalBackground terminalBackground: ModalColor?) -> ModalColor {
        let base = terminalBackground ?? CellStyleMapping.assumedBackground
        // Dark where white text contrasts more than black.
        let isDark = CellStyleMapping.readable(on: base).red == 255
        let tint =
            isDark
            ? ModalColor(red: 255, green: 255, blue: 255, alpha: 26) : ModalColor(red: 0, green: 0, blue: 0, alpha: 15)
        return tint.blended(over: base)
    }

    /// Gives every cell of `grid` the panel as background where it has none, and a text colour readable on
    /// its background.
    package static func paint(_ grid: inout CellGrid, panel: ModalColor) {
        grid.updateStyles(in: grid.bounds) { style in
            let background = style.background ?? panel
            style.background = background
            if let foreground = style.foreground, ColorContrast.ratio(foreground, background) >= minimumContrast {
                return
            }
            style.foreground = CellStyleMapping.readable(on: background)
        }
    }
}
