import Screen
import TestSupport
import Testing

@testable import Terminal

@Suite struct GridDiffTests {
    func changes(from old: CellGrid?, to new: CellGrid) -> [Point] {
        var points: [Point] = []
        let count = GridDiff.forEachChange(from: old, to: new) { points.append(Point(x: $0, y: $1)) }
        expectEqual(count, points.count)
        return points
    }

    func grid(_ rows: [String], width: Int) -> CellGrid {
        var grid = CellGrid(size: Size(width: width, height: rows.count))
        for (y, row) in rows.enumerated() { grid.put(row, at: Point(x: 0, y: y), style: CellStyle()) }
        return grid
    }

    @Test func identicalGridsNeedNothing() {
        let a = grid(["hello", "world"], width: 6)
        expect(changes(from: a, to: a).isEmpty)
    }

    @Test func onlyChangedCellsAreReported() {
        let a = grid(["hello", "world"], width: 6)
        let b = grid(["hallo", "world!"], width: 6)
        expectEqual(changes(from: a, to: b), [Point(x: 1, y: 0), Point(x: 5, y: 1)])
    }

    @Test func aStyleChangeCounts() {
        let a = grid(["ab"], width: 2)
        var b = a
        var bold = CellStyle()
        bold.bold = true
        b[1, 0] = Cell(grapheme: "b", style: bold)
        expectEqual(changes(from: a, to: b), [Point(x: 1, y: 0)])
    }

    @Test func wideClustersAreReportedByTheirFirstCellOnce() {
        let a = grid(["abcd"], width: 4)
        let b = grid(["aコd"], width: 4)
        expectEqual(changes(from: a, to: b), [Point(x: 1, y: 0)])
        let c = grid(["aンd"], width: 4)
        expectEqual(changes(from: b, to: c), [Point(x: 1, y: 0)])
    }

    @Test func withoutAPreviousGridEveryClusterIsDrawn() {
        let b = grid(["aコ"], width: 3)
        expectEqual(changes(from: nil, to: b), [Point(x: 0, y: 0), Point(x: 1, y: 0)])
    }

    @Test func aNewSizeRedrawsEverything() {
        let a = grid(["ab"], width: 2)
        let b = grid(["ab", "cd"], width: 2)
        expectEqual(changes(from: a, to: b).count, 4)
    }
}
