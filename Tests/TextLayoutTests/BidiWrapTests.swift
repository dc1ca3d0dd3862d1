import ModalModel
import TestSupport
import Testing
import TextLayout

/// Wrapping of right-to-left and mixed-direction text: logical lines, then the visual order of each line.
@Suite struct BidiWrapTests {
    /// The line as a terminal that does not reorder must be fed: clusters left to right, padding included.
    private func screen(_ line: LayoutLine) -> String {
        var out = ""
        var column = 0
        for cluster in line.visualClusters() where cluster.cellWidth > 0 {
            if cluster.column > column { out += String(repeating: " ", count: cluster.column - column) }
            out += cluster.text
            column = cluster.column + cluster.cellWidth
        }
        return out
    }

    private func lines(
        _ message: String, width: Int = 40, alignment: ModalTextAlignment? = nil, maxLines: Int? = nil,
        direction: ParagraphDirection = .auto
    ) -> [LayoutLine] {
        StyledText(modal: Modal(message: message)).wrap(
            options: WrapOptions(width: width, alignment: alignment, maxLines: maxLines, direction: direction))
    }

    /// Rule L1 at the end of a line: a zero-width space or an isolate's PDI that ends a line returns to the
    /// paragraph level, and so leaves the run of the text before it; with a tab on the line, so does what
    /// precedes the tab.
    @Test func whatEndsALineReturnsToTheParagraphLevel() {
        let zeroWidth = lines("abc\u{200B}def", width: 3, direction: .rightToLeft)
        expectEqual(zeroWidth[0].segments.map(\.bidiLevel), [2, 1])
        let isolate = lines("abc \u{2067}אב\u{2069}\u{2069} def", width: 9, direction: .leftToRight)
        expectEqual(isolate[0].segments.map(\.bidiLevel).last, 0)
        let beforeTab = lines("abc \u{200B}\tdef", width: 40, direction: .rightToLeft)
        expectEqual(beforeTab[0].segments.map(\.bidiLevel), [2, 1, 2])
    }

    @Test func arabicTitleReadsRightToLeftAndAlignsRight() {
        let result = lines("تحديث مهم", width: 12)
        expectEqual(result.count, 1)
        expectEqual(result[0].direction, .rightToLeft)
        // Logical order is kept in the segments; the screen shows the words in reverse, each word's letters too.
        expectEqual(result[0].text, "تحديث مهم")
        expectEqual(screen(result[0]), "   مهم ثيدحت")
    }

    @Test func hebrewInsideLatinKeepsTheLatinOrder() {
        let result = lines("Pay שלום now", alignment: .left)
        expectEqual(result[0].direction, .leftToRight)
        expectEqual(screen(result[0]), "Pay םולש now")
        expectEqual(result[0].segments.map(\.bidiLevel), [0, 1, 0])
        expectEqual(result[0].segments.map(\.visualColumn), [0, 4, 8])
    }

    @Test func bracketsMirrorInRightToLeftRuns() {
        // Logical "(" at the right end of an RTL line is drawn as ")" by rule L4, and the other way round.
        expectEqual(screen(lines("(مرحبا)", width: 7)[0]), "(ابحرم)")
    }

    @Test func numbersKeepTheirOrderInsideRightToLeftText() {
        expectEqual(screen(lines("العدد 123", width: 9)[0]), "123 ددعلا")
        expectEqual(screen(lines("سعر ٣٤٥", width: 7)[0]), "٣٤٥ رعس")
    }

    @Test func hebrewSentenceWithBrandNumberAndParenthesis() {
        let result = lines("עדכון Kash Pay 3.2 (חדש)", width: 30)
        expectEqual(screen(result[0]), "      (שדח) Kash Pay 3.2 ןוכדע")
    }

    @Test func forcedDirectionOverridesTheFirstStrongCharacter() {
        expectEqual(screen(lines("hello!", width: 8, direction: .rightToLeft)[0]), "  !hello")
        expectEqual(lines("hello!", width: 8, direction: .rightToLeft)[0].direction, .rightToLeft)
        let forcedLeft = lines("שלום!", width: 8, direction: .leftToRight)[0]
        expectEqual(forcedLeft.direction, .leftToRight)
        expectEqual(screen(forcedLeft), "םולש!")
    }

    @Test func explicitAlignmentWins() {
        expectEqual(screen(lines("שלום", width: 6, alignment: .left)[0]), "םולש")
        expectEqual(screen(lines("שלום", width: 6, alignment: .center)[0]), " םולש")
    }

    @Test func linesBreakOnLogicalTextThenReorder() {
        // The first logical words fill the first line; each line is then reversed on its own.
        let result = lines("אחד שתיים שלוש ארבע", width: 10)
        expectEqual(result.map(\.text), ["אחד שתיים", "שלוש ארבע"])
        expectEqual(result.map(screen), [" םייתש דחא", " עברא שולש"])
    }

    @Test func ellipsisEndsARightToLeftLineAtItsVisualEnd() {
        let result = lines("אחד שתיים שלוש ארבע", width: 10, maxLines: 1)
        expectEqual(result.count, 1)
        let mark = result[0].segments.last!
        expectEqual(mark.text, WrapMarks.ellipsis)
        expectEqual(mark.bidiLevel, 1)
        expectEqual(result[0].visualOrder.first, result[0].segments.count - 1)
        expect(screen(result[0]).hasSuffix("דחא"))
        expect(screen(result[0]).trimmingPrefixSpaces().hasPrefix(WrapMarks.ellipsis))
    }

    @Test func tabsReturnToTheParagraphLevel() {
        // Rule L1: a tab (and the space before it) is at the paragraph level, so it stays between the two runs.
        let result = lines("אב \tגד", width: 20, alignment: .left, direction: .leftToRight)
        expectEqual(result[0].segments.map(\.bidiLevel), [1, 0, 1])
    }

    @Test func leftToRightTextIsUnchanged() {
        let result = lines("plain text, 42 items (ok)", width: 12, alignment: .left)
        for line in result {
            expectEqual(line.direction, .leftToRight)
            expect(!line.isReordered)
            expectEqual(line, LayoutLine(segments: line.segments))
            expectEqual(line.visualOrder, Array(line.segments.indices))
            expect(line.segments.allSatisfy { $0.visualColumn == $0.column && $0.bidiLevel == 0 })
        }
    }

    @Test func directionOfAMessage() {
        expectEqual(ParagraphDirection.auto.resolved(for: "123 שלום hello"), .rightToLeft)
        expectEqual(ParagraphDirection.auto.resolved(for: "123 hello שלום"), .leftToRight)
        expectEqual(ParagraphDirection.auto.resolved(for: "123 !"), .leftToRight)
        expectEqual(ParagraphDirection.rightToLeft.resolved(for: "hello"), .rightToLeft)
        expectEqual(ParagraphDirection.leftToRight.resolved(for: "שלום"), .leftToRight)
    }
}

extension String {
    fileprivate func trimmingPrefixSpaces() -> Substring { drop { $0 == " " } }
}
