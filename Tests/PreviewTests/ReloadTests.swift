import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing

@testable import Preview

@Suite struct ReloadTests {
    let options = PreviewOptions(sourceName: "promo.json", canReload: true)
    var start: PreviewState { Fixtures.state(Fixtures.threeModals, options: options) }

    /// The second modal with its "Open" button focused.
    var focusedOnOpen: PreviewState { Fixtures.run(start, Fixtures.keys(.char("n"), .tab)).0 }

    let invalid = FileLoad.decoded(
        document: nil,
        diagnostics: [
            Fixtures.diagnostic(
                .error, .jsonSyntax, "expected ',' or '}' after an object member", line: 3, column: 14),
            Fixtures.diagnostic(.warning, .unknownKey, "unknown key \"colour\"", line: 5, column: 7),
        ])

    @Test func rAsksTheHostToLoadInTheBackground() {
        let (state, effects) = start.update(.key(.char("r")))
        expect(effects.isEmpty)
        expectEqual(state.pendingLoad, LoadRequest(serial: 1, sourceName: start.options.sourceName))
        expectEqual(state.view().lines.last?.contains("loading \(start.options.sourceName)… Esc cancels"), true)
        expectEqual(start.update(.reloadRequested).0.pendingLoad?.serial, 1)
    }

    @Test func keysDuringALoadActOnTheModalShown() {
        let loading = start.update(.key(.char("r"))).0
        // Enter answers the modal on screen; the version on its way has other buttons.
        let (entered, effects) = loading.update(.key(.enter))
        let (expected, expectedEffects) = start.update(.key(.enter))
        expectEqual(effects, expectedEffects)
        expectEqual(entered.modalIndex, expected.modalIndex)
        expectEqual(entered.document, start.document)
        // n pages the document shown, and the load goes on.
        let paged = loading.update(.key(.char("n"))).0
        expectEqual(paged.modalIndex, start.modalIndex + 1)
        expectEqual(paged.pendingLoad, loading.pendingLoad)
        // A second r leaves the load running alone; a watcher's newer change replaces it.
        expectEqual(loading.update(.key(.char("r"))).0.pendingLoad, loading.pendingLoad)
        expectEqual(loading.update(.reloadRequested).0.pendingLoad?.serial, 2)
    }

    @Test func escDuringALoadDropsItAndKeepsThePreview() {
        let loading = start.update(.key(.char("r"))).0
        let (cancelled, effects) = loading.update(.key(.escape))
        expect(effects.isEmpty)
        expect(cancelled.pendingLoad == nil)
        expectEqual(cancelled.status, PreviewState.loadCancelledStatus)
        // The answer that comes after all is dropped, and Esc now ends the preview as always.
        let late = cancelled.update(
            .loaded(loading.pendingLoad!, .decoded(document: Fixtures.threeModals, diagnostics: [])))
        expectEqual(late.0, cancelled)
        expectEqual(cancelled.update(.key(.escape)).1, [.exit(code: 1, outcome: nil)])
    }

    @Test func theAnswerToTheLoadReplacesTheDocument() {
        let loading = start.update(.key(.char("r"))).0
        let edited = ModalDocument(modals: [Fixtures.threeModals.modals[2]])
        let stale = LoadRequest(serial: 7, sourceName: "other")
        expectEqual(loading.update(.loaded(stale, .decoded(document: edited, diagnostics: []))).0, loading)
        let done = loading.update(.loaded(loading.pendingLoad!, .decoded(document: edited, diagnostics: []))).0
        expect(done.pendingLoad == nil)
        expectEqual(done.document, edited)
        expectEqual(done.status, "reloaded")
    }

    @Test func standardInputCannotBeReloaded() {
        let state = Fixtures.state(Fixtures.threeModals)
        let (after, effects) = state.update(.key(.char("r")))
        expect(effects.isEmpty)
        expectEqual(after.status, "standard input cannot be read again")
    }

    @Test func aValidReloadKeepsTheModalAndTheFocusedItem() {
        var edited = Fixtures.threeModals
        edited.modals[1].message = "Second modal, edited"
        edited.modals[1].buttons.insert(Fixtures.button("New", .custom("new")), at: 0)
        let state = focusedOnOpen.update(.fileChanged(.decoded(document: edited, diagnostics: []))).0
        expectEqual(state.document, edited)
        expectEqual(state.modalIndex, 1)
        // "Open" moved from button 1 to button 2: focus follows the item, not the position.
        expectEqual(state.focusIndex, 2)
        expectEqual(state.status, "reloaded")
        expect(Fixtures.locate("Second modal, edited", in: state.view()) != nil)
    }

    @Test func aReloadWithFewerModalsShowsTheLastOne() {
        let shorter = ModalDocument(modals: [Fixtures.threeModals.modals[0]])
        let state = focusedOnOpen.update(.fileChanged(.decoded(document: shorter, diagnostics: []))).0
        expectEqual(state.modalIndex, 0)
        expectEqual(state.focusIndex, 0, "the modal shown instead starts on its first button")
    }

    @Test func aFocusedItemThatIsGoneLeavesTheFirstButtonFocused() {
        var edited = Fixtures.threeModals
        edited.modals[1].buttons = [Fixtures.button("Only", .close)]
        let state = focusedOnOpen.update(.fileChanged(.decoded(document: edited, diagnostics: []))).0
        expectEqual(state.focusIndex, 0)
    }

    @Test func anInvalidReloadShowsTheDiagnosticsInsteadOfTheModal() {
        let state = focusedOnOpen.update(.fileChanged(invalid)).0
        expect(state.problem != nil)
        let lines = state.view().lines.map(Fixtures.trimmed)
        expectEqual(lines[0], "promo.json is invalid (1 error):")
        expect(lines.contains("promo.json:3:14: error: expected ',' or '}' after an object member [json-syntax]"))
        expect(lines.contains("promo.json:5:7: warning: unknown key \"colour\" [unknown-key]"))
        expect(Fixtures.locate("Second modal", in: state.view()) == nil)
        expect(Fixtures.statusRow(state.view()).hasPrefix("1 error; the preview resumes"))
    }

    @Test func keysThatNeedAModalDoNothingWhileInvalid() {
        let state = focusedOnOpen.update(.fileChanged(invalid)).0
        let after = Fixtures.run(state, Fixtures.keys(.tab, .enter, .char("n"), .down))
        expect(after.1.isEmpty)
        expectEqual(after.0.modalIndex, 1)
        expectEqual(after.0.focusIndex, 1)
        expectEqual(state.update(.key(.escape)).1, [.exit(code: 1, line: nil)])
    }

    @Test func theNextValidReloadRecoversWithFocusKept() {
        let broken = focusedOnOpen.update(.fileChanged(invalid)).0
        let fixed = broken.update(.fileChanged(.decoded(document: Fixtures.threeModals, diagnostics: []))).0
        expect(fixed.problem == nil)
        expectEqual(fixed.modalIndex, 1)
        expectEqual(fixed.focusIndex, 1)
        expect(Fixtures.locate("Second modal", in: fixed.view()) != nil)
        expectEqual(fixed.view(), focusedOnOpen.view().withStatus(of: fixed.view()))
    }

    @Test func warningsAloneDoNotStopTheReload() {
        let warning = Fixtures.diagnostic(.warning, .unknownKey, "unknown key", line: 1, column: 2)
        let state = start.update(.fileChanged(.decoded(document: Fixtures.threeModals, diagnostics: [warning]))).0
        expect(state.problem == nil)
        expectEqual(state.status, "reloaded with 1 warning")
    }

    @Test func anUnreadableFileIsReported() {
        let state = focusedOnOpen.update(.fileChanged(.failed(message: "No such file or directory"))).0
        let lines = state.view().lines.map(Fixtures.trimmed)
        expectEqual(lines[0], "cannot read promo.json")
        expect(lines.contains("promo.json: No such file or directory"))
    }

    @Test func manyDiagnosticsAreCutWithACount() {
        let many = (1...40).map { Fixtures.diagnostic(.error, .wrongType, "problem \($0)", line: $0, column: 1) }
        let state = start.update(.fileChanged(.decoded(document: nil, diagnostics: many))).0
        let lines = state.view().lines.map(Fixtures.trimmed)
        // 24 rows: heading, blank, 20 diagnostics, the count of the rest, status.
        expectEqual(lines[21], "promo.json:20:1: error: problem 20 [wrong-type]")
        expectEqual(lines[22], "… 20 more lines")
    }

    /// Regression: the list was in source order and cut at the bottom, so on a small terminal a file with
    /// warnings before its error showed only the warnings and "… 3 more lines", never why it was invalid.
    @Test func errorsAreListedBeforeWarnings() {
        let warnings = (1...6).map {
            Fixtures.diagnostic(.warning, .controlCharacter, "warning \($0)", line: $0, column: 1)
        }
        let error = Fixtures.diagnostic(.error, .rangeOutOfBounds, "the range ends past msg", line: 9, column: 3)
        let small = Fixtures.state(Fixtures.threeModals, size: Size(width: 80, height: 8), options: options)
        let state = small.update(.fileChanged(.decoded(document: nil, diagnostics: warnings + [error]))).0
        let lines = state.view().lines.map(Fixtures.trimmed)
        expectEqual(lines[2], "promo.json:9:3: error: the range ends past msg [range-out-of-bounds]")
        expectEqual(lines[3], "promo.json:1:1: warning: warning 1 [control-character]")
        expectEqual(lines[6], "… 3 more lines")
    }

    /// The status line wraps a long message onto more rows; the list must end above it, count included.
    @Test func aWrappedStatusDoesNotCoverTheList() {
        let many = (1...40).map { Fixtures.diagnostic(.error, .wrongType, "problem \($0)", line: $0, column: 1) }
        let narrow = Fixtures.state(Fixtures.threeModals, size: Size(width: 40, height: 15), options: options)
        let state = narrow.update(.fileChanged(.decoded(document: nil, diagnostics: many))).0
        let grid = state.view()
        let statusTop = (0..<grid.size.height).first { grid[0, $0].style.reverse }!
        expect(statusTop < grid.size.height - 1)
        expect(Fixtures.trimmed(grid.lines[statusTop - 1]).hasPrefix("… "))
        expect(Fixtures.trimmed(grid.lines[statusTop - 1]).hasSuffix(" more lines"))
    }

    @Test func diagnosticTextCannotSmuggleControlCharacters() {
        let sneaky = Fixtures.diagnostic(.error, .wrongType, "value \"\u{1B}[2J\"", line: 1, column: 1)
        let state = start.update(.fileChanged(.decoded(document: nil, diagnostics: [sneaky]))).0
        let text = state.view().lines.joined()
        expect(!text.unicodeScalars.contains("\u{1B}"))
        expect(text.contains("\u{241B}[2J"))
    }
}

extension CellGrid {
    /// This grid with its bottom row taken from another, to compare screens whose status differs.
    fileprivate func withStatus(of other: CellGrid) -> CellGrid {
        var copy = self
        let y = size.height - 1
        for x in 0..<size.width { copy[x, y] = other[x, y] }
        return copy
    }
}

@Suite struct FocusSuccessorTests {
    func button(_ index: Int, _ label: String, _ action: ModalAction = .close) -> Focusable {
        Focusable(kind: .button(index: index), label: label, action: action, rects: [])
    }

    @Test func theSameItemAtTheSamePlaceWins() {
        let old = button(1, "OK")
        expectEqual(PreviewState.successor(of: old, in: [button(0, "OK"), button(1, "OK")]), 1)
    }

    @Test func aMovedItemIsFollowed() {
        expectEqual(PreviewState.successor(of: button(0, "OK"), in: [button(0, "New"), button(1, "OK")]), 1)
    }

    @Test func anEditedItemKeepsItsPlace() {
        expectEqual(PreviewState.successor(of: button(1, "OK"), in: [button(0, "A"), button(1, "Okay")]), 1)
    }

    @Test func aVanishedItemLeavesNothing() {
        expect(PreviewState.successor(of: button(2, "OK"), in: [button(0, "A"), button(1, "B")]) == nil)
    }
}
