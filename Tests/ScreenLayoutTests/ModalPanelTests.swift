import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing

/// The modal's own background in the preview, and the text colours kept readable on it.
@Suite struct ModalPanelTests {
    static let white = ModalColor(red: 255, green: 255, blue: 255)
    static let black = ModalColor(red: 0, green: 0, blue: 0)

    /// welcome.json's heading (white) and button; centered-alert.json's "Dismiss" (black on 25% grey).
    static let modal = Modal(
        message: "Welcome to Kash\nbody",
        styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 15), color: white)],
        buttons: [
            ModalButton(
                label: "Dismiss", action: .close,
                backgroundColor: ModalColor(red: 0x8E, green: 0x8E, blue: 0x93, alpha: 0x40),
                foregroundColor: black)
        ])

    func draw(panel: ModalColor?) -> CellGrid {
        let layout = ModalLayout(modal: Self.modal, options: ModalViewOptions(width: 30, panel: panel))
        return layout.draw(rows: 0..<layout.size.height, focusIndex: nil)
    }

    func cell(_ grid: CellGrid, at text: String) -> Cell {
        let needle = Array(text)
        for (y, line) in grid.lines.enumerated() {
            let characters = Array(line)
            guard characters.count >= needle.count else { continue }
            for x in 0...(characters.count - needle.count) where Array(characters[x..<x + needle.count]) == needle {
                return grid[x, y]
            }
        }
        Issue.record("\(text) not drawn")
        return Cell(grapheme: " ")
    }

    @Test func thePanelIsAStepOffTheTerminalsBackground() {
        expectEqual(ModalPanel.color(onTerminalBackground: nil), ModalColor(red: 26, green: 26, blue: 26))
        expectEqual(ModalPanel.color(onTerminalBackground: Self.black), ModalColor(red: 26, green: 26, blue: 26))
        expectEqual(ModalPanel.color(onTerminalBackground: Self.white), ModalColor(red: 240, green: 240, blue: 240))
        let solarizedLight = ModalColor(red: 0xFD, green: 0xF6, blue: 0xE3)
        expect(ColorContrast.relativeLuminance(ModalPanel.color(onTerminalBackground: solarizedLight)) > 0.5)
    }

    /// Regression: welcome's white title was invisible on a light theme.
    @Test func aWhiteTitleTurnsBlackOnALightPanel() {
        let panel = ModalPanel.color(onTerminalBackground: Self.white)
        let title = cell(draw(panel: panel), at: "Welcome")
        expectEqual(title.style.background, panel)
        expectEqual(title.style.foreground, Self.black)
    }

    @Test func aWhiteTitleStaysWhiteOnADarkPanel() {
        let title = cell(draw(panel: ModalPanel.color(onTerminalBackground: nil)), at: "Welcome")
        expectEqual(title.style.foreground, Self.white)
    }

    /// Regression: centered-alert's "Dismiss" was black on #242425 (its translucent grey over black).
    @Test func blackOnATranslucentGreyIsBlendedOverThePanelAndKeptReadable() {
        let dark = ModalPanel.color(onTerminalBackground: nil)
        let onDark = cell(draw(panel: dark), at: "Dismiss").style
        let darkBackground = try! #require(onDark.background)
        expectEqual(darkBackground, ModalColor(red: 0x8E, green: 0x8E, blue: 0x93, alpha: 0x40).blended(over: dark))
        expectEqual(onDark.foreground, Self.white)
        expect(ColorContrast.ratio(onDark.foreground!, darkBackground) >= ModalPanel.minimumContrast)
        // On a light panel the author's black reads, and stays.
        let light = ModalPanel.color(onTerminalBackground: Self.white)
        let onLight = cell(draw(panel: light), at: "Dismiss").style
        expectEqual(onLight.foreground, Self.black)
    }

    @Test func everyCellOfThePanelHasColoursThatRead() {
        for panel in [ModalPanel.color(onTerminalBackground: nil), ModalPanel.color(onTerminalBackground: Self.white)] {
            let grid = draw(panel: panel)
            for y in 0..<grid.size.height {
                for x in 0..<grid.size.width {
                    let style = grid[x, y].style
                    let background = try! #require(style.background)
                    let foreground = try! #require(style.foreground)
                    expect(ColorContrast.ratio(foreground, background) >= ModalPanel.minimumContrast)
                }
            }
        }
    }

    /// `render` draws no panel: without one, unset colours stay the terminal's.
    @Test func withoutAPanelUnsetColoursStayUnset() {
        let grid = draw(panel: nil)
        expect(cell(grid, at: "body").style.background == nil)
        expect(cell(grid, at: "body").style.foreground == nil)
    }

    @Test func contrastRatiosFollowWCAG() {
        expect(abs(ColorContrast.ratio(Self.black, Self.white) - 21) < 0.01)
        expectEqual(ColorContrast.ratio(Self.white, Self.white), 1)
    }
}
