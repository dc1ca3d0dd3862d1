import ModalModel
import Screen
import TestSupport
import Testing
import TextLayout

/// Whether every continuation cell follows a wide lead and every wide lead is followed by a continuation.
private func holdsWideInvariant(_ grid: CellGrid) -> Bool {
    for y in 0..<grid.size.height {
        for x in 0..<grid.size.width {
            let cell = grid[x, y]
            if cell.isContinuation {
                let lead = grid[x - 1, y]
                if x == 0 || lead.isContinuation || CellWidth.of(lead.grapheme) != 2 { return false }
            } else if CellWidth.of(cell.grapheme) == 2 {
                if x + 1 >= grid.size.width || !grid[x + 1, y].isContinuation { return false }
            }
        }
    }
    return true
}

@Suite struct CellGridTests {
    @Test func linesInitializerRoundTripsWideClusters() {
        let grid = CellGrid(lines: ["ab漢cd", "x"])
        expectEqual(grid.size, Size(width: 6, height: 2))
        expectEqual(grid[2, 0].grapheme, "漢")
        expect(grid[3, 0].isContinuation)
        expectGrid(grid, ["ab漢cd", "x     "])
    }

    @Test func writingOverTheRightHalfBlanksTheLeftHalf() {
        var grid = CellGrid(lines: ["ab漢cd"])
        grid.put("x", at: Point(x: 3, y: 0), style: CellStyle())
        expectGrid(grid, ["ab xcd"])
        expect(holdsWideInvariant(grid))
    }

    @Test func writingOverTheLeftHalfBlanksTheRightHalf() {
        var grid = CellGrid(lines: ["ab漢cd"])
        grid.put("x", at: Point(x: 2, y: 0), style: CellStyle())
        expectGrid(grid, ["abx cd"])
        expect(holdsWideInvariant(grid))
    }

    @Test func wideOverStraddlingWideBlanksTheOrphan() {
        var grid = CellGrid(lines: ["ab漢cd"])
        grid.put("字", at: Point(x: 1, y: 0), style: CellStyle())
        expectGrid(grid, ["a字 cd"])
        expect(holdsWideInvariant(grid))
    }

    @Test func fillCuttingAWideClusterBlanksItsOutsideHalf() {
        var grid = CellGrid(lines: ["ab漢cd", "漢字漢"])
        grid.fill(Rect(x: 3, y: 0, width: 2, height: 2), with: Cell(grapheme: "#"))
        expectGrid(grid, ["ab ##d", "漢 ## "])
        expect(holdsWideInvariant(grid))
    }

    @Test func putStopsAtTheClipInsteadOfSplittingAWideCluster() {
        var grid = CellGrid(size: Size(width: 6, height: 1))
        let end = grid.put(
            "a漢字", at: Point(x: 0, y: 0), style: CellStyle(), within: Rect(x: 0, y: 0, width: 4, height: 1))
        expectEqual(end, 3)
        expectGrid(grid, ["a漢   "])
        let clippedLeft = grid.putCluster(
            "字", cellWidth: 2, at: Point(x: 4, y: 0), style: CellStyle(), within: Rect(x: 5, y: 0, width: 1, height: 1))
        expect(!clippedLeft)
    }

    @Test func putShowsControlsAsPlaceholders() {
        var grid = CellGrid(size: Size(width: 8, height: 1))
        grid.put("a\u{1B}[2J\u{9B}", at: Point(x: 0, y: 0), style: CellStyle())
        expectGrid(grid, ["a␛[2J�  "])
        expect(
            !grid.cells.contains {
                $0.grapheme.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            })
    }

    @Test func updateStylesTakesBothHalvesOfACutWideCluster() {
        var grid = CellGrid(lines: ["ab漢cd"])
        grid.updateStyles(in: Rect(x: 3, y: 0, width: 1, height: 1)) { $0.reverse = true }
        expectStyles(grid, ["..RR.."]) { $0.reverse ? "R" : "." }
    }

    /// Random puts and fills from a fixed seed never leave half a wide cluster behind.
    @Test func randomOverwritesKeepTheWideInvariant() {
        var generator = SeededGenerator(seed: 20_261_130)
        let pieces = ["a", "漢", "字b", "👍🏽", "xy", "ｗ", "コンピュータ"]
        var grid = CellGrid(size: Size(width: 9, height: 3))
        for _ in 0..<TestScale.rounds(20_000, quick: 2_000) {
            let x = Int(generator.next() % 11) - 1
            let y = Int(generator.next() % 3)
            if generator.next() % 4 == 0 {
                let width = Int(generator.next() % 4)
                grid.fill(Rect(x: x, y: y, width: width, height: 1), with: Cell(grapheme: "."))
            } else {
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                grid.put(piece, at: Point(x: max(0, x), y: y), style: CellStyle())
            }
            if !holdsWideInvariant(grid) {
                Issue.record("broken wide cluster: \(grid.lines)")
                return
            }
        }
    }
}

@Suite struct CellGridStorageTests {
    /// Graphemes longer than 15 UTF-8 bytes are kept aside; they must read back whole and compare equal.
    @Test func longGraphemesRoundTrip() {
        let family = "👨‍👩‍👧‍👦"  // 25 UTF-8 bytes
        var grid = CellGrid(size: Size(width: 6, height: 1))
        grid.put(family + "a" + family, at: Point(x: 0, y: 0), style: CellStyle())
        expectEqual(grid.lines, [family + "a" + family + " "])
        expectEqual(grid[0, 0].grapheme, family)
        expect(grid[1, 0].isContinuation)
        var other = CellGrid(size: Size(width: 6, height: 1))
        other.put(family + "a" + family, at: Point(x: 0, y: 0), style: CellStyle())
        expectEqual(grid, other)
    }

    /// Equality compares what cells draw, not how each grid numbers its styles.
    @Test func equalityIgnoresStyleNumbering() {
        var bold = CellStyle()
        bold.bold = true
        var a = CellGrid(size: Size(width: 2, height: 1))
        a.put("x", at: Point(x: 0, y: 0), style: bold)
        a.put("y", at: Point(x: 1, y: 0), style: CellStyle())
        var b = CellGrid(size: Size(width: 2, height: 1))
        b.put("y", at: Point(x: 1, y: 0), style: CellStyle())
        b.put("x", at: Point(x: 0, y: 0), style: bold)
        expectEqual(a, b)
        b.put("x", at: Point(x: 0, y: 0), style: CellStyle())
        expect(a != b)
    }

    /// Copying a row across a clip edge never leaves half of a wide cluster behind.
    @Test func copyRowBlanksWideClustersCutByTheEdge() {
        let source = CellGrid(lines: ["中a中"])
        var target = CellGrid(size: Size(width: 4, height: 1))
        target.copyRow(0, of: source, toX: 0, y: 0)
        expectEqual(target.lines, ["中a "])
        var shifted = CellGrid(size: Size(width: 5, height: 1))
        shifted.copyRow(0, of: source, toX: -1, y: 0)
        expectEqual(shifted.lines, [" a中 "])
    }

    /// A control written through the subscript is stored as its placeholder.
    @Test func subscriptSanitises() {
        var grid = CellGrid(size: Size(width: 1, height: 1))
        grid[0, 0] = Cell(grapheme: "\u{1B}")
        expectEqual(grid[0, 0].grapheme, "␛")
    }
}

@Suite struct ReadableTextColourTests {
    /// Regression: a pale highlight set without a text colour was drawn in the terminal's default text
    /// colour, light on dark themes, and so unreadable (cjk-promotion's "33％オフ").
    @Test func backgroundWithoutTextColourGetsAContrastingOne() {
        let mapping = CellStyleMapping()
        let pale = mapping.cellStyle(
            for: TextStyle(StyleAttributes(backgroundColor: ModalColor(red: 0xFF, green: 0xF3, blue: 0x99))))
        expectEqual(pale.foreground, ModalColor(red: 0, green: 0, blue: 0))
        let dark = mapping.cellStyle(
            for: TextStyle(StyleAttributes(backgroundColor: ModalColor(red: 0x1F, green: 0x3A, blue: 0x93))))
        expectEqual(dark.foreground, ModalColor(red: 255, green: 255, blue: 255))
        let chosen = mapping.cellStyle(
            for: TextStyle(
                StyleAttributes(
                    color: ModalColor(red: 0xFF, green: 0, blue: 0),
                    backgroundColor: ModalColor(red: 0xFF, green: 0xF3, blue: 0x99))))
        expectEqual(chosen.foreground, ModalColor(red: 0xFF, green: 0, blue: 0), "a colour the message sets is kept")
        expect(mapping.cellStyle(for: TextStyle()).foreground == nil, "no background: the terminal's own colours")
    }
}
