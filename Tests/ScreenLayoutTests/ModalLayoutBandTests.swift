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
        expectEqual(rows, whole.lines)
        expectEqual(cells, whole.cells)
        expectEqual(layout.linkCount, 1)
        expectEqual(layout.focusables.first?.rects.isEmpty, false)
    }
}

/// A modal laid out while it is drawn (`drawingBands`, one wrapping pass) gives the bands and the layout that
/// laying it out first and drawing it after give, on every path a message takes: short, long in pieces, and
/// long with its lines made on a second thread.
@Suite struct ModalDrawnWhileLaidOutTests {
    /// A message with a link, wide and combining characters, right-to-left words and no tab, `count` times.
    static func message(repeating count: Int) -> Modal {
        let piece =
            "Plain words, café, naïve. 日本語のテキスト、한국어 문장. עברית, العربية. 👩‍👩‍👧 🇯🇵 e\u{301} "
            + "and some more words to wrap here.\n"
        let message = String(repeating: piece, count: count)
        let length = message.utf16.count
        return Modal(
            message: message,
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 11), fontStyle: .bold, fontSize: 24),
                ModalStyle(
                    range: UTF16Range(utf16Offset: length / 2, utf16Length: 300), link: .openURL("https://a.example")),
                ModalStyle(
                    range: UTF16Range(utf16Offset: length / 3, utf16Length: 500),
                    backgroundColor: ModalColor(red: 0, green: 0, blue: 0x80)),
            ],
            buttons: [ModalButton(label: "Go", action: .close), ModalButton(label: "Later", action: .close)])
    }

    /// Small sizes, so that a message of a few kilobytes goes in pieces and its lines are made on a second thread.
    static let smallSizes = WrappedText.Sizes(
        wholeUTF8Count: 2_000, inOrderPieceUTF8Count: 1_500, anywherePieceUTF8Count: 500, windowUTF8Count: 700,
        parallelCountUTF8Count: 4_000)

    /// Repeats and sizes: wrapped whole; in pieces; in pieces on a second thread (small sizes, 7.6 KB); in
    /// pieces on this thread (small sizes, 2.9 KB).
    @Test(arguments: [(1, false), (400, false), (40, true), (15, true)])
    func bandsAndLayoutAreThoseOfLayingOutFirst(repeats: Int, smallSizes: Bool) {
        for (direction, maxLines) in [(TextDirection.auto, nil), (.rightToLeft, nil), (.auto, 37)] {
            var modal = Self.message(repeating: repeats)
            modal.direction = direction
            modal.maxLines = maxLines
            let options = ModalViewOptions(width: 30, pageLabel: "2/3")
            let sizes = smallSizes ? Self.smallSizes : WrappedText.Sizes()
            let before = ModalLayout(modal: modal, options: options, reading: .inOrder)
            var expected: [(CellGrid, Int)] = []
            before.forEachBand(rowCount: 13) { expected.append(($0, $1)) }
            var bands: [(CellGrid, Int)] = []
            let layout = ModalLayout.drawingBands(of: modal, options: options, rowCount: 13, sizes: sizes) {
                bands.append(($0, $1))
            }
            let label = "\(repeats) pieces, \(direction), max lines \(maxLines.map(String.init) ?? "none")"
            expectEqual(bands.map(\.1), expected.map(\.1), "\(label)")
            expectEqual(bands.map(\.0.cells), expected.map(\.0.cells), "\(label)")
            expectEqual(layout.size, before.size, "\(label)")
            expectEqual(layout.direction, before.direction, "\(label)")
            expectEqual(layout.focusables, before.focusables, "\(label)")
            expectEqual(layout.linkCount, before.linkCount, "\(label)")
            expectEqual(layout.bodyLines(in: 0..<5), before.bodyLines(in: 0..<5), "\(label)")
        }
    }
}
