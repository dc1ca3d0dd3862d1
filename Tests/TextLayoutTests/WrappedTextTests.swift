import ModalModel
import TestSupport
import Testing

@testable import TextLayout

/// Whatever `WrappedText` keeps, it gives back exactly the lines of wrapping whole.
@Suite struct WrappedTextTests {
    static let modal = mixedParagraphsModal

    /// Sizes small enough for the message above to be long: whole up to `wholeUTF8Count` bytes, checkpoints
    /// a paragraph when read anywhere.
    static func sizes(wholeUTF8Count: Int) -> WrappedText.Sizes {
        WrappedText.Sizes(
            wholeUTF8Count: wholeUTF8Count, inOrderPieceUTF8Count: 1, anywherePieceUTF8Count: 1, windowUTF8Count: 8)
    }

    /// Every strategy: whole, packed (a paragraph longer than 30 bytes), checkpoints (read anywhere, no
    /// paragraph over 110 bytes), and read in order.
    static let strategies: [(name: String, reading: WrappedText.Reading, sizes: WrappedText.Sizes)] = [
        ("whole", .anywhere, WrappedText.Sizes()),
        ("packed", .anywhere, sizes(wholeUTF8Count: 30)),
        ("checkpoints", .anywhere, sizes(wholeUTF8Count: 110)),
        ("in order", .inOrder, sizes(wholeUTF8Count: 30)),
    ]

    @Test(arguments: [6, 11, 30])
    func everyStrategyGivesTheLinesOfWrappingWhole(bodyWidth: Int) {
        let text = StyledText(modal: Self.modal)
        let options = WrapOptions(modal: Self.modal, width: bodyWidth)
        let lines = text.wrap(options: options)
        expect(lines.count > 4)
        expect(lines.contains { $0.segments.isEmpty })
        for (name, reading, sizes) in Self.strategies {
            var made: [LayoutLine] = []
            var indices: [Int] = []
            let wrapped = WrappedText(text, options: options, reading: reading, sizes: sizes) { index, line in
                indices.append(index)
                made.append(line)
            }
            expectEqual(made, lines, "\(name): lines as made")
            expectEqual(indices, Array(lines.indices), "\(name)")
            expectEqual(wrapped.lineCount, lines.count, "\(name)")
            expectEqual(wrapped.firstLineDirection, lines.first?.direction, "\(name)")
            expectEqual(wrapped.lines(in: 0..<wrapped.lineCount), lines, "\(name): all lines")
            var visited: [LayoutLine] = []
            wrapped.forEachLine { index, line in
                expectEqual(index, visited.count)
                visited.append(line)
            }
            expectEqual(visited, lines, "\(name): every line")
            for first in 0..<lines.count {
                expectEqual(
                    wrapped.lines(in: first..<first + 2), Array(lines[first..<min(lines.count, first + 2)]),
                    "\(name): lines from \(first)")
            }
            expectEqual(wrapped.lines(in: -3..<1), Array(lines.prefix(1)), "\(name): clamped")
            expect(wrapped.lines(in: lines.count..<lines.count + 4).isEmpty, "\(name): past the end")
        }
    }

    /// Without `lineMade`, a long text read in order only counts its lines on the first pass; the count, the
    /// first line's direction and the lines read later are those of wrapping whole, whatever the direction,
    /// the line limit or the pieces (windowed ones included).
    @Test(arguments: [4, 11, 30])
    func countingTheLinesGivesWhatMakingThemGives(bodyWidth: Int) {
        let mixed = Self.modal.message
        let hebrew = "שלום עולם, זוהי הודעה ארוכה (עם סוגריים) ו-123 מספרים.\nשורה שנייה עם English בתוכה.\n\nסוף"
        let modals = [
            Self.modal,
            Modal(message: hebrew, direction: .auto),
            Modal(message: hebrew + "\n" + mixed, direction: .leftToRight),
            Modal(message: mixed + "\n" + hebrew, textAlignment: .center, direction: .rightToLeft),
            Modal(message: mixed + "\n" + hebrew, maxLines: 5),
            Modal(message: mixed, maxLines: 1),
            Modal(message: "\n\n\n"),
            Modal(message: String(repeating: "word ", count: 80) + "\n" + hebrew),
        ]
        let sizes = [
            Self.sizes(wholeUTF8Count: 30),
            WrappedText.Sizes(
                wholeUTF8Count: 8, inOrderPieceUTF8Count: 16, anywherePieceUTF8Count: 1, windowUTF8Count: 8),
            // Pieces counted on all cores, windowed ones among them.
            WrappedText.Sizes(
                wholeUTF8Count: 8, inOrderPieceUTF8Count: 16, anywherePieceUTF8Count: 1, windowUTF8Count: 8,
                parallelCountUTF8Count: 1),
            WrappedText.Sizes(
                wholeUTF8Count: 30, inOrderPieceUTF8Count: 1, anywherePieceUTF8Count: 1, windowUTF8Count: 64,
                parallelCountUTF8Count: 1),
        ]
        for modal in modals {
            let text = StyledText(modal: modal)
            let options = WrapOptions(modal: modal, width: bodyWidth)
            let lines = text.wrap(options: options)
            for size in sizes {
                let counted = WrappedText(text, options: options, reading: .inOrder, sizes: size)
                let made = WrappedText(text, options: options, reading: .inOrder, sizes: size) { _, _ in }
                let label = "\(modal.message.prefix(12)) \(modal.direction) \(modal.maxLines.map(String.init) ?? "-")"
                expectEqual(counted.lineCount, lines.count, "\(label)")
                expectEqual(counted.lineCount, made.lineCount, "\(label)")
                expectEqual(counted.firstLineDirection, lines.first?.direction, "\(label)")
                expectEqual(counted.checkpoints, made.checkpoints, "\(label)")
                var visited: [LayoutLine] = []
                counted.forEachLine { _, line in visited.append(line) }
                expectEqual(visited, lines, "\(label)")
            }
        }
    }

    /// What a long text keeps follows how it is read: a checkpoint a piece when a piece is cheap to wrap
    /// again, else its lines.
    @Test func whatIsKeptFollowsHowTheTextIsRead() {
        let text = StyledText(modal: Self.modal)
        let options = WrapOptions(modal: Self.modal, width: 11)
        expect(WrappedText(text, options: options).checkpoints.isEmpty)
        expect(WrappedText(text, options: options, sizes: Self.sizes(wholeUTF8Count: 30)).checkpoints.isEmpty)
        let checkpoints = WrappedText(text, options: options, sizes: Self.sizes(wholeUTF8Count: 110)).checkpoints
        // A piece of at least a byte runs to the first separator after its first byte: "Heading\n",
        // "\n" and the long paragraph, "\n\n", "End".
        expectEqual(checkpoints.map(\.utf8Offset), [0, 8, 110, 112])
        expectEqual(checkpoints.map(\.lineIndex), checkpoints.map(\.lineIndex).sorted())
        expectEqual(Set(checkpoints.map(\.lineIndex)).count, 4)
        expectEqual(checkpoints.first, WrappedText.Checkpoint())
        let inOrder = WrappedText(text, options: options, reading: .inOrder, sizes: Self.sizes(wholeUTF8Count: 30))
        expectEqual(inOrder.checkpoints.map(\.utf8Offset), [0, 8, 110, 112])
    }

    /// A message past the default size with one long paragraph keeps its lines packed, losslessly.
    @Test func aLongParagraphIsPackedLosslessly() {
        var message = ""
        while message.utf8.count <= WrappedText.Sizes().wholeUTF8Count {
            message += "Words to wrap, 日本語, emoji 👩‍👩‍👧 and עברית (Kash Pay 3.2) mixed. "
        }
        let modal = Modal(
            message: message,
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 6, utf16Length: 7), fontStyle: .bold)])
        let text = StyledText(modal: modal)
        let options = WrapOptions(modal: modal, width: 17)
        let lines = text.wrap(options: options)
        let wrapped = WrappedText(text, options: options)
        expect(wrapped.checkpoints.isEmpty)
        expectEqual(wrapped.lineCount, lines.count)
        expectEqual(wrapped.lines(in: 0..<lines.count), lines)
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
        var builder = PackedLines.Builder()
        for line in lines { builder.append(line) }
        expectEqual(builder.lines.count, 3)
        expectEqual((0..<3).map { builder.lines[$0] }, lines)
    }

    @Test func noLinesForAnEmptyMessage() {
        let text = StyledText(modal: Modal(message: ""))
        for (name, reading, sizes) in Self.strategies {
            let wrapped = WrappedText(text, options: WrapOptions(width: 10), reading: reading, sizes: sizes)
            expectEqual(wrapped.lineCount, 0, "\(name)")
            expect(wrapped.lines(in: 0..<5).isEmpty, "\(name)")
        }
        expectEqual(WrappedText(lines: []).lineCount, 0)
    }

    /// A layout nobody waits for any more stops where it is asked next: between pieces, and between the
    /// windows of one long paragraph, so cancelling it costs at most a window of work.
    @Test(arguments: [("pieces", "\n"), ("windows of one paragraph", " ")])
    func aCancelledWrapStopsAtTheNextPieceOrWindow(name: String, separator: String) {
        let message = (0..<400).map { "Paragraph \($0) has some words" }.joined(separator: separator)
        let text = StyledText(modal: Modal(message: message))
        let options = WrapOptions(width: 12)
        let sizes = WrappedText.Sizes(
            wholeUTF8Count: 100, inOrderPieceUTF8Count: 200, anywherePieceUTF8Count: 200, windowUTF8Count: 200)
        let total = text.wrap(options: options).count
        var asked = 0
        var made = 0
        _ = WrappedText(
            text, options: options, reading: .anywhere, sizes: sizes, lineMade: { _, _ in made += 1 },
            shouldContinue: {
                asked += 1
                return asked < 3
            })
        expectEqual(asked, 3, "\(name): asked \(asked) times")
        expect(made > 0 && made < total / 10, "\(name): \(made) of \(total) lines made before it stopped")
    }
}
