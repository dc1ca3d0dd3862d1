import ModalModel
import Screen
import ScreenLayout
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
        #expect(down.scrollOffset == 2)
        let up = Fixtures.run(down, Fixtures.keys(.up, .up, .up)).0
        #expect(up.scrollOffset == 0)
    }

    @Test func endAndHomeGoToTheBounds() {
        let end = start.update(.key(.end)).0
        #expect(end.scrollOffset == maxOffset)
        #expect(end.update(.key(.down)).0.scrollOffset == maxOffset)
        #expect(end.update(.key(.home)).0.scrollOffset == 0)
    }

    @Test func pagesKeepOneRowOfOverlap() {
        let page = start.update(.key(.pageDown)).0
        #expect(page.scrollOffset == 10)
        let back = page.update(.key(.pageUp)).0
        #expect(back.scrollOffset == 0)
        let far = Fixtures.run(start, Fixtures.keys(.pageDown, .pageDown, .pageDown, .pageDown, .pageDown)).0
        #expect(far.scrollOffset == maxOffset)
    }

    @Test func scrollingMovesTheText() {
        #expect(Fixtures.locate("line 2 ", in: start.view()) != nil)
        let scrolled = Fixtures.run(start, Fixtures.keys(.pageDown)).0
        #expect(Fixtures.locate("line 2 ", in: scrolled.view()) == nil)
        let end = start.update(.key(.end)).0
        #expect(Fixtures.locate("line 40", in: end.view()) != nil)
    }

    /// Regression: with the width following the terminal, a modal that scrolls was as wide as the terminal,
    /// so the scroll bar was drawn over its right frame and replaced the corners with the thumb.
    @Test func theScrollBarGetsItsOwnColumnWhenTheWidthFollowsTheTerminal() {
        let state = Fixtures.state(Self.tall, size: Size(width: 40, height: 15))
        let grid = state.view()
        #expect(grid[38, 0].grapheme == "┐")
        #expect((1..<14).allSatisfy { grid[38, $0].grapheme == "│" })
        #expect(grid[39, 0].grapheme == "█")
        let end = state.update(.key(.end)).0.view()
        #expect(end[38, 13].grapheme == "┘")
        #expect(end[39, 13].grapheme == "█")
    }

    @Test func aModalThatFitsKeepsTheTerminalsWidth() {
        let short = Fixtures.state(Fixtures.threeModals, size: Size(width: 40, height: 15))
        #expect(Placement(short)!.layout.size.width == 40)
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
        #expect(top.first == 0)
        #expect(bottom.last == 10)
        #expect(!top.isEmpty && top.count == bottom.count)
    }

    @Test func aModalThatFitsDoesNotScrollOrShowABar() {
        let short = Fixtures.state(Fixtures.threeModals)
        #expect(short.update(.key(.down)).0.scrollOffset == 0)
        #expect(!short.view().lines.contains { $0.contains("█") })
    }

    @Test func tabScrollsTheFocusedButtonIntoView() {
        let focused = start.update(.key(.tab)).0
        let button = Placement(focused)!.focusables[0].rects[0]
        // Scrolled just far enough for the button's last row to be the screen's last modal row.
        #expect(focused.scrollOffset == button.origin.y + button.size.height - 11)
        #expect(Fixtures.locate("OK", in: focused.view()) != nil)
        // Shift-Tab back to the same button does not scroll again.
        #expect(Fixtures.run(focused, Fixtures.keys(.tab, .shiftTab)).0.scrollOffset == focused.scrollOffset)
    }

    @Test func theWheelScrollsThreeRows() {
        let wheel = start.update(.mouse(x: 5, y: 5, button: .wheelDown, pressed: true)).0
        #expect(wheel.scrollOffset == 3)
        #expect(wheel.update(.mouse(x: 5, y: 5, button: .wheelUp, pressed: true)).0.scrollOffset == 0)
    }
}
