import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel
import TextLayout

@Suite struct StyledTextBuilderTests {
    private func spans(_ message: String, _ styles: [ModalStyle]) -> [StyledSpan] {
        StyledText(modal: Modal(message: message, styles: styles)).spans
    }

    private func range(_ offset: Int, _ length: Int) -> UTF16Range {
        UTF16Range(utf16Offset: offset, utf16Length: length)
    }

    @Test func aNaNFontSizeIsNoSizeSoEqualStylesStayEqual() {
        // Found by the values fuzz target: NaN made a style unequal to itself, so a long message built in
        // code with such a size packed its lines in quadratic time and never merged equal neighbours.
        let styles = [
            ModalStyle(range: range(0, 3), fontSize: .nan), ModalStyle(range: range(3, 3), fontSize: .nan),
        ]
        let text = StyledText(modal: Modal(message: "abcdef", styles: styles))
        expectEqual(text, text)
        expect(text.spans.allSatisfy { $0.style.fontSize == nil })
        let line = text.wrap(options: WrapOptions(width: 10))
        expect(line.count == 1 && line[0].segments.count == 1)
    }

    @Test func fontStyleSetsBoldAndItalicTogether() {
        let expected: [(FontStyle, TextStyle)] = [
            (.normal, TextStyle(StyleAttributes(fontStyle: .normal))),
            (.bold, TextStyle(.bold)),
            (.italic, TextStyle(.italic)),
            (.boldItalic, TextStyle(StyleAttributes(fontStyle: .boldItalic))),
            (.underline, TextStyle(.underlined)),
            (.strikethrough, TextStyle(StyleAttributes(strikethrough: true))),
        ]
        for (fontStyle, style) in expected {
            expectEqual(spans("abc", [ModalStyle(range: range(0, 3), fontStyle: fontStyle)]).map(\.style), [style])
        }
    }

    @Test func explicitUnderlineAndStrikethroughWinWithinAnEntry() {
        let style = ModalStyle(range: range(0, 2), fontStyle: .underline, underline: false, strikethrough: true)
        expectEqual(
            spans("ab", [style]).map(\.style), [TextStyle(StyleAttributes(underline: false, strikethrough: true))])
        let bold = ModalStyle(range: range(0, 2), fontStyle: .bold, underline: true)
        expectEqual(spans("ab", [bold]).map(\.style), [TextStyle(StyleAttributes(fontStyle: .bold, underline: true))])
    }

    @Test func everyAttributeMaps() {
        let red = ModalColor(red: 255, green: 0, blue: 0)
        let blue = ModalColor(red: 0, green: 0, blue: 255)
        let style = ModalStyle(
            range: range(0, 1), fontSize: 25, color: red, backgroundColor: blue, link: .openURL("https://x.test"))
        expectEqual(
            spans("a", [style]).map(\.style),
            [
                TextStyle(
                    StyleAttributes(fontSize: 25, color: red, backgroundColor: blue, link: .openURL("https://x.test")),
                    linkStyleIndex: 0)
            ])
    }

    @Test func laterStylesOverrideOnlyWhatTheySet() {
        let red = ModalColor(red: 255, green: 0, blue: 0)
        let result = spans(
            "0123456789",
            [
                ModalStyle(range: range(0, 6), fontStyle: .bold, color: red),
                ModalStyle(range: range(3, 5), fontStyle: .italic),
                ModalStyle(range: range(4, 1), underline: true),
            ])
        expectEqual(
            result.map(\.range), [range(0, 3), range(3, 1), range(4, 1), range(5, 1), range(6, 2), range(8, 2)])
        expectEqual(
            result.map(\.style),
            [
                TextStyle(StyleAttributes(fontStyle: .bold, color: red)),
                TextStyle(StyleAttributes(fontStyle: .italic, color: red)),
                TextStyle(StyleAttributes(fontStyle: .italic, underline: true, color: red)),
                TextStyle(StyleAttributes(fontStyle: .italic, color: red)),
                TextStyle(.italic),
                TextStyle(),
            ])
    }

    @Test func equalNeighboursMerge() {
        let result = spans(
            "abcdef",
            [ModalStyle(range: range(0, 2), fontStyle: .bold), ModalStyle(range: range(2, 2), fontStyle: .bold)])
        expectEqual(result.map(\.range), [range(0, 4), range(4, 2)])
    }

    @Test func rangesFromInvalidModalsAreClippedNotTrapped() {
        expectEqual(
            spans("abc", [ModalStyle(range: range(-5, 7), fontStyle: .bold)]).map(\.range),
            [
                range(0, 2), range(2, 1),
            ])
        expectEqual(
            spans("abc", [ModalStyle(range: range(1, 500), fontStyle: .bold)]).map(\.range),
            [
                range(0, 1), range(1, 2),
            ])
        expectEqual(
            spans("abc", [ModalStyle(range: range(2, Int.max), fontStyle: .bold)]).map(\.range),
            [
                range(0, 2), range(2, 1),
            ])
        expectEqual(
            spans("abc", [ModalStyle(range: range(Int.max, Int.max), fontStyle: .bold)]).map(\.range), [range(0, 3)])
        expectEqual(
            spans("abc", [ModalStyle(range: range(Int.min, Int.min), fontStyle: .bold)]).map(\.range), [range(0, 3)])
        expectEqual(spans("abc", [ModalStyle(range: range(1, -1), fontStyle: .bold)]).map(\.style), [TextStyle()])
        expectEqual(spans("abc", [ModalStyle(range: range(9, 2), fontStyle: .bold)]).map(\.style), [TextStyle()])
    }

    @Test func boundariesInsideSurrogatePairsRoundDown() {
        // "a😀b": 😀 is UTF-16 units 1 and 2.
        let result = spans("a😀b", [ModalStyle(range: range(2, 2), fontStyle: .bold)])
        expectEqual(result.map(\.range), [range(0, 1), range(1, 3)])
        let inside = spans(
            "a😀b",
            [ModalStyle(range: range(2, 0), fontStyle: .bold), ModalStyle(range: range(0, 2), fontStyle: .italic)])
        expectEqual(inside.map(\.range), [range(0, 1), range(1, 3)])
    }

    @Test func emptyAndUnstyledMessages() {
        expect(spans("", [ModalStyle(range: range(0, 3), fontStyle: .bold)]).isEmpty)
        expectEqual(spans("héllo", []), [StyledSpan(range: range(0, 5), style: TextStyle())])
    }

    /// The sweep must give what applying every style to every unit, in order, gives.
    @Test func sweepMatchesApplyingStylesUnitByUnit() {
        var generator = SeededGenerator(seed: 7)
        let colors = [
            ModalColor(red: 1, green: 1, blue: 1), ModalColor(red: 2, green: 2, blue: 2),
            ModalColor(red: 3, green: 3, blue: 3),
        ]
        for _ in 0..<TestScale.rounds(2_000, quick: 200) {
            let message = String(repeating: "ab😀 ", count: Int.random(in: 0...60, using: &generator))
            let count = message.utf16.count
            let styles: [ModalStyle] = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                var style = ModalStyle(
                    range: range(
                        Int.random(in: -3...(count + 3), using: &generator), Int.random(in: -2...40, using: &generator))
                )
                if Bool.random(using: &generator) {
                    style.fontStyle = FontStyle.allCases.randomElement(using: &generator)
                }
                if Bool.random(using: &generator) { style.underline = Bool.random(using: &generator) }
                if Bool.random(using: &generator) { style.strikethrough = Bool.random(using: &generator) }
                if Bool.random(using: &generator) { style.color = colors.randomElement(using: &generator) }
                if Bool.random(using: &generator) { style.backgroundColor = colors.randomElement(using: &generator) }
                if Bool.random(using: &generator) { style.fontSize = Double(Int.random(in: 8...30, using: &generator)) }
                if Bool.random(using: &generator) {
                    style.link = .custom("l\(Int.random(in: 0...2, using: &generator))")
                }
                return style
            }
            let result = spans(message, styles)
            let units = Array(message.utf16)
            var expected: [TextStyle] = Array(repeating: TextStyle(), count: count)
            for (styleIndex, style) in styles.enumerated() {
                var start = min(max(style.range.utf16Offset, 0), count)
                var end = min(max(style.range.utf16Offset + style.range.utf16Length, 0), count)
                if start > 0 && start < count && UTF16.isTrailSurrogate(units[start]) { start -= 1 }
                if end > 0 && end < count && UTF16.isTrailSurrogate(units[end]) { end -= 1 }
                guard start < end else { continue }
                let entry = reference(style)
                for unit in start..<end {
                    let linkStyleIndex = entry.link != nil ? styleIndex : expected[unit].linkStyleIndex
                    expected[unit] = TextStyle(expected[unit].attributes.merging(entry), linkStyleIndex: linkStyleIndex)
                }
            }
            var covered = 0
            for (index, span) in result.enumerated() {
                expect(span.range.utf16Offset == covered && span.range.utf16Length > 0)
                for unit in span.range.utf16Offset..<span.range.utf16End { expectEqual(expected[unit], span.style) }
                if index > 0 { expect(result[index - 1].style != span.style) }
                covered = span.range.utf16End
            }
            expectEqual(covered, count)
        }
    }

    @Test func twentyThousandStylesOverAMegabyte() {
        let message = String(repeating: "Grüße 漢字 👍🏽 mixed text. ", count: 40_000)
        let count = message.utf16.count
        var generator = SeededGenerator(seed: 20_000)
        let styles = (0..<20_000).map { _ in
            ModalStyle(
                range: range(Int.random(in: 0..<count, using: &generator), Int.random(in: 1...300, using: &generator)),
                fontStyle: .bold)
        }
        let result = spans(message, styles)
        expectEqual(result.first?.range.utf16Offset, 0)
        expectEqual(result.last?.range.utf16End, count)
        expect(zip(result, result.dropFirst()).allSatisfy { $0.range.utf16End == $1.range.utf16Offset })
    }

    @Test func batchOffsetLookupsMatchSingleOnes() {
        var generator = SeededGenerator(seed: 16)
        let pieces = [
            "a", "😀", "e\u{301}", "🇯🇵", "🇺", "\r\n", "\r", "漢", "👨\u{200D}👩", "\u{301}", "©\u{200D}🔥", "क्ष", "\u{1B}",
        ]
        for _ in 0..<TestScale.rounds(3_000, quick: 300) {
            let text = (0..<Int.random(in: 0...20, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            let count = text.utf16.count
            let offsets = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Int.random(in: -2...(count + 2), using: &generator)
            }
            let batch = UTF16Offsets.positions(of: offsets, in: text)
            expectEqual(
                batch, offsets.map { UTF16Offsets.position(of: $0, in: text) }, "\(text.debugDescription) \(offsets)")
        }
    }

    /// One look-up inside a huge cluster can cost the whole cluster; resolving all ranges at once must not.
    @Test(.timeLimit(.minutes(1))) func stylesOverOneHugeClusterStayLinear() {
        let message = "a" + String(repeating: "\u{301}", count: 200_000) + String(repeating: "🇯🇵", count: 50_000)
        let count = message.utf16.count
        let styles = (0..<20_000).map { index in
            ModalStyle(range: range(index * 7 % count, 50), fontStyle: index % 2 == 0 ? .bold : .italic)
        }
        let result = spans(message, styles)
        expectEqual(result.first?.range.utf16Offset, 0)
        expectEqual(result.last?.range.utf16End, count)
    }

    /// The attribute mapping of the format, written out independently of the library.
    /// `font_style` stands for bold and italic together, or turns on underline or strikethrough alone.
    private func reference(_ style: ModalStyle) -> StyleAttributes {
        var result = StyleAttributes(
            fontSize: style.fontSize, color: style.color, backgroundColor: style.backgroundColor, link: style.link)
        switch style.fontStyle {
        case .normal, .bold, .italic, .boldItalic: result.fontStyle = style.fontStyle
        case .underline: result.underline = true
        case .strikethrough: result.strikethrough = true
        case nil: break
        }
        if let underline = style.underline { result.underline = underline }
        if let strikethrough = style.strikethrough { result.strikethrough = strikethrough }
        return result
    }
}
