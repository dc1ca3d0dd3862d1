import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing

@testable import Preview

@Suite struct PagingTests {
    let start = Fixtures.state(Fixtures.threeModals)

    @Test func theIndicatorShowsWhichModalOfHowMany() {
        expect(Fixtures.statusRow(start.view()).hasSuffix("1/3"))
        let second = start.update(.key(.char("n"))).0
        expect(Fixtures.statusRow(second.view()).hasSuffix("2/3"))
        expect(Fixtures.locate("Second modal", in: second.view()) != nil)
        expect(Fixtures.locate("First modal", in: second.view()) == nil)
    }

    @Test func nAndPMoveAndStopAtTheEnds() {
        let last = Fixtures.run(start, Fixtures.keys(.char("n"), .char("n"), .char("n"))).0
        expectEqual(last.modalIndex, 2)
        expectEqual(last.status, "this is the last modal")
        let first = Fixtures.run(last, Fixtures.keys(.char("p"), .char("p"), .char("p"))).0
        expectEqual(first.modalIndex, 0)
        expectEqual(first.status, "this is the first modal")
        expect(Fixtures.statusRow(first.view()).hasPrefix("this is the first modal"))
    }

    @Test func changingModalStartsOnItsFirstButtonAndDropsTheScroll() {
        let focused = Fixtures.run(start, Fixtures.keys(.tab)).0
        expectEqual(focused.focusIndex, 1)
        let moved = focused.update(.key(.char("n"))).0
        expectEqual(moved.focusIndex, 0)
        expectEqual(moved.scrollOffset, 0)
    }

    @Test func theStatusLineHintsTheKeysByDefault() {
        expect(Fixtures.statusRow(start.view()).hasPrefix(KeyHints.modal.items.joined(separator: KeyHints.separator)))
    }

    /// Regression: at 40 columns the hints were cut after "n/p …", so "? help" and "q quit" never showed.
    @Test func aNarrowStatusLineStillNamesHelpAndQuit() {
        let narrow = Fixtures.state(Fixtures.threeModals, size: Size(width: 40, height: 15))
        let status = Fixtures.statusRow(narrow.view())
        expect(status.contains("? help · q quit"))
        expect(!status.contains("…"))
        expect(status.hasSuffix("1/3"))
    }

    @Test func hintsLeaveOutWholeItemsTheLeastNeededFirst() {
        expectEqual(KeyHints.modal.text(room: 100), "Tab focus · Enter activate · n/p modal · ? help · q quit")
        expectEqual(KeyHints.modal.text(room: 39), "Tab focus · n/p modal · ? help · q quit")
        expectEqual(KeyHints.modal.text(room: 38), "Tab focus · ? help · q quit")
        expectEqual(KeyHints.modal.text(room: 5), "? help · q quit")
        expectEqual(KeyHints.problem.text(room: 20), "? help · q quit")
    }

    @Test func anUnknownKeyPointsToTheHelp() {
        let state = start.update(.key(.char("x"))).0
        expectEqual(state.status, "unknown key; ? shows the keys")
        // The next key clears it again.
        expect(state.update(.key(.tab)).0.status == nil)
    }

    @Test func theModalIsCentred() {
        let grid = start.view()
        let at = Fixtures.locate("First modal", in: grid)!
        let rendering = ModalView(
            modal: Fixtures.threeModals.modals[0], options: ModalViewOptions(width: ModalWidth.preferred)
        ).render()
        let inModal = Fixtures.locate("First modal", in: rendering.grid)!
        let origin = Point(x: at.x - inModal.x, y: at.y - inModal.y)
        expectEqual(origin.x, (80 - ModalWidth.preferred.cells) / 2)
        expectEqual(origin.y, (23 - rendering.grid.size.height) / 2)
    }
}
