import Foundation
import ModalKitFoundation
import ModalModel
import TestSupport
import Testing
import TextLayout

@Suite struct AttributedStringBridgeTests {
    static let red = ModalColor(red: 255, green: 0, blue: 0)
    static let translucentBlue = ModalColor(red: 0, green: 0, blue: 255, alpha: 0x80)

    static func range(_ from: Int, _ length: Int) -> UTF16Range { UTF16Range(utf16Offset: from, utf16Length: length) }

    @Test func attributesCarryEveryValueOfTheModal() {
        let modal = Modal(
            message: "Sale 🎉 ends now",
            styles: [
                ModalStyle(range: Self.range(0, 4), fontStyle: .boldItalic, fontSize: 25, color: Self.red),
                ModalStyle(range: Self.range(5, 2), backgroundColor: Self.translucentBlue),
                ModalStyle(
                    range: Self.range(8, 4), underline: true, strikethrough: true,
                    link: .openURL("https://example.com/sale")),
            ])
        let attributed = AttributedString(modal: modal)
        expectEqual(String(attributed.characters), "Sale 🎉 ends now")
        let runs = Array(attributed.runs)
        expectEqual(runs.count, 6)
        let title = runs[0]
        expectEqual(String(attributed.characters[title.range]), "Sale")
        expect(title.modalBold == true && title.modalItalic == true)
        expect(title.modalFontSize == 25 && title.modalForegroundColor == Self.red)
        expectEqual(runs[2].modalBackgroundColor, Self.translucentBlue)
        let link = runs[4]
        expectEqual(String(attributed.characters[link.range]), "ends")
        expect(link.modalUnderline == true && link.modalStrikethrough == true)
        expectEqual(link.modalAction, .openURL("https://example.com/sale"))
        expectEqual(link.modalLinkStyleIndex, 2)
        expectEqual(link.link, URL(string: "https://example.com/sale"))
        expect(runs[1].modalBold == nil && runs[1].link == nil)
    }

    @Test func anAttributedStringWrittenByHandBecomesAModal() {
        var text = AttributedString("Tap here to apply")
        let here = text.range(of: "here")!
        text[here].modalBold = true
        text[here].modalAction = .command(scheme: "kash", name: "applyCoupon", data: nil)
        var docs = AttributedString(" or read the docs")
        docs[docs.range(of: "docs")!].link = URL(string: "https://example.com/docs")
        text.append(docs)
        let modal = Modal(attributedString: text, buttons: [ModalButton(label: "Close", action: .close)])
        expectEqual(modal.message, "Tap here to apply or read the docs")
        expectEqual(
            modal.styles,
            [
                ModalStyle(range: Self.range(4, 4), link: .command(scheme: "kash", name: "applyCoupon", data: nil)),
                ModalStyle(range: Self.range(30, 4), link: .openURL("https://example.com/docs")),
                ModalStyle(range: Self.range(4, 4), fontStyle: .bold),
            ])
        expectEqual(modal.buttons.count, 1)
    }

    @Test func neighbouringLinksWithTheSameActionStayTwoLinks() {
        let modal = Modal(
            message: "onetwo",
            styles: [
                ModalStyle(range: Self.range(0, 3), link: .close), ModalStyle(range: Self.range(3, 3), link: .close),
            ])
        let back = Modal(attributedString: AttributedString(modal: modal))
        expectEqual(back.styles, modal.styles)
    }

    /// Every sample: modal → AttributedString → modal gives the same modal, styles in order, link indices kept.
    @Test(arguments: Self.sampleModals())
    func samplesRoundTripExactly(sample: SampleModal) {
        expectSameModal(sample.modal, sample.name)
    }

    /// Seeded random modals in mixed scripts, with controls, overlapping, empty and nested styles and links: the
    /// same modal comes back (1,000 at full scale; a quick run does the first of them, same seed).
    @Test(.tags(.slow)) func seededModalsRoundTripExactly() {
        var generator = SeededGenerator(seed: 20_261_130)
        for number in 0..<TestScale.rounds(1000, quick: 150) {
            expectSameModal(RandomModals.modal(using: &generator), "random modal \(number)")
        }
    }

    func expectSameModal(_ modal: Modal, _ name: String) {
        let back = Modal(
            attributedString: AttributedString(modal: modal), buttons: modal.buttons,
            textAlignment: modal.textAlignment, maxLines: modal.maxLines)
        if modal.message.isEmpty && !modal.styles.isEmpty {
            // The one case that cannot hold, pinned below: an empty message has no run to carry its styles.
            expect(back.styles.isEmpty, "\(name)")
            return
        }
        expectEqual(back, modal, "\(name)")
        expectEqual(MessageRun.runs(of: back), MessageRun.runs(of: modal), "\(name): runs or link indices differ")
    }

    /// An attributed string with the same attributes but not made by `AttributedString(modal:)` (written by hand,
    /// or copied attribute by attribute) is read from its attributes: every sample gives the same runs.
    @Test(arguments: Self.sampleModals())
    func samplesReadFromTheirAttributesGiveTheSameRuns(sample: SampleModal) {
        let copied = Self.attributesOnly(AttributedString(modal: sample.modal))
        expectSameRuns(sample.modal, Modal(attributedString: copied), sample.name)
    }

    /// The same for the seeded random modals (their controls come back as the placeholders the runs show).
    @Test(.tags(.slow)) func seededModalsReadFromTheirAttributesGiveTheSameRuns() {
        var generator = SeededGenerator(seed: 20_261_130)
        for number in 0..<TestScale.rounds(1000, quick: 150) {
            let modal = RandomModals.modal(using: &generator)
            let back = Modal(attributedString: Self.attributesOnly(AttributedString(modal: modal)))
            expectSameRuns(modal, back, "random modal \(number)")
        }
    }

    @Test func anEditedStringIsReadFromItsAttributes() throws {
        let modal = Modal(
            message: "Sale ends now",
            styles: [ModalStyle(range: Self.range(0, 4), fontStyle: .bold), ModalStyle(range: Self.range(0, 9))])
        var text = AttributedString(modal: modal)
        expectEqual(Modal(attributedString: text), modal)
        text[try #require(text.range(of: "now"))].modalItalic = true
        let edited = Modal(attributedString: text)
        expectEqual(edited.message, "Sale ends now")
        expectEqual(
            edited.styles,
            [
                ModalStyle(range: Self.range(0, 4), fontStyle: .bold),
                ModalStyle(range: Self.range(10, 3), fontStyle: .italic),
            ])
    }

    /// Equality cannot hold for a modal whose message is empty: an empty attributed string has no runs, so its
    /// styles (all of them empty) have nothing to ride on and are lost.
    @Test func anEmptyMessageLosesItsEmptyStyles() {
        let modal = Modal(message: "", styles: [ModalStyle(range: Self.range(0, 0), fontStyle: .bold)])
        let back = Modal(attributedString: AttributedString(modal: modal))
        expect(back.message == "" && back.styles.isEmpty)
        expect(back != modal)
    }

    /// Equality cannot hold the other way round for an attribute the format cannot say, such as Foundation's
    /// language identifier: attributed string → modal → attributed string drops it.
    @Test func anAttributeTheFormatCannotSayIsDropped() {
        var text = AttributedString("今日のセール")
        text.languageIdentifier = "ja"
        text.modalBold = true
        let back = AttributedString(modal: Modal(attributedString: text))
        expectEqual(back.runs.count, 1)
        expectEqual(back.runs.first?.modalBold, true)
        expect(back.runs.first?.languageIdentifier == nil)
    }

    /// A copy of `text` with only the attributes of `AttributeScopes.ModalKitAttributes` and Foundation's link.
    static func attributesOnly(_ text: AttributedString) -> AttributedString {
        var copy = text
        for run in text.runs {
            var container = AttributeContainer()
            container.modalBold = run.modalBold
            container.modalItalic = run.modalItalic
            container.modalUnderline = run.modalUnderline
            container.modalStrikethrough = run.modalStrikethrough
            container.modalForegroundColor = run.modalForegroundColor
            container.modalBackgroundColor = run.modalBackgroundColor
            container.modalFontSize = run.modalFontSize
            container.modalAction = run.modalAction
            container.modalLinkStyleIndex = run.modalLinkStyleIndex
            container.link = run.link
            copy[run.range].setAttributes(container)
        }
        return copy
    }

    /// Runs equal in text, range and attributes; link style indices renumbered in the same order.
    func expectSameRuns(_ original: Modal, _ back: Modal, _ name: String) {
        let before = MessageRun.runs(of: original)
        let after = MessageRun.runs(of: back)
        expectEqual(after.count, before.count, "\(name): \(before.count) runs became \(after.count)")
        let linkIndices = Array(Set(before.compactMap(\.attributes.link?.styleIndex))).sorted()
        for (old, new) in zip(before, after) {
            var expected = old
            if let link = old.attributes.link {
                expected.attributes.link = RunLink(
                    action: link.action, styleIndex: linkIndices.firstIndex(of: link.styleIndex)!)
            }
            expectEqual(new, expected, "\(name)")
        }
    }

    static func sampleModals() -> [SampleModal] {
        let directory = repositoryRoot + "/samples"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var samples: [SampleModal] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            guard let bytes = readFileBytes(directory + "/" + name),
                let document = ModalDecoder.decode(bytes).document
            else { continue }
            for (index, modal) in document.modals.enumerated() {
                samples.append(SampleModal(name: "\(name) #\(index)", modal: modal))
            }
        }
        return samples
    }
}

/// One modal of a sample file, named for the test report.
struct SampleModal: Sendable, CustomTestStringConvertible {
    var name: String
    var modal: Modal
    var testDescription: String { name }
}

@Suite struct SampleListTests {
    @Test func everySampleIsFoundAndDecodes() {
        // The round-trip test above is only as good as its list: the samples directory must not come back empty.
        expect(AttributedStringBridgeTests.sampleModals().count >= 12)
    }
}

/// Random modals built from pieces of every script layout must handle, with every attribute and action kind.
enum RandomModals {
    static let fragments: [String] = [
        "hello", " ", "world", "\n", "\r\n", "\t", "漢字", "日本語", "한국어", "👍", "👍🏽", "👨\u{200D}👩\u{200D}👧\u{200D}👦",
        "🇯🇵", "1️⃣", "e\u{301}", "क्ष", "مرحبا", "שלום", "\u{1B}[2J", "\u{202E}", "\u{7F}", "\u{9B}", "…", "$9.99",
    ]
    static let colors = [
        ModalColor(red: 255, green: 0, blue: 0), ModalColor(red: 0, green: 128, blue: 255, alpha: 0x80),
        ModalColor(red: 0, green: 0, blue: 0, alpha: 0),
    ]
    static let actions: [ModalAction] = [
        .close, .next, .previous, .openURL("https://example.com/a?b=c"), .openURL("mailto:help@example.com"),
        .command(scheme: "kash", name: "applyCoupon", data: .string("SPRING24")), .custom("open_settings"),
    ]

    static func modal(using generator: inout SeededGenerator) -> Modal {
        var message = ""
        for _ in 0..<Int.random(in: 0...24, using: &generator) {
            message += fragments.randomElement(using: &generator)!
        }
        let length = message.utf16.count
        let styles = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
            let from = Int.random(in: 0...length, using: &generator)
            var style = ModalStyle(
                range: UTF16Range(
                    utf16Offset: from, utf16Length: Int.random(in: 0...(length - from), using: &generator)))
            if Int.random(in: 0..<3, using: &generator) == 0 {
                style.fontStyle = FontStyle.allCases.randomElement(using: &generator)
            }
            if Int.random(in: 0..<3, using: &generator) == 0 { style.underline = Bool.random(using: &generator) }
            if Int.random(in: 0..<3, using: &generator) == 0 { style.strikethrough = Bool.random(using: &generator) }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                style.fontSize = Double(Int.random(in: 8...40, using: &generator)) / 2
            }
            if Int.random(in: 0..<3, using: &generator) == 0 { style.color = colors.randomElement(using: &generator) }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                style.backgroundColor = colors.randomElement(using: &generator)
            }
            if Int.random(in: 0..<3, using: &generator) == 0 { style.link = actions.randomElement(using: &generator) }
            return style
        }
        return Modal(message: message, styles: styles)
    }
}
