import Screen

/// Renders a cell grid as plain text: no escape sequences, one line per row, trailing blanks trimmed.
public enum PlainRenderer {
    /// The grid as text, each row ending in a newline.
    public static func render(_ grid: CellGrid) -> String {
        var out = ""
        for line in grid.lines {
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            out += trimmed
            out += "\n"
        }
        return out
    }
}
