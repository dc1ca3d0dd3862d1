import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing

@testable import Preview

@Suite struct ResizeTests {
    @Test func aTooNarrowTerminalSaysWhatItNeeds() {
        let state = Fixtures.state(Fixtures.threeModals, options: PreviewOptions(modalWidth: 40))
        let small = state.update(.resize(Size(width: 30, height: 10))).0
        let grid = small.view()
        expectEqual(grid.size, Size(width: 30, height: 10))
        let text = grid.lines.dropLast().map(Fixtures.trimmed).filter { !$0.isEmpty }.joined(separator: " ")
        let height =
            min(
                3,
                ModalView(modal: Fixtures.threeModals.modals[0], options: ModalViewOptions(width: 40))
                    .render().grid.size.height) + 1
        expectEqual(text, "terminal too small (need 40×\(height), have 30×10)")
    }

    @Test func aTooSmallTerminalKeepsTheStatusLineWithTheKeysThatStillWork() {
        let state = Fixtures.state(
            Fixtures.threeModals, size: Size(width: 30, height: 10), options: PreviewOptions(modalWidth: 40))
        let status = Fixtures.statusRow(state.view())
        expect(status.contains("q quit"))
        expect(status.contains("? help"))
        expect(status.hasSuffix("1/3"))
    }

    /// Regression: while the terminal was too small to show the modal, Tab then Enter activated a button
    /// the user had never seen, ending the preview with its JSON line.
    @Test func keysDoNotActOnAModalThatIsNotShown() {
        let state = Fixtures.state(
            Fixtures.threeModals, size: Size(width: 30, height: 10), options: PreviewOptions(modalWidth: 40))
        let (after, effects) = Fixtures.run(
            state, Fixtures.keys(.tab, .enter, .space, .char("n"), .down, .end, .right))
        expect(effects.isEmpty)
        expectEqual(after.focusIndex, state.focusIndex)
        expectEqual(after.modalIndex, 0)
        expectEqual(after.scrollOffset, 0)
        expect(Fixtures.statusRow(after.view()).hasPrefix(PreviewState.tooSmallStatus))
        // Cancelling still works.
        expectEqual(after.update(.key(.char("q"))).1, [.exit(code: 1, line: nil)])
    }

    /// Regression: "?" while the terminal was too small opened a help that was never drawn, so the next key
    /// (even q) was silently spent on closing it.
    @Test func theHelpIsDrawnWhileTooSmall() {
        let state = Fixtures.state(
            Fixtures.threeModals, size: Size(width: 30, height: 14), options: PreviewOptions(modalWidth: 40))
        let shown = state.update(.key(.char("?"))).0
        expect(shown.isHelpShown)
        expect(Fixtures.locate(" Keys ", in: shown.view()) != nil)
    }

    @Test func aTooShortTerminalSaysWhatItNeeds() {
        let state = Fixtures.state(Fixtures.threeModals, size: Size(width: 80, height: 1))
        let text = state.view().lines.map(Fixtures.trimmed).joined()
        expect(text.hasPrefix("terminal too small"))
    }

    @Test func growingAgainRecovers() {
        let state = Fixtures.state(Fixtures.threeModals, options: PreviewOptions(modalWidth: 40))
        let small = state.update(.resize(Size(width: 30, height: 10))).0
        let large = small.update(.resize(Size(width: 100, height: 30))).0
        let grid = large.view()
        expectEqual(grid.size, Size(width: 100, height: 30))
        expect(Fixtures.locate("First modal", in: grid) != nil)
        expect(Fixtures.statusRow(grid).hasSuffix("1/3"))
        expectEqual(
            large.view(),
            Fixtures.state(
                Fixtures.threeModals, size: Size(width: 100, height: 30),
                options: PreviewOptions(modalWidth: 40)
            ).view())
    }

    @Test func withoutAWidthTheModalNarrowsToTheTerminal() {
        let state = Fixtures.state(Fixtures.threeModals, size: Size(width: 24, height: 12))
        let grid = state.view()
        expect(Fixtures.locate("First modal", in: grid) != nil)
        expectEqual(Placement(state)!.layout.size.width, 24)
    }

    @Test func clicksAreIgnoredWhileTooSmall() {
        let state = Fixtures.state(
            Fixtures.threeModals, size: Size(width: 10, height: 3),
            options: PreviewOptions(modalWidth: 40))
        let (_, effects) = Fixtures.run(
            state,
            [
                .mouse(x: 1, y: 1, button: .left, pressed: true), .mouse(x: 1, y: 1, button: .left, pressed: false),
            ])
        expect(effects.isEmpty)
    }

    @Test func shrinkingClampsTheScrollOffset() {
        let tall = Fixtures.state(ScrollTests.tall, size: Size(width: 50, height: 12))
        let scrolled = tall.update(.key(.end)).0
        let taller = scrolled.update(.resize(Size(width: 50, height: 80))).0
        expectEqual(taller.scrollOffset, 0)
    }

    @Test func anEmptyTerminalDrawsNothing() {
        let state = Fixtures.state(Fixtures.threeModals, size: Size(width: 0, height: 0))
        expect(state.view().cells.isEmpty)
    }
}
