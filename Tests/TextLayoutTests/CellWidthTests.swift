import TestSupport
import Testing

@testable import TextLayout

/// Widths of single clusters; each argument is one Character.
@Suite struct CellWidthTests {
    @Test(arguments: ["a", "Z", "~", " ", "0"])
    func printableASCIIIsOneCell(_ cluster: Character) {
        expectEqual(CellWidth.of(cluster), 1)
    }

    @Test(arguments: ["\u{0}", "\t", "\n", "\r\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}"])
    func controlsAndNewlinesTakeNoCell(_ cluster: Character) {
        expectEqual(CellWidth.of(cluster), 0)
    }

    @Test(arguments: ["中", "語", "あ", "ア", "한", "Ａ", "。", "𠀋", "\u{3000}"])
    func eastAsianWideAndFullWidthAreTwoCells(_ cluster: Character) {
        expectEqual(CellWidth.of(cluster), 2)
    }

    @Test(arguments: ["ｱ", "ｶ", "ﾟ", "｡", "ﾡ"])
    func halfWidthFormsAreOneCell(_ cluster: Character) {
        expectEqual(CellWidth.of(cluster), 1)
    }

    @Test func combiningSequencesTakeTheirBaseWidth() {
        expectEqual(CellWidth.of("e\u{301}" as Character), 1)
        expectEqual(CellWidth.of("a\u{308}\u{323}" as Character), 1)
        expectEqual(CellWidth.of("中\u{301}" as Character), 2)
        expectEqual(CellWidth.of("\u{5E9}\u{5C1}\u{5B8}" as Character), 1)  // Hebrew shin with points
        expectEqual(CellWidth.of("\u{915}\u{93F}" as Character), 1)  // Devanagari ki: spacing mark joins
    }

    @Test func clustersMadeOnlyOfJoiningScalarsTakeNoCell() {
        expectEqual(CellWidth.of("\u{301}" as Character), 0)
        expectEqual(CellWidth.of("\u{200D}" as Character), 0)
        expectEqual(CellWidth.of("\u{FE0F}" as Character), 0)
        expectEqual(CellWidth.of("\u{200B}" as Character), 0)
        expectEqual(CellWidth.of("\u{AD}" as Character), 0)  // soft hyphen: default-ignorable
        expectEqual(CellWidth.of("\u{E0001}" as Character), 0)  // language tag
        expectEqual(CellWidth.of("\u{2060}" as Character), 0)
    }

    @Test func hangulJamoSequencesAreOneSyllableBlock() {
        expectEqual(CellWidth.of("\u{1100}\u{1161}" as Character), 2)  // L V
        expectEqual(CellWidth.of("\u{1100}\u{1161}\u{11A8}" as Character), 2)  // L V T
        expectEqual(CellWidth.of("\u{AC00}\u{11A8}" as Character), 2)  // LV T
        expectEqual(CellWidth.of("\u{115F}\u{1161}" as Character), 2)  // choseong filler + V
        expectEqual(CellWidth.of("\u{A960}\u{D7B0}" as Character), 2)  // extended jamo
        expectEqual(CellWidth.of("\u{1161}" as Character), 0)  // a vowel jamo alone joins nothing
        expectEqual(CellWidth.of("\u{FFA1}" as Character), 1)  // half-width jamo
    }

    @Test func emojiPresentationIsTwoCells() {
        expectEqual(CellWidth.of("😀" as Character), 2)
        expectEqual(CellWidth.of("⌚" as Character), 2)
        expectEqual(CellWidth.of("\u{1F1E6}" as Character), 2)  // a lone regional indicator
    }

    @Test func zeroWidthJoinerSequencesAreTwoCells() {
        expectEqual(CellWidth.of("👨‍👩‍👧‍👦" as Character), 2)
        expectEqual(CellWidth.of("👩🏽‍💻" as Character), 2)
        expectEqual(CellWidth.of("🏳️‍🌈" as Character), 2)
        expectEqual(CellWidth.of("\u{1F3F3}\u{200D}\u{1F308}" as Character), 2)  // without VS16
        expectEqual(CellWidth.of("\u{2764}\u{200D}\u{1F525}" as Character), 2)  // text-default base
    }

    @Test func flagsAreTwoCells() {
        expectEqual(CellWidth.of("🇯🇵" as Character), 2)
        expectEqual(CellWidth.of("🇺🇸" as Character), 2)
        expectEqual(CellWidth.of("🏴󠁧󠁢󠁳󠁣󠁴󠁿" as Character), 2)  // tag sequence (Scotland)
        expectEqual(CellWidth.of("🇯🇵🇺🇸"), 4)
    }

    @Test func skinToneModifierSequencesAreTwoCells() {
        expectEqual(CellWidth.of("👋🏻" as Character), 2)
        expectEqual(CellWidth.of("👋🏿" as Character), 2)
        expectEqual(CellWidth.of("\u{261D}\u{1F3FB}" as Character), 2)  // text-default base
        expectEqual(CellWidth.of("\u{1F3FB}" as Character), 2)  // a modifier alone is a swatch
        expectEqual(CellWidth.of("a\u{1F3FB}" as Character), 2)  // never wider than 2
    }

    @Test func keycapsWithVS16AreTwoCells() {
        expectEqual(CellWidth.of("1\u{FE0F}\u{20E3}" as Character), 2)
        expectEqual(CellWidth.of("#\u{FE0F}\u{20E3}" as Character), 2)
        expectEqual(CellWidth.of("*\u{FE0F}\u{20E3}" as Character), 2)
        expectEqual(CellWidth.of("1\u{20E3}" as Character), 1)  // unqualified keycap stays text
    }

    @Test func variationSelectorsPickThePresentation() {
        expectEqual(CellWidth.of("\u{2764}" as Character), 1)  // text by default
        expectEqual(CellWidth.of("\u{2764}\u{FE0F}" as Character), 2)  // VS16: emoji
        expectEqual(CellWidth.of("\u{2764}\u{FE0E}" as Character), 1)  // VS15: text
        expectEqual(CellWidth.of("\u{231A}\u{FE0E}" as Character), 2)  // East Asian wide stays wide
        expectEqual(CellWidth.of("\u{263A}\u{FE0F}" as Character), 2)
        expectEqual(CellWidth.of("A\u{FE0F}" as Character), 1)  // not an emoji variation sequence
    }

    @Test func ambiguousDependsOnTheSetting() {
        for cluster: Character in ["±", "α", "→", "①", "■", "\u{E000}"] {
            expectEqual(CellWidth.of(cluster), 1, "\(cluster)")
            expectEqual(CellWidth.of(cluster, ambiguousIsWide: true), 2, "\(cluster)")
        }
        expectEqual(CellWidth.of("a", ambiguousIsWide: true), 1)
        expectEqual(CellWidth.of("中", ambiguousIsWide: true), 2)
        // Zero-width beats ambiguous: U+0301 is East Asian ambiguous.
        expectEqual(CellWidth.of("\u{301}" as Character, ambiguousIsWide: true), 0)
        // An ambiguous emoji base with VS16 is still 2, not 3.
        expectEqual(CellWidth.of("\u{260E}\u{FE0F}" as Character, ambiguousIsWide: true), 2)
    }

    @Test func unassignedPictographsAreWideEmoji() {
        expectEqual(CellWidth.of(scalar: "\u{1FC00}"), 2)
        expectEqual(CellWidth.of(scalar: "\u{1F02C}"), 2)
        expectEqual(CellWidth.of(scalar: "\u{50000}"), 1)  // plain unassigned
        expectEqual(CellWidth.of(scalar: "\u{3FFFD}"), 2)  // reserved CJK plane
    }

    @Test func stringWidthSumsClusters() {
        expectEqual(CellWidth.of("abc"), 3)
        expectEqual(CellWidth.of("aコンピュータ"), 13)
        expectEqual(CellWidth.of("e\u{301}👨‍👩‍👧x"), 4)
        expectEqual(CellWidth.of(""), 0)
    }

    @Test func singleScalarPathAgreesWithTheClusterPath() {
        // The Character fast paths and the general path must agree on every scalar.
        var value: UInt32 = 0
        while value < 0x110000 {
            if let scalar = Unicode.Scalar(value), value != 0x0D {
                let viaCharacter = CellWidth.of(Character(scalar))
                let viaScalars = CellWidth.of(clusterScalars: [scalar])
                if viaCharacter != viaScalars || viaCharacter != CellWidth.of(scalar: scalar) {
                    Issue.record("U+\(String(value, radix: 16)): \(viaCharacter) vs \(viaScalars)")
                    return
                }
            }
            value += value < 0x30000 ? 1 : 7
        }
    }
}

/// `forEachCluster` must find exactly the string's `Character`s and give each the `Character` width.
@Suite struct CellWidthClusterIterationTests {
    private func check(_ text: String, sourceLine: Int = 0) {
        var expected: [(Range<Int>, Int)] = []
        var offset = 0
        for character in text {
            let length = character.utf8.count
            expected.append((offset..<offset + length, CellWidth.of(character, ambiguousIsWide: true)))
            offset += length
        }
        var actual: [(Range<Int>, Int)] = []
        CellWidth.forEachCluster(in: text, ambiguousIsWide: true) { actual.append(($0, $1)) }
        let same = actual.count == expected.count && zip(actual, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        expect(same, "line \(sourceLine): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func matchesCharactersOnMixedText() {
        check("")
        check("a")
        check("ab\r\ncd\n\r")
        check("e\u{301}x\u{308}\u{323}y 中文 ｶﾀｶﾅ 한국어 \u{1100}\u{1161}\u{11A8}")
        check("👨‍👩‍👧‍👦👋🏻🇯🇵🇺🇸🇫 1\u{FE0F}\u{20E3} ❤\u{FE0F} 🏴󠁧󠁢󠁳󠁣󠁴󠁿 a\u{1F3FB}")
        check("\u{915}\u{94D}\u{937}\u{93F} \u{600}\u{661}\u{662} \u{AD}\u{200B}\u{2060}x")
        check("x\r\u{301}\n\u{200D}a")
        // Marks after controls (which break before them), after a letter and before a joiner, an emoji, a
        // modifier, another mark, and at the end.
        check("\u{7F}\u{301}\u{85}\u{301}\u{AD}\u{301}\u{1}\u{FE0F}a\u{301}\u{FE0F}\u{200D}👋a\u{301}\u{1F3FB}b\u{301}")
        check("\u{2028}\u{301}Ω\u{301}\u{308}Ж\u{301}\u{0483}中\u{FE0F}\u{E0020}\u{E007F}x\u{301}")
    }

    /// ASCII runs are taken eight bytes at a time first: what stops a run (CR LF, a control, DEL, a byte of
    /// another script, a mark on the last letter) lands on every lane of the words before it and after it.
    @Test func asciiRunsStopWhereverTheirEndFallsInAWord() {
        for special in ["\r\n", "\r", "\u{1}", "\u{7F}", "\t", "\n", "e\u{301}", "é", "中", "👋🏽", "\u{200D}"] {
            for length in 0...20 {
                for place in 0...length {
                    check(
                        String(repeating: "a", count: place) + special + String(repeating: "b", count: length - place))
                }
            }
        }
    }

    @Test func matchesCharactersOnEveryLineBreakTestLine() throws {
        for testCase in try loadLineBreakTest() {
            check(String(String.UnicodeScalarView(testCase.scalars)), sourceLine: testCase.lineNumber)
        }
    }

    @Test func stringWidthUsesTheSameClusters() {
        let text = "Hello 世界 👨‍👩‍👧 e\u{301}\r\n"
        var characterSum = 0
        for character in text { characterSum += CellWidth.of(character) }
        expectEqual(CellWidth.of(text), characterSum)
        expectEqual(CellWidth.of(text[...]), characterSum)  // Substring goes through Characters
    }
}
