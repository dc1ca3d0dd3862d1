import Screen
import TextLayout

/// Cutting single-line text to a number of cells.
enum Truncation {
    /// `text` if it fits in `maxCells`, else its longest prefix that fits with "…" appended.
    /// Returns the text and the cells it takes.
    static func fit(_ text: String, maxCells: Int) -> (text: String, cellWidth: Int) {
        let full = CellWidth.of(text)
        if full <= maxCells { return (text, full) }
        guard maxCells >= 1 else { return ("", 0) }
        var out = ""
        var cells = 0
        for cluster in text {
            let width = CellWidth.of(cluster)
            if cells + width > maxCells - 1 { break }
            out.append(cluster)
            cells += width
        }
        out.append("…")
        return (out, cells + 1)
    }
}
