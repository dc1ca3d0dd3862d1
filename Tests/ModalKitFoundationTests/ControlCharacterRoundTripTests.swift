import Foundation
import ModalKitFoundation
import ModalModel
import TestSupport
import Testing
import TextLayout

/// `AttributedString(modal:)` shows control characters as placeholders; converting back gives the characters
/// as sent, also after an edit elsewhere in the string.
@Suite struct ControlCharacterRoundTripTests {
    static let controls: [String] = [
        "\u{0}", "\u{7}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202A}", "\u{202E}", "\u{2066}",
        "\u{2069}", "\u{2067}abc\u{2069}",
    ]
    static let plain: [String] = ["hi", " ", "漢字", "👍🏽", "e\u{301}", "مرحبا", "\n", "\t", "\u{2400}", "\u{FFFD}"]

    static func message(using generator: inout SeededGenerator) -> String {
        var message = ""
        for _ in 0..<Int.random(in: 1...16, using: &generator) {
            let pool = Bool.random(using: &generator) ? controls : plain
            message += pool.randomElement(using: &generator)!
        }
        return message
    }

    static func modal(using generator: inout SeededGenerator) -> Modal {
        var modal = RandomModals.modal(using: &generator)
        let message = Self.message(using: &generator)
        let length = message.utf16.count
        // The random styles, clipped to the new message so that they still lie inside it.
        modal.message = message
        modal.styles = modal.styles.map { style in
            var style = style
            let from = min(style.range.utf16Offset, length)
            style.range = UTF16Range(utf16Offset: from, utf16Length: min(style.range.utf16Length, length - from))
            return style
        }
        return modal
    }

    @Test func placeholdersAreShownAndTheOriginalComesBackAfterAnEdit() {
        let modal = Modal(message: "Bell\u{7}\u{7} and \u{202E}override")
        var text = AttributedString(modal: modal)
        expectEqual(String(text.characters), "Bell\u{2407}\u{2407} and \u{FFFD}override")
        text.append(AttributedString("!"))
        expectEqual(Modal(attributedString: text).message, "Bell\u{7}\u{7} and \u{202E}override!")
    }

    @Test func aDeletedPlaceholderTakesOnlyItsOwnCharacter() throws {
        var text = AttributedString(modal: Modal(message: "a\u{0}\u{1}\u{2}b"))
        let second = try #require(text.characters.firstIndex(of: "\u{2401}"))
        text.removeSubrange(second..<text.characters.index(after: second))
        expectEqual(Modal(attributedString: text).message, "a\u{0}\u{2}b")
    }

    @Test func aPlaceholderTypedByTheUserStaysAsTyped() {
        var text = AttributedString(modal: Modal(message: "a\u{0}"))
        text.append(AttributedString("\u{2400}"))
        expectEqual(Modal(attributedString: text).message, "a\u{0}\u{2400}")
    }

    /// Seeded random messages full of controls, with random styles: exactly the same modal comes back unchanged,
    /// and the same message (with the edit) after text is added at both ends and an attribute is set.
    @Test func seededMessagesWithControlsRoundTripExactly() throws {
        var generator = SeededGenerator(seed: 20_261_207)
        let rounds = TestScale.rounds(1000, quick: 200)
        var placeholders = 0
        for number in 0..<rounds {
            let modal = Self.modal(using: &generator)
            var text = AttributedString(modal: modal)
            placeholders += zip(modal.message.unicodeScalars, text.unicodeScalars).filter { $0 != $1 }.count
            expectEqual(Modal(attributedString: text), modal, "modal \(number)")
            text.insert(AttributedString("» "), at: text.startIndex)
            text.append(AttributedString(" (edited)"))
            let last = text.characters.index(before: text.endIndex)
            text[last..<text.endIndex].modalItalic = true
            let edited = Modal(attributedString: text)
            expectEqual(edited.message, "» " + modal.message + " (edited)", "modal \(number)")
        }
        // The generator must produce placeholders, or the test proves nothing.
        expect(placeholders > rounds)
    }
}
