import ModalModel
import Screen
import Testing
import TextLayout

/// The compact line store gives back exactly the lines wrap made, and a layout drawn a few rows at a
/// time draws what it draws whole.
@Suite struct BodyLinesTests {
    static let modal = Modal(
        message: "Heading\n\n日本語のテキストと emoji 👩‍👩‍👧 café\tand a link here, then more words to wrap.\n\n\nEnd",
        styles: [
            ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 7), fontStyle: .bold, fontSize: 24),
            ModalStyle(range: UTF16Range(utf16Offset: 40, utf16Length: 9), link: .openURL("https://example.com")),
            ModalStyle(
                range: UTF16Range(utf16Offset: 60, utf16Length: 20), color: ModalColor(red: 200, green: 0, blue: 0)),
        ],
        buttons: [ModalButton(label: "OK", action: .close)])

    @Test(arguments: [6, 11, 30])
    func givesBackTheLinesWrapMade(bodyWidth: Int) {
        let text = StyledText(modal: Self.modal)
        let options = WrapOptions(modal: Self.modal, width: bodyWidth)
        let lines = text.wrap(options: options)
        #expect(lines.count > 4)
        #expect(lines.contains { $0.segments.isEmpty })
        #expect(Array(BodyLines(wrapping: text, options: options)) == lines)
        #expect(Array(BodyLines(lines)) == lines)
        #expect(Array(BodyLines(packing: lines)) == lines)
        #expect(BodyLines(lines) == BodyLines(wrapping: text, options: options))
        #expect(BodyLines(packing: lines) == BodyLines(lines))
        var places: [Int] = []
        BodyLines(packing: lines).forEachSegmentPlace { line, _, column, _, width in places += [line, column, width] }
        var unpackedPlaces: [Int] = []
        BodyLines(lines).forEachSegmentPlace { line, _, column, _, width in unpackedPlaces += [line, column, width] }
        #expect(places == unpackedPlaces)
    }

    /// A message past the threshold is stored packed, and still gives back exactly the lines wrap made.
    @Test func longMessagesArePackedLosslessly() {
        var message = ""
        while message.utf8.count <= BodyLines.packingThresholdUTF8Count {
            message += "Words to wrap, 日本語, emoji 👩‍👩‍👧 and עברית (Kash Pay 3.2) mixed.\n"
        }
        let modal = Modal(
            message: message,
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 6, utf16Length: 7), fontStyle: .bold)])
        let text = StyledText(modal: modal)
        let options = WrapOptions(modal: modal, width: 17)
        let lines = text.wrap(options: options)
        let stored = BodyLines(wrapping: text, options: options)
        #expect(stored.count == lines.count)
        #expect(Array(stored) == lines)
        #expect(stored == BodyLines(lines))
    }

    @Test func linesPastThePackedRangeComeBackWhole() {
        let far = Int(Int32.max) + 10
        let style = TextStyle(.bold)
        let lines = [
            LayoutLine(segments: [
                LineSegment(
                    text: "a", style: style, column: 0, cellWidth: 1, sourceUTF16Offset: 0, sourceUTF16Length: 1)
            ]),
            LayoutLine(segments: [
                LineSegment(
                    text: "far", style: style, column: far, cellWidth: 3, sourceUTF16Offset: far, sourceUTF16Length: 3)
            ]),
            LayoutLine(segments: []),
        ]
        let stored = BodyLines(packing: lines)
        #expect(Array(stored) == lines)
        var columns: [Int] = []
        stored.forEachSegmentPlace { _, _, column, _, _ in columns.append(column) }
        #expect(columns == [0, far])
    }

    @Test func noLinesForAnEmptyMessage() {
        let text = StyledText(modal: Modal(message: ""))
        #expect(BodyLines(wrapping: text, options: WrapOptions(width: 10)).isEmpty)
        #expect(BodyLines().isEmpty)
    }

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
