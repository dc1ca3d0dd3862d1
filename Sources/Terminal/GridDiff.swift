import Screen

/// Which cells of a grid must be drawn again after another grid was on screen.
package enum GridDiff {
    /// Calls `body(x, y)` for every cell of `new` that starts a cluster and differs from `old`, row by row;
    /// every such cell when `old` is nil or of another size. A changed right half of a wide cluster
    /// reports the cluster's first cell, since only that one is drawn. Returns how many cells were reported.
    @discardableResult
    package static func forEachChange(from old: CellGrid?, to new: CellGrid, _ body: (Int, Int) -> Void) -> Int {
        let width = new.size.width
        var count = 0
        guard let old, old.size == new.size else {
            for y in 0..<new.size.height {
                for x in 0..<width where !new.storage[y * width + x].grapheme.isContinuation {
                    body(x, y)
                    count += 1
                }
            }
            return count
        }
        for y in 0..<new.size.height {
            let row = y * width
            var lastReported = -1
            for x in 0..<width where !new.cellDrawsSame(at: row + x, as: old, at: row + x) {
                var start = x
                while start > 0, new.storage[row + start].grapheme.isContinuation { start -= 1 }
                if new.storage[row + start].grapheme.isContinuation || start == lastReported { continue }
                body(start, y)
                lastReported = start
                count += 1
            }
        }
        return count
    }
}
