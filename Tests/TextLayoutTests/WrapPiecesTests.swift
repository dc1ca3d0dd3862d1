import ModalModel
import TestSupport
import Testing
import TextLayout

/// Wrapping a long message paragraph by paragraph must give exactly the lines of wrapping it whole.
@Suite struct WrapPiecesTests {
    /// Sizes that make a short text take a long text's paths: a text over `pieceUTF8Count` bytes is read in
    /// order in pieces of at least that, windows of about `windowUTF8Count`; read anywhere, it keeps a
    /// checkpoint a paragraph when none is longer than `pieceUTF8Count`, and its lines packed otherwise.
    static func sizes(pieceUTF8Count: Int, windowUTF8Count: Int = 64 * 1024) -> WrappedText.Sizes {
        WrappedText.Sizes(
            wholeUTF8Count: pieceUTF8Count, inOrderPieceUTF8Count: pieceUTF8Count, anywherePieceUTF8Count: 1,
            windowUTF8Count: windowUTF8Count)
    }

    /// Lines as a text read in order makes them, with pieces of at least `pieceUTF8Count` bytes.
    static func inPieces(_ text: StyledText, _ options: WrapOptions, pieceUTF8Count: Int) -> [LayoutLine] {
        var lines: [LayoutLine] = []
        _ = WrappedText(text, options: options, reading: .inOrder, sizes: sizes(pieceUTF8Count: pieceUTF8Count)) {
            lines.append($1)
        }
        return lines
    }

    @Test(.tags(.slow)) func randomMessagesWrapAlikeWholeAndInPieces() {
        var generator = SeededGenerator(seed: 0x5EED_C4A7)
        let directions = TextDirection.allCases
        var compared = 0
        let rounds = TestScale.rounds(3000, quick: 200)
        for _ in 0..<rounds {
            // Several random messages joined, so that there are many paragraphs of different lengths.
            let message = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                PropertyWrapTests.randomMessage(using: &generator)
            }.joined(separator: ["\n", "\r\n", "\u{2029}", "\r", "\n\n"].randomElement(using: &generator)!)
            var modal = Modal(message: message)
            modal.styles = PropertyWrapTests.randomStyles(over: message, using: &generator)
            modal.direction = directions.randomElement(using: &generator)!
            let text = StyledText(modal: modal)
            let options = WrapOptions(
                width: Int.random(in: 1...30, using: &generator),
                alignment: [nil, .left, .center, .right, .start, .end].randomElement(using: &generator)!,
                maxLines: Int.random(in: 0..<3, using: &generator) == 0
                    ? Int.random(in: -1...12, using: &generator) : nil,
                ambiguousIsWide: Bool.random(using: &generator), direction: ParagraphDirection(modal.direction))
            let whole = text.wrap(options: options)
            for pieceUTF8Count in [1, 3, 17] {
                let pieces = Self.inPieces(text, options, pieceUTF8Count: pieceUTF8Count)
                // Read anywhere, a few lines are made again from the checkpoint before them.
                let wrapped = WrappedText(text, options: options, sizes: Self.sizes(pieceUTF8Count: pieceUTF8Count))
                let first = Int.random(in: 0...max(0, whole.count - 1), using: &generator)
                let some = wrapped.lines(in: first..<first + 3)
                expect(
                    pieces == whole && some == Array(whole[first..<min(whole.count, first + 3)]),
                    "message \(message.unicodeScalars.map { String($0.value, radix: 16) }) options \(options) pieces of \(pieceUTF8Count)"
                )
                if pieces != whole { return }
                compared += 1
            }
        }
        expectEqual(compared, 3 * rounds)
    }

    /// Lines from the streaming wrap with paragraphs as pieces and windows of about `windowUTF8Count` bytes.
    static func windowed(_ text: StyledText, _ options: WrapOptions, windowUTF8Count: Int) -> [LayoutLine] {
        var lines: [LayoutLine] = []
        let sizes = sizes(pieceUTF8Count: 1, windowUTF8Count: windowUTF8Count)
        _ = WrappedText(text, options: options, reading: .inOrder, sizes: sizes) { lines.append($1) }
        return lines
    }

    /// Fragments with every kind of cluster, break rule and bidi class (isolates, matched and not, included),
    /// but no paragraph separator.
    static let windowFragments: [String] =
        PropertyWrapTests.fragments.filter { fragment in
            !fragment.unicodeScalars.contains { scalar in
                let value = scalar.value
                return value == 0x0A || value == 0x0D || value == 0x2029
            }
        } + [
            "(", "$", "(1)", "$(12)", "1", "%", "«", "»", "\"quoted\"", " ", " ", "  ", "x\u{200B}y", "\u{2028}",
            "\u{2067}שלום עולם\u{2069}", "\u{2066}abc \u{2068}مرحبا\u{2069} def\u{2069}", "\u{2069}",
        ]

    @Test(.tags(.slow)) func longParagraphsWrapAlikeWholeAndInWindows() {
        // Mixed scripts in either direction: the windows then carry bidi levels resolved beforehand.
        var generator = SeededGenerator(seed: 0x0057_1D0E)
        var compared = 0
        let rounds = TestScale.rounds(1500, quick: 100)
        for round in 0..<rounds {
            var message = ""
            for _ in 0..<Int.random(in: 10...120, using: &generator) {
                message += Self.windowFragments.randomElement(using: &generator)!
            }
            // Now and then a second paragraph, so that windows and pieces meet.
            if round % 5 == 0 { message += "\n" + message }
            var modal = Modal(message: message)
            modal.styles = PropertyWrapTests.randomStyles(over: message, using: &generator)
            let text = StyledText(modal: modal)
            let options = WrapOptions(
                width: Int.random(in: 1...24, using: &generator),
                alignment: [nil, .left, .center, .right].randomElement(using: &generator)!,
                maxLines: Int.random(in: 0..<3, using: &generator) == 0
                    ? Int.random(in: 1...30, using: &generator) : nil,
                ambiguousIsWide: Bool.random(using: &generator),
                direction: ParagraphDirection.allCases.randomElement(using: &generator)!)
            let whole = text.wrap(options: options)
            for windowUTF8Count in [4, 24, 97] {
                let windows = Self.windowed(text, options, windowUTF8Count: windowUTF8Count)
                expectEqual(
                    windows, whole,
                    "message \(message.debugDescription) options \(options) windows of \(windowUTF8Count)")
                if windows != whole { return }
                compared += 1
            }
        }
        expectEqual(compared, 3 * rounds)
    }

    @Test func linesAfterEmptyParagraphsAndATrailingBreakAreKept() {
        let text = StyledText(modal: Modal(message: "one\n\n\ntwo three\r\nfour\u{2029}\n"))
        let options = WrapOptions(width: 5)
        let pieces = Self.inPieces(text, options, pieceUTF8Count: 1)
        expectEqual(rendered(pieces), ["one", "", "", "two", "three", "four", "", ""])
        expectEqual(pieces, text.wrap(options: options))
    }

    @Test func aLineLimitReachedAtAParagraphEndStillShowsTheEllipsis() {
        let text = StyledText(modal: Modal(message: "alpha\nbeta\ngamma"))
        for maxLines in 1...4 {
            let options = WrapOptions(width: 10, maxLines: maxLines)
            let pieces = Self.inPieces(text, options, pieceUTF8Count: 1)
            expectEqual(pieces, text.wrap(options: options), "maxLines \(maxLines)")
        }
        expectEqual(
            rendered(Self.inPieces(text, WrapOptions(width: 10, maxLines: 2), pieceUTF8Count: 1)), ["alpha", "beta…"])
    }

    @Test func sourceOffsetsPointIntoTheWholeMessage() {
        let message = "first\nsecond 👍🏽 line\nthird"
        let pieces = Self.inPieces(
            StyledText(modal: Modal(message: message)), WrapOptions(width: 40), pieceUTF8Count: 1)
        for segment in pieces.flatMap(\.segments) {
            expectEqual(utf16Slice(message, segment.sourceUTF16Offset, segment.sourceUTF16Length), segment.text)
        }
        expectEqual(pieces.count, 3)
    }
}
