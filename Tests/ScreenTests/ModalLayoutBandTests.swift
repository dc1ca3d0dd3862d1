import ModalModel
import Screen
import Testing
import TextLayout

/// A layout drawn a few rows at a time draws what it draws whole.
@Suite struct ModalLayoutBandTests {
    static let modal = Modal(
        message: "Heading\n\n日本語のテキストと emoji 👩‍👩‍👧 café\tand a link here, then more words to wrap.\n\n\nEnd",
        styles: [
            ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 7), fontStyle: .bold, fontSize: 24),
            ModalStyle(range: UTF16Range(utf16Offset: 40, utf16Length: 9), link: .openURL("https://example.com")),
            ModalStyle(
                range: UTF16Range(utf16Offset: 60, utf16Length: 20), color: ModalColor(red: 200, green: 0, blue: 0)),
        ],
        buttons: [ModalButton(label: "OK", action: .close)])

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
