import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import TextLayout

@Suite struct WrapTests {
    @Test func widthBelowOneIsTreatedAsOne() {
        let atOne = wrapPlain("ab c", width: 1)
        expectEqual(rendered(atOne), ["a", "b", "c"])
        expectEqual(wrapPlain("ab c", width: 0), atOne)
        expectEqual(wrapPlain("ab c", width: -7), atOne)
    }

    @Test func whitespaceAtASoftBreakIsDroppedOnBothSides() {
        let lines = wrapPlain("aaa    bbb", width: 5)
        expectEqual(rendered(lines), ["aaa", "bbb"])
        expectEqual(lines.map { $0.segments.map(\.sourceUTF16Offset) }, [[0], [7]])
        // Inside a word broken for lack of room, a space at the break goes too.
        expectEqual(rendered(wrapPlain("abcd )", width: 4)), ["abcd", ")"])
    }

    @Test func indentationAfterAMandatoryBreakIsKept() {
        expectEqual(rendered(wrapPlain("list:\n  one\n    two", width: 20)), ["list:", "  one", "    two"])
        expectEqual(rendered(wrapPlain("  lead", width: 20)), ["  lead"])
    }

    @Test func trailingWhitespaceBeforeAMandatoryBreakIsDropped() {
        let lines = wrapPlain("right   \nside  ", width: 10, alignment: .right)
        expectEqual(rendered(lines), ["     right", "      side"])
        expectEqual(rendered(wrapPlain("   \nx", width: 10)), ["", "x"])
    }

    @Test func lineCountFollowsMandatoryBreaks() {
        expectEqual(wrapPlain("a\n", width: 5).count, 2)
        expectEqual(wrapPlain("\r\n", width: 5).count, 2)
        expectEqual(wrapPlain("\r\r\n\n", width: 5).count, 4)
        expectEqual(wrapPlain("x", width: 5).count, 1)
    }

    @Test func maxLinesEdgeCases() {
        expect(wrapPlain("abc def", width: 3, maxLines: 0).isEmpty)
        expect(wrapPlain("abc def", width: 3, maxLines: -1).isEmpty)
        // A hard break after the last kept line also means text was cut.
        expectEqual(rendered(wrapPlain("abc\n", width: 10, maxLines: 1)), ["abc…"])
        // The ellipsis on a line that is empty sits at the cut point of that line.
        let empty = wrapPlain("a\n\nb", width: 5, maxLines: 2)
        expectEqual(rendered(empty), ["a", "…"])
        expectEqual(empty[1].segments.map(\.sourceUTF16Offset), [2])
        expectEqual(empty[1].segments.map(\.sourceUTF16Length), [0])
        // Spaces before the cut do not stay between the text and the ellipsis.
        expectEqual(rendered(wrapPlain("abc de fgh", width: 7, maxLines: 1)), ["abc de…"])
        expectEqual(rendered(wrapPlain("ab cdef", width: 4, maxLines: 1)), ["ab…"])
    }

    @Test func ellipsisTakesTheStyleOfTheTextBeforeIt() {
        let modal = Modal(
            message: "plain bold more text",
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 6, utf16Length: 4), fontStyle: .bold)])
        let lines = StyledText(modal: modal).wrap(options: WrapOptions(width: 11, maxLines: 1))
        expectEqual(describedLines(lines), ["[plain ][bold]{b !i}[…]{b !i}"])
        expectEqual(lines[0].segments.last?.sourceUTF16Offset, 10)
    }

    @Test func clusterWiderThanTheLineMapsToItsSource() {
        let lines = wrapPlain("a漢b", width: 1)
        expectEqual(rendered(lines), ["a", WrapMarks.tooWide, "b"])
        let mark = lines[1].segments[0]
        expectEqual(mark.cellWidth, 1)
        expectEqual(mark.sourceUTF16Offset, 1)
        expectEqual(mark.sourceUTF16Length, 1)
    }

    @Test func segmentsMergeOnlyWithEqualStyleAndContiguousSource() {
        let modal = Modal(
            message: "aaa bbb ccc",
            styles: [
                ModalStyle(
                    range: UTF16Range(utf16Offset: 0, utf16Length: 3), color: ModalColor(red: 1, green: 2, blue: 3)),
                ModalStyle(
                    range: UTF16Range(utf16Offset: 8, utf16Length: 3), color: ModalColor(red: 1, green: 2, blue: 3)),
            ])
        let lines = StyledText(modal: modal).wrap(options: WrapOptions(width: 20))
        expectEqual(describedLines(lines), ["[aaa]{fg#010203}[ bbb ][ccc]{fg#010203}"])
        let tabbed = wrapPlain("a\tb", width: 20)
        expectEqual(tabbed[0].segments.count, 1)
        expectEqual(tabbed[0].segments[0].text, "a       b")
        expectEqual(tabbed[0].segments[0].sourceUTF16Length, 3)
    }

    @Test func handMadeSpansInAnyOrderNeverCrash() {
        let style = TextStyle(.bold)
        let spans = [
            StyledSpan(range: UTF16Range(utf16Offset: 4, utf16Length: 100), style: style),
            StyledSpan(range: UTF16Range(utf16Offset: -3, utf16Length: 5), style: TextStyle(.italic)),
            StyledSpan(range: UTF16Range(utf16Offset: 1, utf16Length: Int.max), style: TextStyle(.underlined)),
        ]
        let lines = StyledText(text: "hello world", spans: spans).wrap(options: WrapOptions(width: 5))
        expectEqual(rendered(lines), ["hello", "world"])
        expectEqual(lines[0].segments.first?.style, TextStyle(.italic))
        let unstyled = StyledText(text: "hello", spans: []).wrap(options: WrapOptions(width: 5))
        expectEqual(unstyled[0].segments.map(\.style), [TextStyle()])
    }

    @Test func pathologicalInputsFinish() {
        let inputs = [
            String(repeating: " ", count: 50_000) + "x",
            String(repeating: "\u{301}", count: 50_000),
            String(repeating: "🇯🇵", count: 5_000) + "🇯",
            String(repeating: "\u{200B}", count: 20_000) + "abc",
            String(repeating: "\t", count: 10_000),
            String(repeating: "a", count: 100_000),
            String(repeating: "\u{1B}", count: 10_000),
            String(repeating: "👨\u{200D}", count: 5_000),
        ]
        for input in inputs {
            for width in [1, 2, 3, 80] {
                let lines = wrapPlain(input, width: width)
                expect(lines.allSatisfy { $0.cellWidth <= width })
            }
        }
    }

    /// Grapheme clusters must match Swift's `Character` exactly, including after the ASCII fast path hands over
    /// to the standard library's recognizer.
    @Test func clustersMatchCharacters() {
        var generator = SeededGenerator(seed: 42)
        let pieces =
            PropertyWrapTests.fragments + [
                "©\u{200D}🔥", "a\u{200D}", "\r\n\u{301}", "🇺🇸🇫", "x🇫🇷🇩🇪🇺", "®\u{FE0F}",
                // A prepended mark joins what follows it, ideographs too.
                "\u{600}", "\u{600}漢", "漢\u{301}",
                // Extend scalars after controls, line breaks, joiners and each other, and inside emoji sequences.
                "\u{AD}\u{301}", "\t\u{301}", "\u{1F3FB}", "\u{FE0F}", "\u{E0067}", "\u{200D}\u{1F3FD}",
                "👨\u{1F3FD}\u{200D}💻", "👩\u{1F3FB}\u{200D}\u{2764}\u{FE0F}\u{200D}👨\u{1F3FF}", "\u{301}\u{200D}👍",
            ]
        for _ in 0..<TestScale.rounds(20_000, quick: 2_000) {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    text.unicodeScalars.append(PropertyWrapTests.randomScalar(using: &generator))
                } else {
                    text += pieces.randomElement(using: &generator)!
                }
            }
            let sanitised = ControlCharacters.sanitisedForLayout(text)
            var expected: [Bool] = []
            for character in sanitised {
                for (index, _) in character.unicodeScalars.enumerated() { expected.append(index == 0) }
            }
            expected.append(true)
            let source = WrapSource(text)
            expectEqual(source.clusterStarts, expected, "\(text.debugDescription)")
            expectEqual(Array(sanitised.unicodeScalars), source.scalars)
            expectEqual(Array(sanitised.utf8), source.utf8)
            expectEqual(sanitised.utf16.count, source.utf16Count)
        }
    }

    /// The scalars decoding takes as Extend without the standard library's recognizer are Extend to it: each
    /// joins the letter before it, not a control or line break before it, and what joins nothing after it
    /// starts a cluster.
    @Test func plainExtendScalarsAreExtend() {
        for range: ClosedRange<UInt32> in [0x2FF...0x370, 0xFDFF...0xFE10, 0x1_F3FA...0x1_F400, 0xE_001F...0xE_0080] {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                let joinsLetter = "a\(scalar)".count == 1
                expect(UTF16Offsets.isPlainExtend(value) == false || joinsLetter, "U+\(String(value, radix: 16))")
                guard UTF16Offsets.isPlainExtend(value) else { continue }
                for before in ["\u{AD}", "\t", "\n", "\r"] {
                    expectEqual(
                        "\(before)\(scalar)".count, 2,
                        "U+\(String(value, radix: 16)) after \(before.debugDescription)")
                }
                for after in ["b", "漢", "👍", "\u{3B1}"] {
                    expectEqual("a\(scalar)\(after)".count, 2, "U+\(String(value, radix: 16)) before \(after)")
                }
            }
        }
    }

    @Test func modalOptionsComeFromTheModal() {
        let modal = Modal(message: "x", textAlignment: .center, maxLines: 2)
        expectEqual(WrapOptions(modal: modal, width: 30), WrapOptions(width: 30, alignment: .center, maxLines: 2))
    }
}
