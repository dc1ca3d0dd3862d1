import Screen

/// Renders a cell grid as plain text: no escape sequences, one line per row, trailing blanks trimmed.
///
/// Graphemes are written with any control replaced by its placeholder, so the output holds no control
/// character other than the line feeds that end the rows.
public enum PlainRenderer {
    /// The grid as text, each row ending in a newline.
    public static func render(_ grid: CellGrid) -> String {
        var out = ""
        out.reserveCapacity(grid.cells.count + grid.size.height)
        for y in 0..<grid.size.height {
            var line = ""
            for cell in grid.row(y) {
                line += SafeText.needsSanitising(cell.grapheme) ? SafeText.sanitised(cell.grapheme) : cell.grapheme
            }
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            out += trimmed
            out += "\n"
        }
        return out
    }
}
