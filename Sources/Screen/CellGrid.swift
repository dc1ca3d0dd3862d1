import TextLayout

/// A rectangle of cells that widgets draw into and renderers paint.
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

    /// The cell at a point; a blank cell outside the grid.
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
        var x = point.x
        for cluster in text {
            let width = CellWidth.of(cluster)
            if width == 0 { continue }
            if x + width > size.width { break }
            self[x, point.y] = Cell(grapheme: String(cluster), style: style)
            if width == 2 { self[x + 1, point.y] = Cell(grapheme: "", style: style) }
            x += width
        }
        return x
    }

    /// The rows as plain text (continuation cells omitted, so a wide cluster reads once).
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width { line += cells[y * size.width + x].grapheme }
            return line
        }
    }
}
