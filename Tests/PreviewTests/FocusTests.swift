import ModalModel
import Screen
import ScreenLayout
import Testing

@testable import Preview

@Suite struct FocusTests {
    let start = Fixtures.state(Fixtures.threeModals)

    @Test func nothingIsFocusedAtFirst() {
        #expect(start.focusIndex == nil)
    }

    @Test func tabWalksForwardAndWrapsAround() {
        var state = Fixtures.run(start, [.key(.char("n"))]).0
        var seen: [Int?] = []
        for _ in 0..<4 {
            state = state.update(.key(.tab)).0
            seen.append(state.focusIndex)
        }
        #expect(seen == [0, 1, 2, 0])
    }

    @Test func shiftTabWalksBackwardAndWrapsAround() {
        var state = Fixtures.run(start, [.key(.char("n"))]).0
        var seen: [Int?] = []
        for _ in 0..<4 {
            state = state.update(.key(.shiftTab)).0
            seen.append(state.focusIndex)
        }
        #expect(seen == [2, 1, 0, 2])
    }

    @Test func leftAndRightMoveFocusLikeShiftTabAndTab() {
        let base = Fixtures.run(start, [.key(.char("n"))]).0
        let viaArrows = Fixtures.run(base, Fixtures.keys(.right, .right, .left)).0
        let viaTabs = Fixtures.run(base, Fixtures.keys(.tab, .tab, .shiftTab)).0
        #expect(viaArrows.focusIndex == 0)
        #expect(viaArrows.focusIndex == viaTabs.focusIndex)
    }

    @Test func focusFollowsTheRenderingFocusOrder() {
        let state = Fixtures.run(start, Fixtures.keys(.char("n"), .tab, .tab)).0
        let rendering = ModalView(
            modal: Fixtures.threeModals.modals[1], options: ModalViewOptions(width: 40)
        ).render()
        #expect(rendering.focusables[state.focusIndex!].kind == .button(index: 1))
    }

    @Test func theFocusedItemLooksDifferent() {
        let base = Fixtures.run(start, [.key(.char("n"))]).0
        let focused = base.update(.key(.tab)).0
        let focusedElsewhere = focused.update(.key(.tab)).0
        #expect(base.view() != focused.view())
        #expect(focused.view() != focusedElsewhere.view())
    }

    @Test func aModalWithoutButtonsSaysSoOnTab() {
        let state = Fixtures.state(Fixtures.oneModal([]))
        let after = state.update(.key(.tab)).0
        #expect(after.focusIndex == nil)
        #expect(after.status == "this modal has no buttons or links")
        #expect(Fixtures.statusRow(after.view()).hasPrefix("this modal has no buttons or links"))
    }

    @Test func enterWithNothingFocusedDoesNothingButExplain() {
        let (after, effects) = start.update(.key(.enter))
        #expect(effects.isEmpty)
        #expect(after.modalIndex == 0)
        #expect(after.status?.contains("Tab") == true)
    }
}
