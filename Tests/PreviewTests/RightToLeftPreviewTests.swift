import ModalModel
import Screen
import TestSupport
import Testing

@testable import Preview

/// The preview of a right-to-left modal on the in-memory screen, as a terminal without bidi (tmux, xterm)
/// shows it.
@Suite struct RightToLeftPreviewTests {
    /// The heading and buttons of samples/rtl-notice.json.
    static let document = ModalDocument(
        modals: [
            Modal(
                message: "تحديث مهم\n\nأصبح إصدار Kash Pay 3.2 متاحًا الآن.",
                buttons: [
                    ModalButton(label: "تحديث الآن", action: .openURL("https://example.com/download")),
                    ModalButton(label: "لاحقًا", action: .close),
                ])
        ], isArray: true)

    /// Regression: the preview wrote logical order, so the title read "مهم ثيدحت" in tmux and the first
    /// button sat at the left.
    @Test func titleReadsRightToLeftAndTabMovesInLogicalOrder() {
        let state = Fixtures.state(Self.document)
        let screen = state.view()
        expect(screen.lines.contains { $0.contains("مهم ثيدحت │") })
        expect(screen.lines.contains { $0.contains(".نآلا احًاتم Kash Pay 3.2 رادصإ حبصأ │") })
        // The first button, focused at start, is the one on the right.
        let first = state
        expectEqual(first.focusIndex, 0)
        expect(first.view().lines.contains { $0.contains("[ اقًحال ] ▶ نآلا ثيدحت ◀") })
        let second = first.update(.key(.tab)).0
        expectEqual(second.focusIndex, 1)
        expect(second.view().lines.contains { $0.contains("▶ اقًحال ◀ [ نآلا ثيدحت ]") })
        // The arrows follow the screen: Left goes to the button on the left, the next one.
        expectEqual(first.update(.key(.left)).0.focusIndex, 1)
    }

    @Test func clicksHitTheButtonWhereItIsDrawn() {
        let state = Fixtures.state(Self.document)
        let screen = state.view()
        guard let later = Fixtures.locate("اقًحال", in: screen) else {
            Issue.record("the second button is not on screen")
            return
        }
        let pressed = state.update(.mouse(x: later.x, y: later.y, button: .left, pressed: true)).0
        expectEqual(pressed.focusIndex, 1)
    }

    @Test func logicalOptionKeepsSourceOrder() {
        let state = Fixtures.state(Self.document, options: PreviewOptions(bidi: .logical))
        expect(state.view().lines.contains { $0.contains("تحديث مهم │") })
    }
}
