import ModalModel
import TestSupport
import Testing
import TextLayout

/// `LineCountBound` may never be below the lines a text wraps to, or a render would skip a limit it exceeds;
/// and it must stay close enough to be of use.
@Suite struct LineCountBoundTests {
    /// Pieces that make wrapping hard: words longer than the line, runs of spaces that vanish at a break, wide
    /// and zero-width clusters, breaks of every kind, controls shown as pictures, spaces of two cells.
    static let pieces: [String] = [
        "a", "word", "antidisestablishmentarianism", " ", "   ", String(repeating: " ", count: 45), "日本語", "漢",
        "한국어", "👩‍👩‍👧", "🇯🇵", "e\u{301}", "\u{3000}", "\u{00A0}", "±", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}",
        "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}", "—", "-", "/", "(", ")", "!", "العربية", "עברית", "\u{200B}",
        String(repeating: "x", count: 120), String(repeating: "日", count: 50), "ab日", "日ab",
    ]

    static func randomText(using generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...160, using: &generator) {
            text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        return text
    }

    @Test func noRandomTextWrapsToMoreLinesThanTheBound() throws {
        var generator = SeededGenerator(seed: 0xB0_0D)
        let rounds = TestScale.rounds(40_000, quick: 1_000)
        var tightest = 0.0
        for _ in 0..<rounds {
            let text = Self.randomText(using: &generator)
            let width = Int.random(in: 3...90, using: &generator)
            let maxLines =
                Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: 0...20, using: &generator) : nil
            let ambiguousIsWide = Bool.random(using: &generator)
            let options = WrapOptions(width: width, maxLines: maxLines, ambiguousIsWide: ambiguousIsWide)
            let bound = try #require(LineCountBound.lines(of: text, options: options))
            let lines = StyledText(modal: Modal(message: text)).wrap(options: options).count
            expect(lines <= bound, "\(lines) lines, bound \(bound), width \(width): \(text.debugDescription)")
            if bound > 0 { tightest = max(tightest, Double(lines) / Double(bound)) }
        }
        // Some text comes near it, so the test would see a bound a little too small.
        expect(tightest > 0.75)
    }

    @Test func aWordJustOverHalfTheLineFillsALineOfItsOwn() throws {
        // The case the factor of two is for: each word wraps alone, so lines come close to 2 × cells / width.
        for width in [3, 4, 10, 37, 80] {
            let word = String(repeating: "w", count: width / 2 + 1)
            let text = Array(repeating: word, count: 300).joined(separator: " ")
            let options = WrapOptions(width: width)
            let lines = StyledText(modal: Modal(message: text)).wrap(options: options).count
            let bound = try #require(LineCountBound.lines(of: text, options: options))
            expect(lines <= bound, "width \(width)")
            // At a small width the space after each word weighs much more than the line's last cell.
            if width >= 30 { expect(Double(lines) > 0.85 * Double(bound), "width \(width): \(lines) of \(bound)") }
        }
    }

    @Test func proseGetsABoundOfAboutTwiceItsLines() throws {
        let text = Array(repeating: "The quick brown fox jumps over the lazy dog.", count: 2_000).joined(separator: " ")
        let options = WrapOptions(width: 76)
        let lines = StyledText(modal: Modal(message: text)).wrap(options: options).count
        let bound = try #require(LineCountBound.lines(of: text, options: options))
        expect(lines <= bound)
        expect(bound < 3 * lines)
    }

    @Test func everyKindOfMandatoryBreakCountsAParagraph() {
        let options = WrapOptions(width: 80)
        expectEqual(LineCountBound.lines(of: "", options: options), 0)
        // Four breaks, five paragraphs, and one line more for its 13 bytes at this width.
        let text = "a\nb\rc\u{2028}d\u{2029}e"
        expectEqual(StyledText(modal: Modal(message: text)).wrap(options: options).count, 5)
        expectEqual(LineCountBound.lines(of: text, options: options), 5 + 1)
        expectEqual(LineCountBound.lines(of: text, options: WrapOptions(width: 80, maxLines: 3)), 3)
    }

    @Test func aTabOrATinyWidthHasNoBound() {
        expect(LineCountBound.lines(of: "a\tb", options: WrapOptions(width: 80)) == nil)
        expect(
            LineCountBound.lines(of: String(repeating: "x", count: 100) + "\t", options: WrapOptions(width: 80)) == nil)
        expect(LineCountBound.lines(of: "ab", options: WrapOptions(width: 2)) == nil)
    }
}
