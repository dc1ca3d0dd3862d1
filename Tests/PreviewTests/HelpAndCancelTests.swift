import ModalModel
import Screen
import Testing
import TextLayout

@testable import Preview

@Suite struct HelpAndCancelTests {
    let start = Fixtures.state(Fixtures.threeModals)

    @Test func escapeCancelsWithStatusOneAndNoOutput() {
        #expect(update(start, .key(.escape)).1 == [.exit(code: 1, stdoutLine: nil)])
    }

    @Test func qCancelsToo() {
        #expect(update(start, .key(.char("q"))).1 == [.exit(code: 1, stdoutLine: nil)])
    }

    @Test func questionMarkShowsTheKeys() {
        let shown = update(start, .key(.char("?"))).0
        #expect(shown.isHelpShown)
        let grid = view(shown)
        #expect(Fixtures.locate(" Keys ", in: grid) != nil)
        for entry in HelpOverlay.entries {
            #expect(Fixtures.locate(entry.meaning, in: grid) != nil, "\(entry.meaning)")
        }
    }

    @Test func anyKeyClosesTheHelpWithoutActing() {
        let shown = update(start, .key(.char("?"))).0
        let (closed, effects) = update(shown, .key(.escape))
        #expect(effects.isEmpty)
        #expect(!closed.isHelpShown)
        #expect(view(closed) == view(start))
        let (again, _) = update(shown, .key(.char("?")))
        #expect(!again.isHelpShown)
        let (tabbed, _) = update(shown, .key(.tab))
        #expect(tabbed.focusIndex == nil)
    }

    @Test func aClickClosesTheHelp() {
        let shown = update(start, .key(.char("?"))).0
        let (closed, effects) = update(shown, .mouse(x: 0, y: 0, button: .left, pressed: true))
        #expect(effects.isEmpty)
        #expect(!closed.isHelpShown)
    }

    /// Regression: at 40 columns every line of the help was cut ("focus the next butto…").
    @Test func everyHelpLineIsWholeInFortyColumns() {
        let state = update(Fixtures.state(Fixtures.threeModals, size: Size(width: 40, height: 15)), .key(.char("?"))).0
        let grid = view(state)
        for entry in HelpOverlay.entries {
            #expect(Fixtures.locate(entry.keys, in: grid) != nil, "\(entry.keys)")
            #expect(Fixtures.locate(entry.meaning, in: grid) != nil, "\(entry.meaning)")
        }
        #expect(Fixtures.locate(HelpOverlay.footer, in: grid) != nil)
        #expect(!grid.lines.dropLast().contains { $0.contains("…") })
    }

    @Test func theHelpFitsASmallTerminalWithoutLeavingHalfCharacters() {
        let wide = ModalDocument(modals: [Modal(message: String(repeating: "コンピューター", count: 20))])
        let state = update(Fixtures.state(wide, size: Size(width: 41, height: 12)), .key(.char("?"))).0
        let grid = view(state)
        for y in 0..<grid.size.height {
            for x in 0..<grid.size.width where grid[x, y].isContinuation {
                #expect(x > 0 && CellWidth.of(grid[x - 1, y].grapheme) == 2, "orphan at \(x),\(y)")
            }
        }
    }
}
