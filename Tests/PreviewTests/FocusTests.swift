import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing

@testable import Preview

@Suite struct FocusTests {
    let start = Fixtures.state(Fixtures.threeModals)

    @Test func theFirstButtonIsFocusedAtFirstSoEnterActivatesIt() {
        expectEqual(start.focusIndex, 0)
        expect(start.view().lines.contains { $0.contains("▶ Later ◀") })
        let (_, effects) = start.update(.key(.enter))
        expect(effects.isEmpty, "Later closes modal 1 of 3, which pages inside the preview")
        expectEqual(start.update(.key(.enter)).0.modalIndex, 1)
    }

    @Test func theFirstButtonComesAfterTheLinksInFocusOrder() {
        let document = ModalDocument(modals: [
            Modal(
                message: "Read the terms",
                styles: [
                    ModalStyle(range: UTF16Range(utf16Offset: 9, utf16Length: 5), link: .openURL("https://example.com"))
                ],
                buttons: [Fixtures.button("OK", .close)])
        ])
        let state = Fixtures.state(document)
        expectEqual(state.focusables.map(\Focusable.kind), [.link(styleIndex: 0), .button(index: 0)])
        expectEqual(state.focusIndex, 1)
    }

    @Test func anInitialButtonOptionChoosesAnotherAndFallsBackToTheLast() {
        var options = PreviewOptions()
        options.initialButton = 1
        let second = Fixtures.state(Fixtures.threeModals, options: options)
        expectEqual(second.focusables[second.focusIndex!].label, "Go")
        options.initialButton = 9
        let last = Fixtures.state(Fixtures.threeModals, options: options)
        expectEqual(last.focusables[last.focusIndex!].label, "Go")
        // Paging starts the next modal on the same choice.
        expectEqual(Fixtures.run(last, [.key(.char("n"))]).0.focusIndex, 2)
    }

    @Test func tabWalksForwardAndWrapsAround() {
        var state = Fixtures.run(start, [.key(.char("n"))]).0
        expectEqual(state.focusIndex, 0)
        var seen: [Int?] = []
        for _ in 0..<4 {
            state = state.update(.key(.tab)).0
            seen.append(state.focusIndex)
        }
        expectEqual(seen, [1, 2, 0, 1])
    }

    @Test func shiftTabWalksBackwardAndWrapsAround() {
        var state = Fixtures.run(start, [.key(.char("n"))]).0
        var seen: [Int?] = []
        for _ in 0..<4 {
            state = state.update(.key(.shiftTab)).0
            seen.append(state.focusIndex)
        }
        expectEqual(seen, [2, 1, 0, 2])
    }

    @Test func leftAndRightMoveFocusLikeShiftTabAndTab() {
        let base = Fixtures.run(start, [.key(.char("n"))]).0
        let viaArrows = Fixtures.run(base, Fixtures.keys(.right, .right, .left)).0
        let viaTabs = Fixtures.run(base, Fixtures.keys(.tab, .tab, .shiftTab)).0
        expectEqual(viaArrows.focusIndex, 1)
        expectEqual(viaArrows.focusIndex, viaTabs.focusIndex)
    }

    @Test func focusFollowsTheRenderingFocusOrder() {
        let state = Fixtures.run(start, Fixtures.keys(.char("n"), .tab)).0
        let rendering = ModalView(
            modal: Fixtures.threeModals.modals[1], options: ModalViewOptions(width: 40)
        ).render()
        expectEqual(rendering.focusables[state.focusIndex!].kind, .button(index: 1))
    }

    @Test func theFocusedItemLooksDifferent() {
        let focused = Fixtures.run(start, [.key(.char("n"))]).0
        let focusedElsewhere = focused.update(.key(.tab)).0
        expect(focused.view() != focusedElsewhere.view())
        expect(focused.view().lines.contains { $0.contains("▶ Back ◀") })
        expect(focusedElsewhere.view().lines.contains { $0.contains("▶ Open ◀") })
    }

    @Test func aModalWithoutButtonsSaysSoOnTab() {
        let state = Fixtures.state(Fixtures.oneModal([]))
        let after = state.update(.key(.tab)).0
        expect(after.focusIndex == nil)
        expectEqual(after.status, "this modal has no buttons or links")
        expect(Fixtures.statusRow(after.view()).hasPrefix("this modal has no buttons or links"))
    }

    @Test func enterWithNothingFocusedDoesNothingButExplain() {
        let document = ModalDocument(modals: [
            Modal(
                message: "Read the terms",
                styles: [
                    ModalStyle(range: UTF16Range(utf16Offset: 9, utf16Length: 5), link: .openURL("https://example.com"))
                ])
        ])
        let linkOnly = Fixtures.state(document)
        expect(linkOnly.focusIndex == nil, "a modal without buttons starts with nothing focused")
        let (after, effects) = linkOnly.update(.key(.enter))
        expect(effects.isEmpty)
        expectEqual(after.status?.contains("Tab"), true)
    }
}
