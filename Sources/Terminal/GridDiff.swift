import Screen

#if canImport(Glibc)
    import Glibc
#endif

/// Which cells of a grid must be drawn again after another grid was on screen.
public enum GridDiff {
    /// Calls `body(x, y)` for every cell of `new` that starts a cluster and differs from `old`, row by row;
    /// every such cell when `old` is nil or of another size. A changed right half of a wide cluster
    /// reports the cluster's first cell, since only that one is drawn. Returns how many cells were reported.
    @discardableResult
    public static func forEachChange(from old: CellGrid?, to new: CellGrid, _ body: (Int, Int) -> Void) -> Int {
        let width = new.size.width
        var count = 0
        guard let old, old.size == new.size else {
            for y in 0..<new.size.height {
                for x in 0..<width where !new.cells[y * width + x].isContinuation {
                    body(x, y)
                    count += 1
                }
            }
            return count
        }
        let stride = MemoryLayout<Cell>.stride
        new.cells.withUnsafeBufferPointer { newCells in
            old.cells.withUnsafeBufferPointer { oldCells in
                guard let newBase = newCells.baseAddress, let oldBase = oldCells.baseAddress else { return }
                for y in 0..<new.size.height {
                    let row = y * width
                    // Identical bytes are identical cells, so a row whose bytes match is skipped in one compare;
                    // bytes can differ for equal cells (padding, separately allocated equal strings), so any
                    // difference is confirmed cell by cell with ==.
                    if memcmp(newBase + row, oldBase + row, width * stride) == 0 { continue }
                    var lastReported = -1
                    for x in 0..<width
                    where memcmp(newBase + row + x, oldBase + row + x, stride) != 0
                        && newCells[row + x] != oldCells[row + x]
                    {
                        var start = x
                        while start > 0, newCells[row + start].isContinuation { start -= 1 }
                        if newCells[row + start].isContinuation || start == lastReported { continue }
                        body(start, y)
                        lastReported = start
                        count += 1
                    }
                }
            }
        }
        return count
    }
}
