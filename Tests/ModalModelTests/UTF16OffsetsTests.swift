import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalModel

@Suite struct UTF16OffsetsTests {
    /// The word-wise count against the standard library's UTF-16 view, over every script's byte lengths at
    /// every alignment.
    @Test func countMatchesTheUTF16View() {
        let pieces = ["a", "abcdefghi", "é", "Ж", "ا", "漢", "、", "—", "\u{200D}", "😀", "🇯🇵", "\n", "\u{10FFFF}"]
        var generator = SeededGenerator(seed: 16)
        for _ in 0..<TestScale.rounds(30_000, quick: 3_000) {
            var text = (0..<Int.random(in: 0...24, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            let counted = text.withUTF8 { UTF16Offsets.count(inUTF8: $0) }
            expectEqual(counted, text.utf16.count, "\(text.debugDescription)")
        }
    }

    /// The batch look-up, with its shortcut for scalars that always stand alone, must agree with the
    /// standard library's grapheme rules at every offset of texts that mix those scalars with their
    /// tricky neighbours: voicing marks, skin tones, ZWJ, VS16, regional indicators, Hangul jamo, CR LF.
    @Test func batchPositionsAgreeWithTheOneByOneRules() {
        let pieces = [
            "a", " ", "\r", "\n", "é", "e\u{301}", "漢", "字", "、", "。", "か", "\u{3099}", "カ", "ー", "Ａ", "…", "—",
            "😀", "👍", "\u{1F3FD}", "\u{200D}", "\u{FE0F}", "❤", "🇯", "🇵", "한", "\u{1100}", "\u{1161}", "\u{11A8}",
            "Ж", "λ", "\u{0483}", "→", "⌚", "〰", "\u{302A}",
        ]
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<TestScale.rounds(4_000, quick: 400) {
            let text = (0..<Int.random(in: 0..<14, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            let count = text.utf16.count
            let offsets = Array(-1...(count + 1))
            let batch = UTF16Offsets.positions(of: offsets, in: text)
            for (offset, position) in zip(offsets, batch) {
                expectEqual(
                    position, UTF16Offsets.position(of: offset, in: text),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(offset)")
            }
        }
    }

    @Test func countMatchesTheStandardLibrary() {
        for text in [
            "", "ascii only, longer than eight bytes", "漢字かな", "😀👍🏽 mixed é text 🇯🇵", String(repeating: "x😀", count: 40),
        ] {
            expectEqual(UTF16Offsets.count(in: text), text.utf16.count)
        }
    }
}
