import TestSupport
import Testing

@testable import Terminal

@Suite struct MouseReportTests {
    @Test func aPressOrAReleaseIsItself() {
        expectEqual(
            MouseReport(button: .left, pressed: true, released: false, clicks: 0).inputs(x: 3, y: 4),
            [.mouse(x: 3, y: 4, button: .left, pressed: true)])
        expectEqual(
            MouseReport(button: .right, pressed: false, released: true, clicks: 0).inputs(x: 3, y: 4),
            [.mouse(x: 3, y: 4, button: .right, pressed: false)])
    }

    /// Regression: ncurses merges a press and release read together into a click, which was dropped, so a
    /// quick click on a button did nothing.
    @Test func aClickIsAPressThenARelease() {
        expectEqual(
            MouseReport(button: .left, pressed: false, released: false, clicks: 1).inputs(x: 7, y: 2),
            [
                .mouse(x: 7, y: 2, button: .left, pressed: true),
                .mouse(x: 7, y: 2, button: .left, pressed: false),
            ])
    }

    @Test func aDoubleClickIsTwoClicks() {
        let inputs = MouseReport(button: .left, pressed: false, released: false, clicks: 2).inputs(x: 0, y: 0)
        let press = TerminalInput.mouse(x: 0, y: 0, button: .left, pressed: true)
        let release = TerminalInput.mouse(x: 0, y: 0, button: .left, pressed: false)
        expectEqual(inputs, [press, release, press, release])
    }

    @Test func nothingReportedIsNoInput() {
        expect(MouseReport(button: .middle, pressed: false, released: false, clicks: 0).inputs(x: 1, y: 1).isEmpty)
    }
}
