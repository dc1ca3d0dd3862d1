import Screen

/// Renders a cell grid as plain text: no escape sequences, one line per row, trailing blanks trimmed.
///
/// Graphemes are written with any control replaced by its placeholder, so the output holds no control
/// character other than the line feeds that end the rows.
package enum PlainRenderer {
    /// The grid as text, each row ending in a newline.
    package static func render(_ grid: CellGrid) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(grid.storage.count + grid.size.height)
        let width = grid.size.width
        for y in 0..<grid.size.height {
            for cell in grid.storage[(y * width)..<((y + 1) * width)] where !cell.grapheme.isContinuation {
                ANSIRenderer.appendGrapheme(cell.grapheme, of: grid, to: &out)
            }
            while out.last == UInt8(ascii: " ") { out.removeLast() }
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
