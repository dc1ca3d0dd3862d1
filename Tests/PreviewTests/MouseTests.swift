import ModalModel
import Screen
import TestSupport
import Testing

@testable import Preview

@Suite struct MouseTests {
    let document = Fixtures.oneModal([
        Fixtures.button("Nope", .close), Fixtures.button("Rate", .custom("rate_app")),
    ])
    var start: PreviewState { Fixtures.state(document) }

    func click(_ point: Point) -> [PreviewEvent] {
        [
            .mouse(x: point.x, y: point.y, button: .left, pressed: true),
            .mouse(x: point.x, y: point.y, button: .left, pressed: false),
        ]
    }

    @Test func clickingAButtonActivatesIt() {
        let rate = Fixtures.locate("Rate", in: start.view())!
        let (_, effects) = Fixtures.run(start, click(rate))
        expectEqual(
            effects,
            [
                .exit(
                    code: 0,
                    line: #"{"modal":0,"button":1,"label":"Rate","action":{"type":"custom","name":"rate_app"}}"#)
            ])
    }

    @Test func pressingFocusesAndReleasingElsewhereCancels() {
        let rate = Fixtures.locate("Rate", in: start.view())!
        let pressed = start.update(.mouse(x: rate.x, y: rate.y, button: .left, pressed: true)).0
        expectEqual(pressed.focusIndex, 1)
        let (released, effects) = pressed.update(.mouse(x: 0, y: 0, button: .left, pressed: false))
        expect(effects.isEmpty)
        expect(released.pressedFocusIndex == nil)
    }

    @Test func releasingOnAnotherButtonDoesNotActivateEither() {
        let grid = start.view()
        let nope = Fixtures.locate("Nope", in: grid)!
        let rate = Fixtures.locate("Rate", in: grid)!
        let (_, effects) = Fixtures.run(
            start,
            [
                .mouse(x: nope.x, y: nope.y, button: .left, pressed: true),
                .mouse(x: rate.x, y: rate.y, button: .left, pressed: false),
            ])
        expect(effects.isEmpty)
    }

    @Test func clickingOutsideAnyButtonDoesNothing() {
        let (state, effects) = Fixtures.run(start, click(Point(x: 0, y: 0)))
        expect(effects.isEmpty)
        expectEqual(state.focusIndex, start.focusIndex)
    }

    @Test func otherButtonsDoNotActivate() {
        let rate = Fixtures.locate("Rate", in: start.view())!
        let (_, effects) = Fixtures.run(
            start,
            [
                .mouse(x: rate.x, y: rate.y, button: .right, pressed: true),
                .mouse(x: rate.x, y: rate.y, button: .right, pressed: false),
            ])
        expect(effects.isEmpty)
    }

    @Test func clicksHitTheScrolledPosition() {
        // Too short to pin the button row, so the whole modal scrolls and the button moves with it.
        let tall = Fixtures.state(ScrollTests.tall, size: Size(width: 50, height: 7))
        let end = tall.update(.key(.end)).0
        let ok = Fixtures.locate("OK", in: end.view())!
        let (_, effects) = Fixtures.run(end, click(ok))
        expectEqual(effects.count, 1)
        // The same cell before scrolling shows message text, not the button.
        expect(Fixtures.run(tall, click(ok)).1.isEmpty)
    }
}
