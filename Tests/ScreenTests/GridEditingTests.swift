import ModalModel
import Screen
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@Suite struct GridEditingTests {
    @Test func longLinesEndInAnEllipsis() {
        var grid = CellGrid(size: Size(width: 10, height: 1))
        let end = grid.putLine("abcdefghijklmnop", at: Point(x: 0, y: 0), maxWidth: 6, style: CellStyle())
        expectEqual(grid.lines, ["abcde…    "])
        expectEqual(end, 6)
    }

    @Test func linesThatFitAreNotCut() {
        var grid = CellGrid(size: Size(width: 6, height: 1))
        grid.putLine("abcdef", at: Point(x: 0, y: 0), maxWidth: 6, style: CellStyle())
        expectEqual(grid.lines, ["abcdef"])
    }

    /// The one untrusted-text policy, as every screen helper and widget applies it.
    @Test func controlCharactersBecomePlaceholders() {
        expectEqual(ControlCharacters.singleLine("a\u{1B}b\u{7F}c\u{9B}\td\ne"), "a\u{241B}b\u{2421}c\u{FFFD} d e")
        expectEqual(ControlCharacters.singleLine("plain"), "plain")
    }

    @Test func aCutWideClusterLeavesNoHalf() {
        var grid = CellGrid(size: Size(width: 6, height: 1))
        grid.put("コンピ", at: Point(x: 0, y: 0), style: CellStyle())
        // Overwrite the right half of the second cluster and repair the seam.
        grid[3, 0] = Cell(grapheme: "|")
        grid.repairSeam(x: 3, y: 0)
        expectEqual(grid.lines, ["コ |ピ"])
        // Overwrite the left half of the third cluster.
        grid[4, 0] = Cell(grapheme: "|")
        grid.repairSeam(x: 5, y: 0)
        expectEqual(grid.lines, ["コ || "])
    }
}
