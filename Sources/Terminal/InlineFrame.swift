import Screen

/// The bytes that paint a preview inline, in `height` rows below the shell prompt (`--height N`), with
/// cursor moves relative to where the cursor is: the rows above (the prompt, earlier output) are never
/// addressed, so the preview works wherever the prompt happens to be on the screen.
///
/// Rows are written whole, as `render --format ansi` writes them: the same SGR and the same care for clusters
/// terminals may draw differently, which ends every row in a reset.
///
/// Between frames the cursor waits at the start of the region's top row. A terminal that reflows its lines
/// when its width changes (tmux, VTE, kitty) keeps the cursor on the cell it was on, so after a resize the
/// region's top is still where the cursor is, however many rows the old frame's lines were wrapped into;
/// a whole frame clears from there to the end of the screen, which takes every one of them.
package struct InlineFrame: Sendable {
    /// The row of the region the cursor is on, counted from the region's top.
    package private(set) var cursorRow = 0
    /// The colours rows are written with.
    package let colorDepth: ColorDepth
    /// Whether emoji sequences are written whole or cut down (`ClusterMode`).
    package let clusters: ClusterMode

    /// A region whose cursor is on its top row.
    package init(colorDepth: ColorDepth, clusters: ClusterMode) {
        self.colorDepth = colorDepth
        self.clusters = clusters
    }

    /// Makes room for `height` rows: new lines from the cursor's row down (scrolling the screen when the prompt
    /// is near the bottom), then back up to the first of them.
    package mutating func reserve(height: Int) -> [UInt8] {
        var out: [UInt8] = [0x0D]
        guard height > 1 else { return out }
        out += [UInt8](repeating: 0x0A, count: height - 1)
        out += Self.csi(height - 1, "A")
        cursorRow = 0
        return out
    }

    /// Paints the rows of `grid` that differ from `previous` (all of them without one), and goes back to the
    /// region's top.
    package mutating func draw(_ grid: CellGrid, over previous: CellGrid?) -> [UInt8] {
        var out: [UInt8] = []
        let isWhole = previous?.size != grid.size
        if isWhole {
            // The rows the terminal reflowed lie below the cursor: clear them all, then make room again, as
            // they may have pushed the region up against the screen's bottom.
            out += move(toRow: 0) + Self.csi(nil, "J") + reserve(height: grid.size.height)
        }
        var row = CellGrid(size: Size(width: grid.size.width, height: 1))
        for y in 0..<grid.size.height {
            if !isWhole, let previous, previous.row(y) == grid.row(y) { continue }
            out += move(toRow: y)
            row.copyRow(y, of: grid, toX: 0, y: 0)
            var line: [UInt8] = []
            EscapeSequenceEncoder.appendRows(row, colorDepth: colorDepth, clusters: clusters, to: &line)
            // The encoder ends the row with a new line, which on the region's last row would scroll it.
            if line.last == 0x0A { line.removeLast() }
            out += line
            // A row as wide as the screen leaves the cursor waiting to wrap; the next move starts at its column 0.
        }
        return out + move(toRow: 0)
    }

    /// Clears the region and leaves the cursor at its top, where the prompt's next output belongs.
    package mutating func clear() -> [UInt8] {
        move(toRow: 0) + Self.csi(nil, "J")
    }

    /// Moves to column 0 of a row of the region.
    mutating func move(toRow row: Int) -> [UInt8] {
        var out: [UInt8] = [0x0D]
        if row > cursorRow { out += Self.csi(row - cursorRow, "B") }
        if row < cursorRow { out += Self.csi(cursorRow - row, "A") }
        cursorRow = row
        return out
    }

    /// `ESC [ n final`, without n when nil.
    static func csi(_ count: Int?, _ final: Character) -> [UInt8] {
        [0x1B, 0x5B] + Array((count.map(String.init) ?? "").utf8) + [final.asciiValue ?? 0x3F]
    }
}
