import TextLayout

/// A rectangle of cells that widgets draw into and renderers paint.
///
/// Invariant: a wide cluster is a lead cell followed by a continuation cell (empty grapheme) on the same row,
/// and a continuation cell never stands without its lead. Every mutating method keeps it: overwriting
/// either half of a wide cluster turns the other half into a blank cell of the same style.
public struct CellGrid: Sendable, Equatable {
    /// The grid's size in cells.
    public private(set) var size: Size
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// A blank grid.
    public init(size: Size) {
        self.size = size
        cells = Array(repeating: Cell(), count: max(0, size.width) * max(0, size.height))
    }

    /// A grid holding `lines` drawn from column 0 in `style`, as wide as the widest line in cells.
    ///
    /// Meant for tests: `CellGrid(lines: ["┌──┐", "│コ│", "└──┘"])` reads as the screen it stands for.
    public init(lines: [String], style: CellStyle = CellStyle()) {
        let width = lines.map { CellWidth.of($0) }.max() ?? 0
        self.init(size: Size(width: width, height: lines.count))
        for (row, line) in lines.enumerated() { put(line, at: Point(x: 0, y: row), style: style) }
    }

    /// The whole grid as a rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// The cell at a point; a blank cell outside the grid.
    ///
    /// Setting a cell directly bypasses the wide-cluster rules; prefer `put` and `fill`.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return Cell() }
            return cells[y * size.width + x]
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// Draws text from a point, one grapheme cluster per cell (two for wide ones), clipped at the right edge.
    /// Returns the column after the last cluster drawn.
    @discardableResult
    public mutating func put(_ text: String, at point: Point, style: CellStyle) -> Int {
        put(text, at: point, style: style, within: bounds)
    }

    /// Draws text from a point, clipped to `clip`: a cluster that does not fit whole is not drawn, and
    /// drawing stops at the first cluster that would cross the right edge.
    ///
    /// Controls are drawn as their visible placeholders; zero-width clusters are skipped.
    /// Returns the column after the last cluster drawn.
    @discardableResult
    public mutating func put(_ text: String, at point: Point, style: CellStyle, within clip: Rect) -> Int {
        var x = point.x
        let text = SafeText.needsSanitising(text) ? SafeText.sanitised(text) : text
        for cluster in text {
            let width = CellWidth.of(cluster)
            if width == 0 { continue }
            if x + width > min(clip.maxX, size.width) { break }
            putCluster(cluster, cellWidth: width, at: Point(x: x, y: point.y), style: style, within: clip)
            x += width
        }
        return x
    }

    /// Draws one grapheme cluster covering `cellWidth` cells (1 or 2) at a point, if it fits whole inside
    /// `clip` and the grid. Returns whether it was drawn.
    @discardableResult
    public mutating func putCluster(
        _ cluster: Character, cellWidth: Int, at point: Point, style: CellStyle, within clip: Rect
    ) -> Bool {
        let x = point.x
        let y = point.y
        guard cellWidth > 0, y >= 0, y < size.height, y >= clip.minY, y < clip.maxY,
            x >= 0, x >= clip.minX, x + cellWidth <= size.width, x + cellWidth <= clip.maxX
        else { return false }
        var grapheme = String(cluster)
        if SafeText.needsSanitising(grapheme) { grapheme = SafeText.sanitised(grapheme) }
        let rowStart = y * size.width
        detach(rowStart: rowStart, x: x)
        cells[rowStart + x] = Cell(grapheme: grapheme, style: style)
        if cellWidth >= 2 {
            detach(rowStart: rowStart, x: x + 1)
            cells[rowStart + x + 1] = Cell(grapheme: "", style: style)
        }
        return true
    }

    /// Sets every cell of `rect` (clipped to the grid) to `cell`.
    ///
    /// A wide cluster cut by the edge of `rect` loses its outside half to a blank.
    public mutating func fill(_ rect: Rect, with cell: Cell = Cell()) {
        let area = rect.intersection(bounds)
        if area.isEmpty { return }
        for y in area.minY..<area.maxY {
            let rowStart = y * size.width
            detach(rowStart: rowStart, x: area.minX)
            detach(rowStart: rowStart, x: area.maxX - 1)
            for x in area.minX..<area.maxX { cells[rowStart + x] = cell }
        }
    }

    /// Changes the style of every cell of `rect` (clipped to the grid), keeping the graphemes.
    ///
    /// Both halves of a wide cluster cut by the edge of `rect` take the change, so the cluster stays one style.
    public mutating func updateStyles(in rect: Rect, _ change: (inout CellStyle) -> Void) {
        let area = rect.intersection(bounds)
        if area.isEmpty { return }
        for y in area.minY..<area.maxY {
            let rowStart = y * size.width
            var left = area.minX
            var right = area.maxX
            if cells[rowStart + left].isContinuation, left > 0 { left -= 1 }
            if right < size.width, cells[rowStart + right].isContinuation { right += 1 }
            for x in left..<right { change(&cells[rowStart + x].style) }
        }
    }

    /// Makes the cell at `x` safe to overwrite on its own: if it is one half of a wide cluster, the other
    /// half becomes a blank of the same style.
    @inline(__always)
    private mutating func detach(rowStart: Int, x: Int) {
        if cells[rowStart + x].isContinuation {
            if x > 0 { cells[rowStart + x - 1].grapheme = " " }
            cells[rowStart + x].grapheme = " "
        }
        if x + 1 < size.width, cells[rowStart + x + 1].isContinuation {
            cells[rowStart + x + 1].grapheme = " "
        }
    }

    /// The rows as plain text (continuation cells omitted, so a wide cluster reads once).
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width { line += cells[y * size.width + x].grapheme }
            return line
        }
    }

    /// The cells of one row, left to right.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        guard y >= 0, y < size.height else { return [] }
        return cells[(y * size.width)..<((y + 1) * size.width)]
    }
}

extension CellGrid {
    /// Grids one below the other, left-aligned, with `gap` blank rows between them, as one grid.
    public static func stacked(_ grids: [CellGrid], gap: Int = 1) -> CellGrid {
        let width = grids.map(\.size.width).max() ?? 0
        let height = grids.map(\.size.height).reduce(0, +) + max(0, grids.count - 1) * gap
        var combined = CellGrid(size: Size(width: width, height: height))
        var top = 0
        for grid in grids {
            for y in 0..<grid.size.height {
                for x in 0..<grid.size.width { combined[x, top + y] = grid[x, y] }
            }
            top += grid.size.height + gap
        }
        return combined
    }
}
