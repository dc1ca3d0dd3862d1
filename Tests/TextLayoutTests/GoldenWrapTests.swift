import ModalModel
import TestSupport
import Testing
import TextLayout

/// Expected layouts written out as text. Break opportunities follow UAX #14 (Unicode 15.0) and widths follow
/// East Asian Width and emoji presentation; they were cross-checked against ICU 72's line breaker and wcwidth 0.7.
@Suite struct GoldenWrapTests {
    @Test func cjkWithoutSpacesBreaksBetweenIdeographs() {
        expectEqual(rendered(wrapPlain("漢字仮名交じり文", width: 6)), ["漢字仮", "名交じ", "り文"])
        expectEqual(rendered(wrapPlain("漢字仮名交じり文", width: 7)), ["漢字仮", "名交じ", "り文"])
        expectEqual(wrapPlain("漢字仮名交じり文", width: 7).map(\.cellWidth), [6, 6, 4])
    }

    @Test func japaneseClosingPunctuationNeverStartsALine() {
        expectEqual(rendered(wrapPlain("あいうえ、かきく", width: 8)), ["あいう", "え、かき", "く"])
        expectEqual(rendered(wrapPlain("「こんにちは」と書いた。", width: 12)), ["「こんにち", "は」と書い", "た。"])
        expectEqual(rendered(wrapPlain("これは「テスト」です。", width: 8)), ["これは", "「テス", "ト」で", "す。"])
        expectEqual(rendered(wrapPlain("日本語の文章です。", width: 7)), ["日本語", "の文章", "です。"])
    }

    @Test func pricesAndParenthesesStayTogether() {
        expectEqual(rendered(wrapPlain("pay $100.00", width: 9)), ["pay", "$100.00"])
        expectEqual(rendered(wrapPlain("costs $100.00 (approx)", width: 12)), ["costs", "$100.00", "(approx)"])
        expectEqual(rendered(wrapPlain("see (parentheses)", width: 13)), ["see", "(parentheses)"])
        expectEqual(rendered(wrapPlain("価格は$100.00です", width: 8)), ["価格は", "$100.00", "です"])
    }

    @Test func urlsBreakAfterSlashes() {
        expectEqual(
            rendered(wrapPlain("go to https://example.com/path/to/page now", width: 12)),
            ["go to", "https://", "example.com/", "path/to/page", "now"])
    }

    @Test func wordsLongerThanTheLineBreakBetweenClusters() {
        expectEqual(
            rendered(wrapPlain("a supercalifragilistic word", width: 8)), ["a", "supercal", "ifragili", "stic", "word"])
        expectEqual(
            rendered(wrapPlain("abcdefghijklmnopqrstuvwxyz", width: 10)), ["abcdefghij", "klmnopqrst", "uvwxyz"])
    }

    @Test func emojiSequencesAreOneClusterOfTwoCells() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        let tight = wrapPlain("\(family)👍🏽🇯🇵🇺🇸", width: 4)
        expectEqual(rendered(tight), ["\(family)👍🏽", "🇯🇵🇺🇸"])
        expectEqual(tight.map(\.cellWidth), [4, 4])
        expectEqual(
            rendered(wrapPlain("flags 🇯🇵🇺🇸 family \(family) tone 👍🏽👍🏿", width: 8)),
            ["flags 🇯🇵", "🇺🇸", "family", "\(family) tone", "👍🏽👍🏿"])
        let keycaps = wrapPlain("keycap 1️⃣2️⃣ heart ❤️", width: 8)
        expectEqual(rendered(keycaps), ["keycap", "1️⃣2️⃣", "heart ❤️"])
        expectEqual(keycaps.map(\.cellWidth), [6, 4, 8])
    }

    @Test func combiningMarksStayWithTheirBase() {
        expectEqual(
            rendered(wrapPlain("cafe\u{301} re\u{301}sume\u{301}", width: 5)),
            [
                "cafe\u{301}", "re\u{301}sum", "e\u{301}",
            ])
        let zalgo = "Z\u{351}\u{36B}\u{343}a\u{352}l\u{313}g\u{310}o"
        expectEqual(rendered(wrapPlain(zalgo, width: 3)), ["Z\u{351}\u{36B}\u{343}a\u{352}l\u{313}", "g\u{310}o"])
    }

    @Test func rightToLeftTextStaysInLogicalOrder() {
        expectEqual(rendered(wrapPlain("שלום world مرحبا", width: 6)), ["שלום", "world", "مرحبا"])
        expectEqual(rendered(wrapPlain("مرحبا بالعالم", width: 7)), ["مرحبا", "بالعالم"])
        let mixed = wrapPlain("שלום עולם", width: 20)
        expectEqual(mixed.count, 1)
        expectEqual(mixed[0].text, "שלום עולם")
    }

    @Test func tabsReachTheNextStopOfEight() {
        expectEqual(rendered(wrapPlain("a\tb\tc", width: 20)), ["a       b       c"])
        expectEqual(rendered(wrapPlain("\tindented", width: 20)), ["        indented"])
        // A tab is breakable whitespace: at a soft break it is dropped.
        expectEqual(rendered(wrapPlain("name:\tvalue", width: 10)), ["name:", "value"])
        expectEqual(rendered(wrapPlain("abcdef\tx", width: 7)), ["abcdef", "x"])
    }

    @Test func crLFAndLoneCRAndLFAreOneBreakEach() {
        expectEqual(rendered(wrapPlain("one\r\ntwo\rthree\nfour", width: 10)), ["one", "two", "three", "four"])
        expectEqual(rendered(wrapPlain("a\r\n\r\nb", width: 10)), ["a", "", "b"])
        expectEqual(rendered(wrapPlain("a\u{2028}b\u{2029}c", width: 10)), ["a", "b", "c"])
    }

    @Test func onlyNewlinesGiveEmptyLines() {
        let lines = wrapPlain("\n\n\n", width: 10)
        expectEqual(rendered(lines), ["", "", "", ""])
        expect(lines.allSatisfy { $0.segments.isEmpty })
    }

    @Test func emptyMessageHasNoLines() {
        expect(wrapPlain("", width: 10).isEmpty)
    }

    @Test func alignment() {
        expectEqual(rendered(wrapPlain("hello world", width: 9, alignment: .center)), ["  hello", "  world"])
        expectEqual(rendered(wrapPlain("hello world", width: 10, alignment: .center)), ["  hello", "  world"])
        expectEqual(rendered(wrapPlain("hello world", width: 10, alignment: .right)), ["     hello", "     world"])
        expectEqual(rendered(wrapPlain("hi\n漢字", width: 7, alignment: .right)), ["     hi", "   漢字"])
    }

    @Test func maxLinesEndsWithAnEllipsis() {
        expectEqual(rendered(wrapPlain("one two three four five", width: 9, maxLines: 2)), ["one two", "three…"])
        // The wide 漢 would end at column 6; with "…" the line must end by 5, so 漢 goes.
        expectEqual(rendered(wrapPlain("abcd漢字かな", width: 6, maxLines: 1)), ["abcd…"])
        // "…" is East Asian Ambiguous: two cells when ambiguous characters are wide.
        let wide = wrapPlain("abcd漢字かな", width: 6, maxLines: 1, ambiguousIsWide: true)
        expectEqual(rendered(wide), ["abcd…"])
        expectEqual(wide.map(\.cellWidth), [6])
        expectEqual(rendered(wrapPlain("abc", width: 1, maxLines: 1, ambiguousIsWide: true)), ["."])
        expectEqual(
            rendered(wrapPlain("center me please", width: 12, alignment: .center, maxLines: 1)), [" center me…"])
        // A text that fits gets no ellipsis.
        expectEqual(rendered(wrapPlain("one two", width: 9, maxLines: 2)), ["one two"])
    }

    @Test func stylesResolveInOrderAndSegmentsMerge() {
        let red = ModalColor(red: 255, green: 0, blue: 0)
        let modal = Modal(
            message: "Hello brave new world",
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 11), fontStyle: .bold, color: red),
                ModalStyle(range: UTF16Range(utf16Offset: 6, utf16Length: 9), fontStyle: .italic),
                ModalStyle(range: UTF16Range(utf16Offset: 6, utf16Length: 5), fontStyle: .normal),
                // Sets what the span already has: no visible boundary, so segments merge across it.
                ModalStyle(range: UTF16Range(utf16Offset: 16, utf16Length: 5), underline: false),
                ModalStyle(range: UTF16Range(utf16Offset: 15, utf16Length: 6), underline: false),
            ])
        let lines = StyledText(modal: modal).wrap(options: WrapOptions(width: 40))
        expectEqual(
            describedLines(lines),
            [
                "[Hello ]{b !i fg#ff0000}[brave]{!b !i fg#ff0000}[ new]{!b i}[ world]{!u}"
            ])
        let narrow = StyledText(modal: modal).wrap(options: WrapOptions(width: 11))
        expectEqual(
            describedLines(narrow),
            [
                "[Hello ]{b !i fg#ff0000}[brave]{!b !i fg#ff0000}",
                "[new]{!b i}[ world]{!u}",
            ])
    }
}
