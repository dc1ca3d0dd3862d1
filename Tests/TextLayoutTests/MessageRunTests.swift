import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel
import TextLayout

@Suite struct MessageRunTests {
    static let red = ModalColor(red: 255, green: 0, blue: 0)
    static let blue = ModalColor(red: 0, green: 0, blue: 255)

    static func range(_ from: Int, _ length: Int) -> UTF16Range { UTF16Range(utf16Offset: from, utf16Length: length) }

    @Test func overlappingStylesResolveAsTheFormatSays() {
        let modal = Modal(
            message: "0123456789abcdefghij",
            styles: [
                ModalStyle(range: Self.range(0, 10), fontStyle: .bold, color: Self.red),
                ModalStyle(range: Self.range(5, 10), color: Self.blue),
            ])
        let runs = MessageRun.runs(of: modal)
        expectEqual(runs.map(\.text), ["01234", "56789", "abcde", "fghij"])
        expectEqual(runs.map(\.utf16Range), [Self.range(0, 5), Self.range(5, 5), Self.range(10, 5), Self.range(15, 5)])
        expectEqual(runs[0].attributes, RunAttributes(isBold: true, foregroundColor: Self.red))
        expectEqual(runs[1].attributes, RunAttributes(isBold: true, foregroundColor: Self.blue))
        expectEqual(runs[2].attributes, RunAttributes(foregroundColor: Self.blue))
        expectEqual(runs[3].attributes, RunAttributes())
    }

    @Test func everyAttributeIsResolved() {
        let modal = Modal(
            message: "abc",
            styles: [
                ModalStyle(
                    range: Self.range(0, 3), fontStyle: .boldItalic, underline: true, strikethrough: true,
                    fontSize: 25, color: Self.red, backgroundColor: Self.blue, link: .close),
                ModalStyle(range: Self.range(1, 1), fontStyle: .normal, underline: false),
            ])
        let runs = MessageRun.runs(of: modal)
        let full = RunAttributes(
            isBold: true, isItalic: true, isUnderlined: true, isStruckThrough: true, foregroundColor: Self.red,
            backgroundColor: Self.blue, fontSize: 25, link: RunLink(action: .close, styleIndex: 0))
        var middle = full
        (middle.isBold, middle.isItalic, middle.isUnderlined) = (false, false, false)
        expectEqual(runs.map(\.attributes), [full, middle, full])
    }

    @Test func offsetsCountUTF16AcrossEmojiAndCJK() {
        // "Hi " is 3 units, 🎉 is 2, the space 1, then 日本語 one unit each.
        let modal = Modal(
            message: "Hi 🎉 日本語!",
            styles: [
                ModalStyle(range: Self.range(3, 2), fontStyle: .bold),
                ModalStyle(range: Self.range(6, 2), color: Self.red),
            ])
        let runs = MessageRun.runs(of: modal)
        expectEqual(runs.map(\.text), ["Hi ", "🎉", " ", "日本", "語!"])
        expectEqual(runs.map(\.utf16Range.utf16Offset), [0, 3, 5, 6, 8])
        expect(runs[1].attributes.isBold)
        expectEqual(runs[3].attributes.foregroundColor, Self.red)
    }

    @Test func aFamilyEmojiIsElevenUnitsAndOneRun() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        let modal = Modal(
            message: "a" + family + "b", styles: [ModalStyle(range: Self.range(1, 11), fontStyle: .italic)])
        let runs = MessageRun.runs(of: modal)
        expectEqual(runs.map(\.text), ["a", family, "b"])
        expectEqual(runs[1].utf16Range, Self.range(1, 11))
        expect(runs[1].attributes.isItalic)
    }

    @Test func controlCharactersAreShownAsPlaceholdersOfTheSameLength() {
        let modal = Modal(
            message: "a\u{1B}[2J\u{202E}b\tc\n", styles: [ModalStyle(range: Self.range(1, 4), fontStyle: .bold)])
        let runs = MessageRun.runs(of: modal)
        expectEqual(runs.map(\.text), ["a", "\u{241B}[2J", "\u{FFFD}b\tc\n"])
        for run in runs { expectEqual(run.text.utf16.count, run.utf16Range.utf16Length) }
    }

    /// The message as runs show it: every scalar the policy neutralises replaced, except matched isolates.
    static func shown(_ message: String) -> String {
        let matched = Set(ControlCharacters.matchedIsolateOffsets(inUTF8: message.utf8))
        var out = String.UnicodeScalarView()
        var offset = 0
        for scalar in message.unicodeScalars {
            let keep = matched.contains(offset)
            out.append(keep ? scalar : ControlCharacters.placeholder(for: scalar) ?? scalar)
            offset += UTF8.width(scalar)
        }
        return String(out)
    }

    @Test func isolatesMatchedInTheirParagraphAreKeptEvenAcrossRuns() {
        // RLI … PDI is matched, and a bold style ends inside it; the second RLI has no PDI in its paragraph, and
        // the PDI after the line feed has no initiator.
        let message = "a \u{2067}שלום\u{2069} b \u{2067}c\n\u{2069}d"
        let modal = Modal(message: message, styles: [ModalStyle(range: Self.range(0, 5), fontStyle: .bold)])
        let runs = MessageRun.runs(of: modal)
        expectEqual(runs.map(\.text), ["a \u{2067}של", "ום\u{2069} b \u{FFFD}c\n\u{FFFD}d"])
        for run in runs { expectEqual(run.text.utf16.count, run.utf16Range.utf16Length) }
    }

    @Test func neighbouringLinksWithTheSameActionStayTwoLinks() {
        let modal = Modal(
            message: "onetwo",
            styles: [
                ModalStyle(range: Self.range(0, 3), link: .close), ModalStyle(range: Self.range(3, 3), link: .close),
            ])
        let runs = MessageRun.runs(of: modal)
        expectEqual(runs.map(\.text), ["one", "two"])
        expectEqual(runs.map(\.attributes.link?.styleIndex), [0, 1])
    }

    @Test func aLaterLinkWinsWhereLinksOverlapAndTheEarlierOneResumes() {
        let modal = Modal(
            message: "abcdefg",
            styles: [
                ModalStyle(range: Self.range(0, 7), link: .openURL("https://example.com")),
                ModalStyle(range: Self.range(2, 2), fontStyle: .bold),
                ModalStyle(range: Self.range(3, 2), link: .next),
            ])
        let runs = MessageRun.runs(of: modal)
        expectEqual(runs.map(\.text), ["ab", "c", "d", "e", "fg"])
        expectEqual(runs.map(\.attributes.link?.styleIndex), [0, 0, 2, 2, 0])
        expectEqual(runs[2].attributes.link?.action, .next)
        expect(runs[2].attributes.isBold && !runs[3].attributes.isBold)
    }

    @Test func anEmptyMessageHasNoRunsAndAPlainOneHasOne() {
        expect(MessageRun.runs(of: Modal(message: "")).isEmpty)
        expectEqual(
            MessageRun.runs(of: Modal(message: "plain")),
            [
                MessageRun(text: "plain", utf16Range: Self.range(0, 5), attributes: RunAttributes())
            ])
    }

    @Test func rangesOutsideTheMessageAreClippedAsStyledTextClipsThem() {
        let modal = Modal(message: "a😀b", styles: [ModalStyle(range: Self.range(2, 50), fontStyle: .bold)])
        // Offset 2 falls inside the surrogate pair of 😀 and moves down to its start.
        expectEqual(MessageRun.runs(of: modal).map(\.text), ["a", "😀b"])
    }

    /// Random modals in mixed scripts, with hostile ranges: the runs must tile the message and agree with
    /// `StyledText`, and each link must name the latest style that covers it with a link.
    @Test func randomModalsGiveRunsThatTileTheMessageAndAgreeWithStyledText() {
        var generator = SeededGenerator(seed: 20_261_130)
        let actions: [ModalAction] = [
            .close, .next, .previous, .openURL("https://example.com"), .custom("open_settings"),
        ]
        for _ in 0..<TestScale.rounds(10_000, quick: 1_000) {
            let message = PropertyWrapTests.randomMessage(using: &generator)
            var styles = PropertyWrapTests.randomStyles(over: message, using: &generator)
            for index in styles.indices where Bool.random(using: &generator) {
                styles[index].link = actions.randomElement(using: &generator)
            }
            let modal = Modal(message: message, styles: styles)
            let runs = MessageRun.runs(of: modal)
            let styled = StyledText(modal: modal)
            let utf16Count = message.utf16.count

            var position = 0
            for run in runs {
                expectEqual(run.utf16Range.utf16Offset, position)
                expect(run.utf16Range.utf16Length > 0)
                expectEqual(run.text.utf16.count, run.utf16Range.utf16Length)
                position = run.utf16Range.utf16End
            }
            expectEqual(position, utf16Count)
            expectEqual(runs.map(\.text).joined(), Self.shown(message))

            // Every run that overlaps a StyledText span carries that span's style. (A span may still be cut where
            // its link's source style changes, and neighbouring spans may join where they only differ in unset
            // against off.)
            for span in styled.spans {
                let overlapping = runs.filter {
                    $0.utf16Range.utf16Offset < span.range.utf16End && span.range.utf16Offset < $0.utf16Range.utf16End
                }
                expect(!overlapping.isEmpty)
                let style = span.style
                for run in overlapping {
                    expectEqual(run.attributes.isBold, style.isBold)
                    expectEqual(run.attributes.isItalic, style.isItalic)
                    expectEqual(run.attributes.isUnderlined, style.isUnderlined)
                    expectEqual(run.attributes.isStruckThrough, style.isStruckThrough)
                    expectEqual(run.attributes.foregroundColor, style.color)
                    expectEqual(run.attributes.backgroundColor, style.backgroundColor)
                    expectEqual(run.attributes.fontSize, style.fontSize)
                    expectEqual(run.attributes.link?.action, style.link)
                }
            }
            for run in runs {
                // The link's owner, found style by style: the latest link style whose own span covers the run.
                let owner = styles.indices.last { index in
                    guard styles[index].link != nil else { return false }
                    let alone = StyledText(modal: Modal(message: message, styles: [styles[index]]))
                    return alone.spans.contains {
                        $0.style.link != nil && $0.range.utf16Offset <= run.utf16Range.utf16Offset
                            && run.utf16Range.utf16End <= $0.range.utf16End
                    }
                }
                expectEqual(run.attributes.link?.styleIndex, owner)
            }
            // Neighbours differ: otherwise they would be one run.
            for (left, right) in zip(runs, runs.dropFirst()) { expect(left.attributes != right.attributes) }
        }
    }
}
