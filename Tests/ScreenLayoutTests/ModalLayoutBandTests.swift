import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing
import TextLayout

/// A layout drawn a few rows at a time draws what it draws whole.
@Suite struct ModalLayoutBandTests {
    static let modal = mixedParagraphsModal

    @Test(arguments: [1, 2, 3, 7])
    func drawingInBandsMatchesDrawingWhole(bandHeight: Int) {
        let layout = ModalLayout(modal: Self.modal, options: ModalViewOptions(width: 14))
        let whole = layout.draw(focusIndex: 0)
        var rows: [String] = []
        var cells: [Cell] = []
        for top in stride(from: 0, to: layout.size.height, by: bandHeight) {
            let band = layout.draw(rows: top..<top + bandHeight, focusIndex: 0)
            rows += band.lines
            cells += band.cells
        }
        #expect(rows == whole.lines)
        #expect(cells == whole.cells)
        #expect(layout.linkCount == 1)
        #expect(layout.focusables.first?.rects.isEmpty == false)
    }
}
