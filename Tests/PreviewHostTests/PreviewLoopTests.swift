import ModalActions
import ModalModel
import Preview
import Screen
import TestSupport
import Testing

@testable import PreviewHost
@testable import Terminal

/// The host's pure part: terminal inputs become preview events one for one, and effects come back as values.
@Suite struct PreviewLoopTests {
    let document = ModalDocument(modals: [
        Modal(message: "Pick one", buttons: [ModalButton(label: "Go", action: .custom("go"))])
    ])

    @Test func terminalInputsMapToTheSameEvents() {
        expectEqual(PreviewLoop.event(for: .key(.shiftTab)), .key(.shiftTab))
        expectEqual(PreviewLoop.event(for: .key(.space)), .key(.space))
        expectEqual(
            PreviewLoop.event(for: .mouse(x: 3, y: 4, button: .wheelDown, pressed: true)),
            .mouse(x: 3, y: 4, button: .wheelDown, pressed: true))
        expectEqual(PreviewLoop.event(for: .resize(Size(width: 9, height: 8))), .resize(Size(width: 9, height: 8)))
        expect(PreviewLoop.event(for: .signal(2)) == nil)
    }

    @Test func anActionEndsWithItsOutcome() {
        var loop = PreviewLoop(
            initial: .decoded(document: document, diagnostics: []), terminalSize: Size(width: 40, height: 12),
            options: PreviewOptions())
        expect(loop.handle(.key(.tab)).isEmpty)
        let effects = loop.handle(.key(.enter))
        guard case .exit(let code, let outcome)? = effects.first else {
            Issue.record("no exit effect: \(effects)")
            return
        }
        expectEqual(code, 0)
        expectEqual(loop.outcome, outcome)
        expectEqual(outcome, PreviewOutcome(modalIndex: 0, control: .button(0), label: "Go", action: .custom("go")))
    }

    @Test func anInvalidSourceStartsOnItsProblem() {
        let loop = PreviewLoop(
            initial: .failed(message: "gone"), terminalSize: Size(width: 40, height: 12), options: PreviewOptions())
        expectEqual(loop.state.problem, .unreadable("gone"))
    }
}
