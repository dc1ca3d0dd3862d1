import Screen

/// Renders a cell grid as plain text: no escape sequences, one line per row, trailing blanks trimmed.
///
/// Graphemes are written with any control replaced by its placeholder, so the output holds no control
/// character other than the line feeds that end the rows.
package enum PlainRenderer {
    /// The grid as text, each row ending in a newline.
    package static func render(_ grid: CellGrid) -> String {
        var out: [UInt8] = []
        append(grid, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the grid's text, as `render` gives it, to `out` as UTF-8.
    package static func append(_ grid: CellGrid, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + grid.storage.count + grid.size.height)
        let width = grid.size.width
        // A row of inline graphemes is at most 15 bytes a cell; it is written into this buffer and copied
        // out once, sparing a growth check a byte. A row holding a long grapheme or a control goes the
        // general way, as their placeholders can be longer.
        let rowBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width * 15)
        defer { rowBuffer.deallocate() }
        grid.storage.withUnsafeBufferPointer { cells in
            for y in 0..<grid.size.height {
                let row = UnsafeBufferPointer(rebasing: cells[(y * width)..<((y + 1) * width)])
                var count = 0
                var isPlain = true
                for cell in row {
                    let grapheme = cell.grapheme
                    if grapheme.high == 1 << 56 {
                        // A one-byte grapheme is ASCII, so one compare finds C0 and DEL.
                        let byte = UInt8(truncatingIfNeeded: grapheme.low)
                        if byte &- 0x20 >= 0x5F {
                            isPlain = false
                            break
                        }
                        rowBuffer[count] = byte
                        // At most 15 bytes a cell, the buffer's size.
                        count &+= 1
                    } else if grapheme.isLong {
                        isPlain = false
                        break
                    } else {
                        count += grapheme.copyInlineBytes(to: rowBuffer.baseAddress.unsafelyUnwrapped + count)
                    }
                }
                if isPlain {
                    while count > 0 && rowBuffer[count - 1] == UInt8(ascii: " ") { count -= 1 }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: rowBuffer[0..<count]))
                } else {
                    for cell in row where !cell.grapheme.isContinuation {
                        grid.appendSafeBytes(of: cell.grapheme, to: &out)
                    }
                    while out.last == UInt8(ascii: " ") { out.removeLast() }
                }
                out.append(UInt8(ascii: "\n"))
            }
        }
    }
}
