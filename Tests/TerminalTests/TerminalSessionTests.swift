import Screen
import TestSupport
import Testing

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The session over the in-memory backend: what it sends, and what the backend makes of it.
@Suite struct TerminalSessionTests {
    let size = Size(width: 12, height: 3)

    func grid(_ lines: [String]) -> CellGrid { CellGrid(lines: lines) }

    @Test func anUnchangedGridIsNotSentAgainAndAChangeSendsOnlyItsCells() {
        let backend = TestBackend(size: size, script: [])
        let session = TerminalSession(backend: backend)
        let first = grid(["Hello       ", "コンピュータ", "            "])
        session.draw(first)
        expectEqual(backend.paintedCellCount, 12 + 6 + 12)
        session.draw(first)
        expectEqual(backend.drawCount, 1)
        session.draw(grid(["Help        ", "コンピュータ", "            "]))
        expectEqual(backend.drawCount, 2)
        expectEqual(backend.paintedCellCount, 30 + 2)
        expectGrid(backend.screen, ["Help        ", "コンピュータ", "            "])
    }

    @Test func aWideClusterReplacedByNarrowOnesLeavesNoHalf() {
        let backend = TestBackend(size: size, script: [])
        let session = TerminalSession(backend: backend)
        session.draw(grid(["コンピュータ", "", ""]))
        session.draw(grid(["abcdefghijkl", "", ""]))
        expectGrid(backend.screen, ["abcdefghijkl", "            ", "            "])
    }

    @Test func aGridOfAnotherSizeIsPaintedWhole() {
        let backend = TestBackend(size: size, script: [.inputs([.resize(Size(width: 4, height: 2))])])
        let session = TerminalSession(backend: backend)
        session.draw(grid(["Hello       ", "", ""]))
        expectEqual(session.readInputs(timeoutMilliseconds: 0), [.resize(Size(width: 4, height: 2))])
        expectEqual(session.size, Size(width: 4, height: 2))
        session.draw(grid(["Hi  ", "    "]))
        expectEqual(backend.paintedCellCount, 36 + 8)
        expectGrid(backend.screen, ["Hi  ", "    "])
    }

    /// Bug: shrinking and restoring the terminal faster than one frame left the screen without its frame:
    /// the grid had the size last drawn, so only changed cells were sent, over rows the terminal had cut.
    @Test func aResizeIsFollowedByAWholeRepaintEvenBackAtTheSameSize() {
        let backend = TestBackend(
            size: size, script: [.inputs([.resize(Size(width: 4, height: 2)), .resize(size)])])
        let session = TerminalSession(backend: backend)
        let frame = grid(["┌──────────┐", "│ Hello    │", "└──────────┘"])
        session.draw(frame)
        _ = session.readInputs(timeoutMilliseconds: 0)
        expectEqual(backend.lines, ["┌───        ", "│ He        ", "            "], "the terminal cut its rows")
        session.draw(frame)
        expectGrid(backend.screen, ["┌──────────┐", "│ Hello    │", "└──────────┘"])
    }

    /// Ctrl-L's effect: the next frame is painted whole, over whatever another program wrote.
    @Test func repaintAllPaintsEveryCellAgain() {
        let backend = TestBackend(size: size, script: [.scribble("XXXX", at: Point(x: 2, y: 1))])
        let session = TerminalSession(backend: backend)
        let frame = grid(["┌──────────┐", "│ Hello    │", "└──────────┘"])
        session.draw(frame)
        _ = session.readInputs(timeoutMilliseconds: 0)
        session.draw(frame)
        expectEqual(backend.lines[1], "│ XXXXo    │", "an unchanged grid is not sent again")
        session.repaintAll()
        session.draw(frame)
        expectGrid(backend.screen, ["┌──────────┐", "│ Hello    │", "└──────────┘"])
    }

    @Test func closingRestoresOnceAndEndsDrawingAndReading() {
        let backend = TestBackend(size: size, script: [.inputs([.key(.tab)])])
        let session = TerminalSession(backend: backend)
        session.close()
        session.close()
        expect(backend.isRestored)
        session.draw(grid(["Hello", "", ""]))
        expectEqual(backend.drawCount, 0)
        expect(session.readInputs(timeoutMilliseconds: 0).isEmpty)
    }

    @Test func theScriptPlaysInOrderAndItsEndIsAHangUp() {
        var ran = false
        let backend = TestBackend(
            size: size, script: [.run { ran = true }, .inputs([.key(.enter), .key(.space)]), .inputs([.key(.escape)])])
        expectEqual(backend.readInputs(timeoutMilliseconds: 0), [.key(.enter), .key(.space)])
        expect(ran)
        expectEqual(backend.readInputs(timeoutMilliseconds: 0), [.key(.escape)])
        expect(!backend.ranOutOfScript)
        expectEqual(backend.readInputs(timeoutMilliseconds: 0), [.signal(SIGHUP)])
        expect(backend.ranOutOfScript)
    }

    @Test func aWaitHoldsInputBackUntilTheScreenShowsItsTextAndAMissedOneIsRecorded() {
        let backend = TestBackend(
            size: size,
            script: [
                .waitForScreen(containing: "Ready"), .inputs([.key(.tab)]),
                .waitForScreen(containing: "Never", timeoutMilliseconds: 30), .inputs([.key(.enter)]),
            ])
        let session = TerminalSession(backend: backend)
        expect(session.readInputs(timeoutMilliseconds: 0).isEmpty)
        session.draw(grid(["Ready", "", ""]))
        expectEqual(session.readInputs(timeoutMilliseconds: 0), [.key(.tab)])
        var inputs: [TerminalInput] = []
        for _ in 0..<100 where inputs.isEmpty { inputs = session.readInputs(timeoutMilliseconds: 10) }
        expectEqual(inputs, [.key(.enter)])
        expectEqual(backend.missedWaits, ["Never"])
    }
}
