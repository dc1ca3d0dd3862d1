import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing

@testable import Preview

@Suite struct ScrollTests {
    /// A message of 40 numbered lines with one button, far taller than a 12-row terminal.
    static let tall = ModalDocument(modals: [
        Modal(
            message: (1...40).map { "line \($0)" }.joined(separator: "\n"),
            buttons: [Fixtures.button("OK", .custom("ok"))])
    ])
    let start = Fixtures.state(tall, size: Size(width: 50, height: 12))

    var maxOffset: Int {
        let height = ModalView(modal: Self.tall.modals[0], options: ModalViewOptions(width: 40)).render().grid.size
            .height
        return height - 11
    }

    @Test func downAndUpMoveOneRowAndStopAtTheTop() {
        let down = Fixtures.run(start, Fixtures.keys(.down, .down)).0
        expectEqual(down.scrollOffset, 2)
        let up = Fixtures.run(down, Fixtures.keys(.up, .up, .up)).0
        expectEqual(up.scrollOffset, 0)
    }

    @Test func endAndHomeGoToTheBounds() {
        let end = start.update(.key(.end)).0
        expectEqual(end.scrollOffset, maxOffset)
        expectEqual(end.update(.key(.down)).0.scrollOffset, maxOffset)
        expectEqual(end.update(.key(.home)).0.scrollOffset, 0)
    }

    @Test func pagesKeepOneRowOfOverlap() {
        // The message scrolls in a window of 7 rows: 11 less the frame's top and the pinned gap, button
        // row and frame bottom.
        let page = start.update(.key(.pageDown)).0
        expectEqual(page.scrollOffset, 6)
        let back = page.update(.key(.pageUp)).0
        expectEqual(back.scrollOffset, 0)
        let far = Fixtures.run(start, [PreviewEvent](repeating: .key(.pageDown), count: 6)).0
        expectEqual(far.scrollOffset, maxOffset)
    }

    @Test func scrollingMovesTheText() {
        expect(Fixtures.locate("line 2 ", in: start.view()) != nil)
        let scrolled = Fixtures.run(start, Fixtures.keys(.pageDown)).0
        expect(Fixtures.locate("line 2 ", in: scrolled.view()) == nil)
        let end = start.update(.key(.end)).0
        expect(Fixtures.locate("line 40", in: end.view()) != nil)
    }

    /// Regression: with the width following the terminal, a modal that scrolls was as wide as the terminal,
    /// so the scroll bar was drawn over its right frame and replaced the corners with the thumb.
    @Test func theScrollBarGetsItsOwnColumnWhenTheWidthFollowsTheTerminal() {
        let state = Fixtures.state(Self.tall, size: Size(width: 40, height: 15))
        let grid = state.view()
        expectEqual(grid[38, 0].grapheme, "┐")
        expect((1..<13).allSatisfy { grid[38, $0].grapheme == "│" })
        expectEqual(grid[38, 13].grapheme, "┘")
        // The bar runs beside the message's window, rows 1 to 10, below the pinned top of the frame.
        expectEqual(grid[39, 1].grapheme, "█")
        let end = state.update(.key(.end)).0.view()
        expectEqual(end[38, 13].grapheme, "┘")
        expectEqual(end[39, 10].grapheme, "█")
        expectEqual(end[39, 11].grapheme, " ")
    }

    @Test func aModalThatFitsKeepsTheTerminalsWidth() {
        let short = Fixtures.state(Fixtures.threeModals, size: Size(width: 40, height: 15))
        expectEqual(Placement(short)!.layout.size.width, 40)
    }

    @Test func aScrollBarShowsWhereTheViewIs() {
        func thumbRows(_ state: PreviewState) -> [Int] {
            let grid = state.view()
            return (0..<grid.size.height).filter { y in
                (0..<grid.size.width).contains { grid[$0, y].grapheme == "█" }
            }
        }
        let top = thumbRows(start)
        let bottom = thumbRows(start.update(.key(.end)).0)
        expectEqual(top.first, 1)
        expectEqual(bottom.last, 7)
        expect(!top.isEmpty && top.count == bottom.count)
    }

    @Test func aModalThatFitsDoesNotScrollOrShowABar() {
        let short = Fixtures.state(Fixtures.threeModals)
        expectEqual(short.update(.key(.down)).0.scrollOffset, 0)
        expect(!short.view().lines.contains { $0.contains("█") })
    }

    /// Regression: the button row was part of what scrolled, so a long message (terms-of-service at 80×24)
    /// hid its buttons until End.
    @Test func theButtonRowStaysPinnedWhileTheMessageScrolls() {
        let okAtStart = Fixtures.locate("OK", in: start.view())
        expectEqual(okAtStart?.y, 9, "the button row sits above the frame's bottom, row 10")
        expectEqual(Fixtures.locate("line 1 ", in: start.view())?.y, 1)
        expectEqual(start.view()[5, 10].grapheme, "─")
        for keys in [Fixtures.keys(.down), Fixtures.keys(.pageDown), Fixtures.keys(.end)] {
            let scrolled = Fixtures.run(start, keys).0
            expect(scrolled.scrollOffset > 0)
            expectEqual(Fixtures.locate("OK", in: scrolled.view()), okAtStart)
            expect(Fixtures.locate("line 1 ", in: scrolled.view()) == nil)
        }
        let end = start.update(.key(.end)).0.view()
        expectEqual(Fixtures.locate("line 40", in: end)?.y, 7, "the message's last line ends its window")
        expect(Fixtures.trimmed(end.lines[8]).hasSuffix("│"), "then the blank row above the buttons")
        // The pinned button is focused, drawn, and clicked where it is drawn, at any scroll.
        expectEqual(start.focusIndex, 0)
        expect(start.view().lines[9].contains("▶ OK ◀"))
        let point = okAtStart!
        let clicked = Fixtures.run(
            start,
            Fixtures.keys(.pageDown) + [
                .mouse(x: point.x, y: point.y, button: .left, pressed: true),
                .mouse(x: point.x, y: point.y, button: .left, pressed: false),
            ])
        expectEqual(
            clicked.1,
            [
                .exit(code: 0, line: #"{"modal":0,"button":0,"label":"OK","action":{"type":"custom","name":"ok"}}"#)
            ])
        // Tab to the pinned button does not scroll.
        expectEqual(Fixtures.run(start, Fixtures.keys(.pageDown, .tab)).0.scrollOffset, 6)
    }

    @Test func aScreenTooShortToPinScrollsTheWholeModal() {
        // 7 rows leave 6 for the modal: the frame's top and a 3-row bottom would leave the message 2 rows.
        let short = Fixtures.state(Self.tall, size: Size(width: 50, height: 7))
        expect(Fixtures.locate("OK", in: short.view()) == nil)
        expectEqual(Fixtures.locate("line 1 ", in: short.view())?.y, 1)
        let end = short.update(.key(.end)).0
        expectEqual(Fixtures.locate("OK", in: end.view())?.y, 4)
        expectEqual(end.scrollOffset, maxOffset + 11 - 6)
    }

    @Test func theWheelScrollsThreeRows() {
        let wheel = start.update(.mouse(x: 5, y: 5, button: .wheelDown, pressed: true)).0
        expectEqual(wheel.scrollOffset, 3)
        expectEqual(wheel.update(.mouse(x: 5, y: 5, button: .wheelUp, pressed: true)).0.scrollOffset, 0)
    }
}
