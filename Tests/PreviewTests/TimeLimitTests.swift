import ModalActions
import ModalModel
import TestSupport
import Testing

@testable import Preview

/// What the preview does when the time its host allows runs out (`--time-limit`, `--default-button`).
@Suite struct TimeLimitTests {
    func limited(defaultButton: Int?, document: ModalDocument = Fixtures.threeModals) -> PreviewState {
        var options = PreviewOptions()
        options.defaultButton = defaultButton
        return Fixtures.state(document, options: options)
    }

    @Test func withoutADefaultButtonItEndsWithTheTimedOutStatusAndNoOutcome() {
        expectEqual(limited(defaultButton: nil).update(.timeLimitReached).1, [.exit(code: 4, outcome: nil)])
    }

    /// The default button of the modal on screen, not the first modal's, and its navigation is reported
    /// rather than followed: the script gets an answer.
    @Test func theDefaultButtonOfTheModalOnScreenIsReportedEvenWhenItNavigates() {
        let second = limited(defaultButton: 0).update(.key(.char("n"))).0
        expectEqual(second.modalIndex, 1)
        let effects = second.update(.timeLimitReached).1
        expectEqual(
            effects,
            [
                .exit(
                    code: 0,
                    outcome: PreviewOutcome(modalIndex: 1, control: .button(0), label: "Back", action: .previous))
            ])
    }

    @Test func aDefaultPastTheLastButtonGivesTheLast() {
        let effects = limited(defaultButton: 9).update(.timeLimitReached).1
        expectEqual(
            effects,
            [
                .exit(code: 0, outcome: PreviewOutcome(modalIndex: 0, control: .button(1), label: "Go", action: .next))
            ])
    }

    @Test func aModalWithoutButtonsTimesOut() {
        let document = Fixtures.oneModal([])
        expectEqual(
            limited(defaultButton: 0, document: document).update(.timeLimitReached).1, [.exit(code: 4, outcome: nil)])
    }

    /// A control character in a label is reported as the button shows it, as a key press would report it.
    @Test func theLabelIsTheOneShown() {
        let document = Fixtures.oneModal([Fixtures.button("OK\u{1B}[2J", .close)])
        let effects = limited(defaultButton: 0, document: document).update(.timeLimitReached).1
        guard case .exit(0, let outcome?) = effects.first else {
            Issue.record("no outcome: \(effects)")
            return
        }
        expect(!outcome.label.unicodeScalars.contains("\u{1B}"))
    }
}
