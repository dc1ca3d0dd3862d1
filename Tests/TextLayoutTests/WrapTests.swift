import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import TextLayout

@Suite struct WrapTests {
    @Test func widthBelowOneIsTreatedAsOne() {
        let atOne = wrapPlain("ab c", width: 1)
        #expect(rendered(atOne) == ["a", "b", "c"])
        #expect(wrapPlain("ab c", width: 0) == atOne)
        #expect(wrapPlain("ab c", width: -7) == atOne)
    }

    @Test func whitespaceAtASoftBreakIsDroppedOnBothSides() {
        let lines = wrapPlain("aaa    bbb", width: 5)
        #expect(rendered(lines) == ["aaa", "bbb"])
        #expect(lines.map { $0.segments.map(\.sourceUTF16Offset) } == [[0], [7]])
        // Inside a word broken for lack of room, a space at the break goes too.
        #expect(rendered(wrapPlain("abcd )", width: 4)) == ["abcd", ")"])
    }

    @Test func indentationAfterAMandatoryBreakIsKept() {
        #expect(rendered(wrapPlain("list:\n  one\n    two", width: 20)) == ["list:", "  one", "    two"])
        #expect(rendered(wrapPlain("  lead", width: 20)) == ["  lead"])
    }

    @Test func trailingWhitespaceBeforeAMandatoryBreakIsDropped() {
        let lines = wrapPlain("right   \nside  ", width: 10, alignment: .right)
        #expect(rendered(lines) == ["     right", "      side"])
        #expect(rendered(wrapPlain("   \nx", width: 10)) == ["", "x"])
    }

    @Test func lineCountFollowsMandatoryBreaks() {
        #expect(wrapPlain("a\n", width: 5).count == 2)
        #expect(wrapPlain("\r\n", width: 5).count == 2)
        #expect(wrapPlain("\r\r\n\n", width: 5).count == 4)
        #expect(wrapPlain("x", width: 5).count == 1)
    }

    @Test func maxLinesEdgeCases() {
        #expect(wrapPlain("abc def", width: 3, maxLines: 0).isEmpty)
        #expect(wrapPlain("abc def", width: 3, maxLines: -1).isEmpty)
        // A hard break after the last kept line also means text was cut.
        #expect(rendered(wrapPlain("abc\n", width: 10, maxLines: 1)) == ["abc…"])
        // The ellipsis on a line that is empty sits at the cut point of that line.
        let empty = wrapPlain("a\n\nb", width: 5, maxLines: 2)
        #expect(rendered(empty) == ["a", "…"])
        #expect(empty[1].segments.map(\.sourceUTF16Offset) == [2])
        #expect(empty[1].segments.map(\.sourceUTF16Length) == [0])
        // Spaces before the cut do not stay between the text and the ellipsis.
        #expect(rendered(wrapPlain("abc de fgh", width: 7, maxLines: 1)) == ["abc de…"])
        #expect(rendered(wrapPlain("ab cdef", width: 4, maxLines: 1)) == ["ab…"])
    }

    @Test func ellipsisTakesTheStyleOfTheTextBeforeIt() {
        let modal = Modal(
            message: "plain bold more text",
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 6, utf16Length: 4), fontStyle: .bold)])
        let lines = StyledText(modal: modal).wrap(options: WrapOptions(width: 11, maxLines: 1))
        #expect(describedLines(lines) == ["[plain ][bold]{b !i}[…]{b !i}"])
        #expect(lines[0].segments.last?.sourceUTF16Offset == 10)
    }

    @Test func clusterWiderThanTheLineMapsToItsSource() {
        let lines = wrapPlain("a漢b", width: 1)
        #expect(rendered(lines) == ["a", WrapMarks.tooWide, "b"])
        let mark = lines[1].segments[0]
        #expect(mark.cellWidth == 1)
        #expect(mark.sourceUTF16Offset == 1)
        #expect(mark.sourceUTF16Length == 1)
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
        #expect(describedLines(lines) == ["[aaa]{fg#010203}[ bbb ][ccc]{fg#010203}"])
        let tabbed = wrapPlain("a\tb", width: 20)
        #expect(tabbed[0].segments.count == 1)
        #expect(tabbed[0].segments[0].text == "a       b")
        #expect(tabbed[0].segments[0].sourceUTF16Length == 3)
    }

    @Test func handMadeSpansInAnyOrderNeverCrash() {
        let style = TextStyle(.bold)
        let spans = [
            StyledSpan(range: UTF16Range(utf16Offset: 4, utf16Length: 100), style: style),
            StyledSpan(range: UTF16Range(utf16Offset: -3, utf16Length: 5), style: TextStyle(.italic)),
            StyledSpan(range: UTF16Range(utf16Offset: 1, utf16Length: Int.max), style: TextStyle(.underlined)),
        ]
        let lines = StyledText(text: "hello world", spans: spans).wrap(options: WrapOptions(width: 5))
        #expect(rendered(lines) == ["hello", "world"])
        #expect(lines[0].segments.first?.style == TextStyle(.italic))
        let unstyled = StyledText(text: "hello", spans: []).wrap(options: WrapOptions(width: 5))
        #expect(unstyled[0].segments.map(\.style) == [TextStyle()])
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
                #expect(lines.allSatisfy { $0.cellWidth <= width })
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
            #expect(source.clusterStarts == expected, "\(text.debugDescription)")
            #expect(Array(sanitised.unicodeScalars) == source.scalars)
            #expect(Array(sanitised.utf8) == source.utf8)
            #expect(sanitised.utf16.count == source.utf16Count)
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
                #expect(UTF16Offsets.isPlainExtend(value) == false || joinsLetter, "U+\(String(value, radix: 16))")
                guard UTF16Offsets.isPlainExtend(value) else { continue }
                for before in ["\u{AD}", "\t", "\n", "\r"] {
                    #expect(
                        "\(before)\(scalar)".count == 2,
                        "U+\(String(value, radix: 16)) after \(before.debugDescription)")
                }
                for after in ["b", "漢", "👍", "\u{3B1}"] {
                    #expect("a\(scalar)\(after)".count == 2, "U+\(String(value, radix: 16)) before \(after)")
                }
            }
        }
    }

    @Test func modalOptionsComeFromTheModal() {
        let modal = Modal(message: "x", textAlignment: .center, maxLines: 2)
        #expect(WrapOptions(modal: modal, width: 30) == WrapOptions(width: 30, alignment: .center, maxLines: 2))
    }
}
