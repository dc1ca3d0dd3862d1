import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing

@testable import Preview

/// A long message shows its first lines at once and asks its host for the whole layout
/// (`PreviewState.pendingLayout`); keys are answered meanwhile, and the whole layout, when it comes, takes
/// over with the scroll position and focus kept, as if it had been there all along.
@Suite struct LongMessageLayoutTests {
    /// 200 numbered lines with a link on line 150 (beyond the first lines laid out) and two buttons.
    static let document: ModalDocument = {
        let lines = (1...200).map { "line \($0) of the message" }
        let message = lines.joined(separator: "\n")
        let linkOffset = lines.prefix(149).reduce(0) { $0 + $1.utf16.count + 1 }
        return ModalDocument(modals: [
            Modal(
                message: message,
                styles: [
                    ModalStyle(
                        range: UTF16Range(utf16Offset: linkOffset, utf16Length: 8),
                        link: .openURL("https://example.com"))
                ],
                buttons: [Fixtures.button("Later", .close), Fixtures.button("Accept", .custom("accept"))])
        ])
    }()

    static let size = Size(width: 60, height: 16)

    /// Every message laid out in the background, however short, so that a small test takes that path.
    static func deferred() -> PreviewState {
        var options = PreviewOptions()
        options.backgroundLayoutUTF8Count = 0
        return Fixtures.state(document, size: size, options: options)
    }

    /// The same session laid out at once, in `update`.
    static func immediate() -> PreviewState {
        var options = PreviewOptions()
        options.backgroundLayoutUTF8Count = nil
        return Fixtures.state(document, size: size, options: options)
    }

    /// What the host does: lays out the pending request and hands it back.
    static func finish(_ state: PreviewState) -> PreviewState {
        guard let request = state.pendingLayout, let layout = request.layOut(shouldContinue: { true }) else {
            Issue.record("no layout pending")
            return state
        }
        return state.update(.laidOut(request, layout)).0
    }

    /// The screen without the scroll bar's thumb, which waits for the whole layout's length.
    static func withoutThumb(_ grid: CellGrid) -> [String] {
        grid.lines.map { String($0.map { $0 == "█" ? "│" : $0 }) }
    }

    @Test func aLongMessageShowsItsFirstLinesAndAsksForTheWholeLayout() throws {
        let state = Self.deferred()
        let request = try #require(state.pendingLayout)
        expectEqual(request.modal, Self.document.modals[0])
        expect(Self.immediate().pendingLayout == nil)
        expectEqual(Self.withoutThumb(state.view()), Self.withoutThumb(Self.immediate().view()))
        expect(!state.view().lines.joined().contains("█"), "the thumb waits for the message's length")
        let whole = Self.finish(state)
        expect(whole.pendingLayout == nil)
        expectEqual(whole.view(), Self.immediate().view())
    }

    @Test func keysAreAnsweredBeforeTheWholeLayoutAndKeptAfterIt() {
        let keys = Fixtures.keys(.down, .down, .pageDown, .tab)
        let early = Fixtures.run(Self.deferred(), keys).0
        let reference = Fixtures.run(Self.immediate(), keys).0
        expect(early.pendingLayout != nil)
        expectEqual(early.scrollOffset, reference.scrollOffset)
        expectEqual(early.focusables[early.focusIndex ?? -1].label, "Accept")
        expectEqual(Self.withoutThumb(early.view()), Self.withoutThumb(reference.view()))
        let whole = Self.finish(early)
        // The link further down now comes first in the focus order; the focus stays on the same button.
        expectEqual(whole.focusIndex, reference.focusIndex)
        expectEqual(whole.focusables.map(\.label), reference.focusables.map(\.label))
        expectEqual(whole.view(), reference.view())
    }

    @Test func endPressedEarlyShowsTheEndOnceTheWholeLayoutCame() {
        let early = Fixtures.run(Self.deferred(), Fixtures.keys(.end)).0
        expect(!early.view().lines.joined().contains("line 200 "), "the end is not laid out yet")
        expect(early.scrollOffset > 0, "End goes as far as is known at once")
        let whole = Self.finish(early)
        expect(whole.view().lines.joined().contains("line 200 "))
        expectEqual(whole.view(), Fixtures.run(Self.immediate(), Fixtures.keys(.end)).0.view())
        // Another key after End takes the wish back: the scroll stays where that key left it.
        let changedMind = Self.finish(Fixtures.run(Self.deferred(), Fixtures.keys(.end, .up)).0)
        expectEqual(changedMind.scrollOffset, early.scrollOffset - 1)
        expect(!changedMind.view().lines.joined().contains("line 200 "))
    }

    @Test func aLayoutForAnOlderSizeIsDropped() throws {
        let state = Self.deferred()
        let old = try #require(state.pendingLayout)
        let oldLayout = try #require(old.layOut(shouldContinue: { true }))
        let resized = state.update(.resize(Size(width: 48, height: 16))).0
        let newer = try #require(resized.pendingLayout)
        expect(newer != old, "a new width asks for a new layout, which supersedes the old one")
        let afterStale = resized.update(.laidOut(old, oldLayout)).0
        expectEqual(afterStale.pendingLayout, newer)
        expectEqual(afterStale.view(), resized.view())
        let whole = Self.finish(afterStale)
        var options = PreviewOptions()
        options.backgroundLayoutUTF8Count = nil
        let reference = Fixtures.state(Self.document, size: Size(width: 48, height: 16), options: options)
        expectEqual(whole.view(), reference.view())
    }

    @Test func aTallerTerminalLaysOutMoreFirstLinesWithoutAskingAgain() throws {
        let state = Self.deferred()
        let request = try #require(state.pendingLayout)
        let taller = state.update(.resize(Size(width: 60, height: 40))).0
        expectEqual(taller.pendingLayout, request, "the same width needs the same whole layout")
        var options = PreviewOptions()
        options.backgroundLayoutUTF8Count = nil
        let reference = Fixtures.state(Self.document, size: Size(width: 60, height: 40), options: options)
        expectEqual(Self.withoutThumb(taller.view()), Self.withoutThumb(reference.view()))
    }

    @Test func endPressedOnOneModalDoesNotCarryToTheNext() throws {
        var options = PreviewOptions()
        options.backgroundLayoutUTF8Count = 0
        let modal = Self.document.modals[0]
        let two = ModalDocument(modals: [modal, modal])
        let state = Fixtures.run(
            Fixtures.state(two, size: Self.size, options: options), Fixtures.keys(.end, .char("n"))
        )
        .0
        expectEqual(state.modalIndex, 1)
        let whole = Self.finish(state)
        expectEqual(whole.scrollOffset, 0, "the next modal is read from its top")
    }

    @Test func aLongWaitShowsAProgressLine() {
        let state = Self.deferred()
        let quick = state.update(.layoutRunning(milliseconds: 60)).0
        expect(!Fixtures.statusRow(quick.view()).contains("laying out"), "a short wait goes unmentioned")
        let slow = state.update(.layoutRunning(milliseconds: 1_260)).0
        expect(Fixtures.statusRow(slow.view()).hasPrefix("laying out the message (0.0 MB)… 1.2 s"))
        let done = Self.finish(slow)
        expect(!Fixtures.statusRow(done.view()).contains("laying out"))
        // Once the layout came, a late report of its progress changes nothing.
        expectEqual(done.update(.layoutRunning(milliseconds: 1_400)).0, done)
    }

    @Test func aMessageBelowTheSizeIsLaidOutAtOnce() {
        let state = Fixtures.state(Self.document, size: Self.size)
        expect(state.pendingLayout == nil, "\(Self.document.modals[0].message.utf8.count) bytes")
        expectEqual(state.view(), Self.immediate().view())
    }
}
