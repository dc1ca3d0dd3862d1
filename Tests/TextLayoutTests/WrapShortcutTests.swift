import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import TextLayout

/// The shortcuts of wrapping against the cluster-by-cluster walk they stand in for, on random text that is
/// mostly ASCII (where the shortcuts act) with every other kind of cluster mixed in.
@Suite struct WrapShortcutTests {
    /// Pieces of mostly-ASCII text: words, spaces in runs, the punctuation that moves UAX #14 opportunities
    /// (hyphens, slashes, brackets, quotes, prefixes and postfixes around numbers), long words, the clusters
    /// that end a stretch of printable ASCII (marks on a letter, tabs, line breaks, controls, other scripts), and
    /// runs of CJK with their punctuation.
    static let pieces: [String] = [
        "a", "an", "the", "word", "words", "wrapping", "supercalifragilisticexpialidocious", " ", " ", " ", "  ",
        "   ", "-", "/", "(", ")", "[", "]", "{", "}", "\"", "'", "!", "?", ",", ".", ":", ";", "$", "%", "+", "#",
        "12", "3.5", "1,000", "$(12)", "e-mail", "x/y", "https://example.com/a/b?c=d&e=f", "(a)", "don't",
        "\t", "\n", "\r\n", "\u{7F}", "\u{1B}", "e\u{301}", "a\u{200D}", "\u{200B}", "\u{A0}", "\u{3000}", "漢字",
        "日本語", "👍🏽", "🇯🇵", "שלום", "مرحبا", "\u{2067}", "\u{2069}", "٣", "\u{2028}",
        // Stretches of two-cell clusters, their punctuation, and what ends them: a mark, an ambiguous width.
        "中文文本测试", "战们先表人道作", "これは", "テスト", "한국어", "、", "。", "「", "」", "（", "）", "，", "ＡＢＣ",
        "漢\u{301}", "…", "±", "\u{2029}",
    ]

    static func randomText(using generator: inout SeededGenerator) -> String {
        var text = ""
        // Mostly ASCII, as the corpus is: one piece in eight from the rest of the pool.
        let asciiPieces = pieces.firstIndex(of: "\t")!
        for _ in 0..<Int.random(in: 0...60, using: &generator) {
            let upper = Int.random(in: 0..<8, using: &generator) == 0 ? pieces.count : asciiPieces
            text += pieces[Int.random(in: 0..<upper, using: &generator)]
        }
        return text
    }

    /// The lines of wrapping `styled` whole, and how each was decided.
    static func decidedLines(
        _ styled: StyledText, _ options: WrapOptions, startsAfterSoftBreak: Bool, takesStretches: Bool
    ) -> [(line: LayoutLine, decision: LineDecision)] {
        let source = WrapSource(styled.text)
        var layout = WrapLayout(
            styled, source: source, breaks: LineBreaker.breakActions(source.scalars),
            bidi: WrapBidi(source: source, direction: options.direction), options: options,
            startsAfterSoftBreak: startsAfterSoftBreak)
        layout.takesStretches = takesStretches
        var lines: [(line: LayoutLine, decision: LineDecision)] = []
        layout.decidedLineSink = { lines.append(($0, $1)) }
        _ = layout.layout()
        return lines
    }

    /// Lines laid out a stretch of like clusters at a time (printable ASCII, two-cell CJK) are the walk's lines,
    /// decided the same way.
    @Test func stretchesWrapAsTheWalkDoes() {
        var generator = SeededGenerator(seed: 0xA5C1_1E5)
        var failures: [String] = []
        for iteration in 0..<TestScale.rounds(20_000, quick: 1_000) where failures.isEmpty {
            let text = Self.randomText(using: &generator)
            if text.isEmpty { continue }
            let styles = PropertyWrapTests.randomStyles(over: text, using: &generator)
            let styled = StyledText(modal: Modal(message: text, styles: styles))
            let options = WrapOptions(
                width: Int.random(in: 0..<4, using: &generator) == 0
                    ? Int.random(in: 1...4, using: &generator) : Int.random(in: 5...40, using: &generator),
                alignment: [nil, .left, .center, .right].randomElement(using: &generator)!,
                maxLines: Int.random(in: 0..<4, using: &generator) == 0
                    ? Int.random(in: 1...6, using: &generator) : nil,
                ambiguousIsWide: Bool.random(using: &generator),
                direction: [.auto, .leftToRight, .leftToRight, .rightToLeft].randomElement(using: &generator)!)
            let afterSoftBreak = Int.random(in: 0..<4, using: &generator) == 0
            let fast = Self.decidedLines(
                styled, options, startsAfterSoftBreak: afterSoftBreak, takesStretches: true)
            // The walk with none of its own shortcuts: each letter and each space placed by the general rule.
            let walked = FastPaths.withOff([.wrapASCIIWord, .wrapOneSpace]) {
                Self.decidedLines(styled, options, startsAfterSoftBreak: afterSoftBreak, takesStretches: false)
            }
            let same =
                fast.count == walked.count
                && zip(fast, walked).allSatisfy { pair in
                    pair.0.line == pair.1.line && pair.0.decision.decidedAtUTF16 == pair.1.decision.decidedAtUTF16
                        && pair.0.decision.resumeUTF16 == pair.1.decision.resumeUTF16
                        && pair.0.decision.resumeAfterSoftBreak == pair.1.decision.resumeAfterSoftBreak
                }
            if !same {
                failures.append(
                    "iteration \(iteration), text \(text.debugDescription), options \(options), after a soft break "
                        + "\(afterSoftBreak): \(describedLines(fast.map(\.line))) against "
                        + "\(describedLines(walked.map(\.line)))")
            }
        }
        expect(failures.isEmpty, "\(failures.first ?? "")")
    }

    /// A text wrapped a few paragraphs at a time has the lines of the text wrapped as one part, however short
    /// the parts: paragraphs of every script and direction, separated every way (U+2028 separates none), with
    /// styles across them, isolates within them, line limits and every base direction.
    @Test func partsOfParagraphsWrapAsOnePart() {
        let separators = ["\n", "\n", "\r\n", "\r", "\u{2029}", "\u{2028}", "\n\n"]
        var generator = SeededGenerator(seed: 0x9A27_5)
        var failures: [String] = []
        for iteration in 0..<TestScale.rounds(6_000, quick: 375) where failures.isEmpty {
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                text += Self.randomText(using: &generator)
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    text += PropertyWrapTests.randomMessage(using: &generator)
                }
                text += separators.randomElement(using: &generator)!
            }
            if Bool.random(using: &generator) { text.removeLast() }
            let styled = StyledText(
                modal: Modal(message: text, styles: PropertyWrapTests.randomStyles(over: text, using: &generator)))
            let options = WrapOptions(
                width: Int.random(in: 1...40, using: &generator),
                alignment: [nil, .left, .center, .right, .end].randomElement(using: &generator)!,
                maxLines: Int.random(in: 0..<4, using: &generator) == 0
                    ? Int.random(in: 0...12, using: &generator) : nil,
                ambiguousIsWide: Int.random(in: 0..<4, using: &generator) == 0,
                direction: ParagraphDirection.allCases.randomElement(using: &generator)!)
            let whole = styled.wrap(options: options, partUTF8Count: .max)
            let partSize = Int.random(in: 1...64, using: &generator)
            let inParts = styled.wrap(options: options, partUTF8Count: partSize)
            if inParts != whole {
                failures.append(
                    "iteration \(iteration), text \(text.debugDescription), options \(options), parts of \(partSize): "
                        + "\(describedLines(inParts)) against \(describedLines(whole))")
            }
        }
        expect(failures.isEmpty, "\(failures.first ?? "")")
    }

    /// A segment that wrapping says holds no control holds none that `ControlCharacters` would replace, on
    /// text full of controls, isolates (matched and not), tabs and line breaks; and its shared bytes are its text.
    @Test func segmentsSaidCleanAreClean() {
        let controls = [
            "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2067}",
            "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{61C}", "\t", "\n", "\r", "\u{2028}", "\u{2029}",
        ]
        var generator = SeededGenerator(seed: 0xC1EA_4)
        var checked = 0
        for _ in 0..<TestScale.rounds(4_000, quick: 250) {
            var text = Self.randomText(using: &generator)
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let at = text.unicodeScalars.index(
                    text.unicodeScalars.startIndex,
                    offsetBy: Int.random(in: 0...text.unicodeScalars.count, using: &generator))
                text.unicodeScalars.insert(
                    contentsOf: controls.randomElement(using: &generator)!.unicodeScalars, at: at)
            }
            let styled = StyledText(modal: Modal(message: text))
            for line in styled.wrap(options: WrapOptions(width: Int.random(in: 1...30, using: &generator))) {
                for segment in line.segments {
                    expectEqual(Array(segment.text.utf8), Array(segment.utf8))
                    if !segment.mayHoldControls {
                        checked += 1
                        expect(
                            !ControlCharacters.mayNeedReplacing(segment.text), "\(text.debugDescription)")
                    }
                }
            }
        }
        expect(checked > 0)
    }
}
