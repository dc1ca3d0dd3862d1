import ModalModel
import Screen
import TestSupport
import Testing
import TextLayout

@testable import Preview

@Suite struct HelpAndCancelTests {
    let start = Fixtures.state(Fixtures.threeModals)

    @Test func escapeCancelsWithStatusOneAndNoOutput() {
        expectEqual(start.update(.key(.escape)).1, [.exit(code: 1, line: nil)])
    }

    @Test func qCancelsToo() {
        expectEqual(start.update(.key(.char("q"))).1, [.exit(code: 1, line: nil)])
    }

    @Test func questionMarkShowsTheKeys() {
        let shown = start.update(.key(.char("?"))).0
        expect(shown.isHelpShown)
        let grid = shown.view()
        expect(Fixtures.locate(" Keys ", in: grid) != nil)
        for entry in HelpOverlay.entries {
            expect(Fixtures.locate(entry.meaning, in: grid) != nil, "\(entry.meaning)")
        }
    }

    @Test func anyKeyClosesTheHelpWithoutActing() {
        let shown = start.update(.key(.char("?"))).0
        let (closed, effects) = shown.update(.key(.escape))
        expect(effects.isEmpty)
        expect(!closed.isHelpShown)
        expectEqual(closed.view(), start.view())
        let (again, _) = shown.update(.key(.char("?")))
        expect(!again.isHelpShown)
        let (tabbed, _) = shown.update(.key(.tab))
        expectEqual(tabbed.focusIndex, start.focusIndex)
    }

    @Test func aClickClosesTheHelp() {
        let shown = start.update(.key(.char("?"))).0
        let (closed, effects) = shown.update(.mouse(x: 0, y: 0, button: .left, pressed: true))
        expect(effects.isEmpty)
        expect(!closed.isHelpShown)
    }

    /// Regression: at 40 columns every line of the help was cut ("focus the next butto…").
    @Test func everyHelpLineIsWholeInFortyColumns() {
        let state = Fixtures.state(Fixtures.threeModals, size: Size(width: 40, height: 15)).update(.key(.char("?"))).0
        let grid = state.view()
        for entry in HelpOverlay.entries {
            expect(Fixtures.locate(entry.keys, in: grid) != nil, "\(entry.keys)")
            expect(Fixtures.locate(entry.meaning, in: grid) != nil, "\(entry.meaning)")
        }
        expect(Fixtures.locate(HelpOverlay.footer, in: grid) != nil)
        expect(!grid.lines.dropLast().contains { $0.contains("…") })
    }

    @Test func theHelpFitsASmallTerminalWithoutLeavingHalfCharacters() {
        let wide = ModalDocument(modals: [Modal(message: String(repeating: "コンピューター", count: 20))])
        let state = Fixtures.state(wide, size: Size(width: 41, height: 12)).update(.key(.char("?"))).0
        let grid = state.view()
        for y in 0..<grid.size.height {
            for x in 0..<grid.size.width where grid[x, y].isContinuation {
                expect(x > 0 && CellWidth.of(grid[x - 1, y].grapheme) == 2, "orphan at \(x),\(y)")
            }
        }
    }
}

/// The help overlay as a widget on its own grid.
@Suite struct HelpOverlayWidgetTests {
    @Test func drawsABoxCentredInItsArea() {
        var grid = CellGrid(size: Size(width: 44, height: 17))
        HelpOverlay(ascii: true).draw(into: &grid, area: grid.bounds)
        let lines = grid.lines
        expectEqual(lines.firstIndex { $0.contains("+") }, 1)
        expect(lines[1].contains(" Keys "))
        expect(lines[2].contains("| Tab, →         next button or link"))
        let bottom = lines[15].trimmingCharacters(in: " ")
        expect(bottom.hasPrefix("+---") && bottom.hasSuffix("---+") && bottom.allSatisfy { $0 == "+" || $0 == "-" })
        expectEqual(bottom.count, lines[1].trimmingCharacters(in: " ").count)
        expect(lines[0].allSatisfy { $0 == " " } && lines[16].allSatisfy { $0 == " " })
    }

    @Test func staysInsideASmallArea() {
        var grid = CellGrid(size: Size(width: 30, height: 8))
        HelpOverlay(ascii: false).draw(into: &grid, area: Rect(x: 5, y: 2, width: 20, height: 5))
        for (y, line) in grid.lines.enumerated() {
            let outside = Array(line.prefix(5)) + Array(line.suffix(5))
            expect(outside.allSatisfy { $0 == " " }, "row \(y)")
            if y < 2 || y >= 7 { expect(line.allSatisfy { $0 == " " }, "row \(y)") }
        }
        expect(grid.lines[2].contains("┌") && grid.lines[6].contains("└"))
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
