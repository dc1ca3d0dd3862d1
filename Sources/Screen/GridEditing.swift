import ModalModel
@_spi(Kernel) import TextKernel
import TextLayout

/// Editing helpers for screens composed of text lines (status lines, notices, overlays), beside the
/// widgets. Everything they draw goes through `ControlCharacters.singleLine`, the one untrusted-text policy.
extension CellGrid {
    /// Draws one line of text from `point`, at most `maxWidth` cells, ending in "…" when it had to be cut.
    /// Control characters are shown as their placeholders, so nothing from a document can reach a terminal raw.
    /// Returns the column after the text.
    @discardableResult
    package mutating func putLine(_ text: String, at point: Point, maxWidth: Int, style: CellStyle) -> Int {
        guard maxWidth > 0 else { return point.x }
        let safe = ControlCharacters.singleLine(text)
        if CellWidth.of(safe) <= maxWidth { return put(safe, at: point, style: style) }
        var kept = ""
        var width = 0
        for cluster in safe {
            let clusterWidth = CellWidth.of(cluster)
            if width + clusterWidth + 1 > maxWidth { break }
            kept.append(cluster)
            width += clusterWidth
        }
        kept.append("…")
        return put(kept, at: point, style: style)
    }

    /// Fills part of a row with blank cells of one style.
    package mutating func fill(row y: Int, from x: Int, width: Int, style: CellStyle) {
        let blank = Cell(grapheme: " ", style: style)
        for column in max(0, x)..<max(max(0, x), min(size.width, x + width)) { self[column, y] = blank }
    }

    /// Makes the boundary just left of column `x` whole again after drawing over one side of it: a wide
    /// cluster that lost its right half, or a right half that lost its cluster, becomes a blank.
    package mutating func repairSeam(x: Int, y: Int) {
        guard y >= 0, y < size.height, x >= 0, x <= size.width else { return }
        let right: Cell? = x < size.width ? self[x, y] : nil
        let left: Cell? = x > 0 ? self[x - 1, y] : nil
        let leftIsWide = left.map { !$0.isContinuation && CellWidth.of($0.grapheme) >= 2 } ?? false
        if let right, right.isContinuation, !leftIsWide {
            self[x, y] = Cell(grapheme: " ", style: right.style)
        } else if let left, leftIsWide, right?.isContinuation != true {
            self[x - 1, y] = Cell(grapheme: " ", style: left.style)
        }
    }
}

/// Text lines of at most `width` cells, broken where the layout engine breaks message text.
package func wrappedLines(_ text: String, width: Int) -> [String] {
    let safe = ControlCharacters.singleLine(text)
    guard width > 0, !safe.isEmpty else { return [safe] }
    let span = StyledSpan(range: UTF16Range(utf16Offset: 0, utf16Length: safe.utf16.count), style: TextStyle())
    return StyledText(text: safe, spans: [span]).wrap(options: WrapOptions(width: width)).map { line in
        var out = ""
        for segment in line.segments {
            let gap = segment.column - CellWidth.of(out)
            if gap > 0 { out += String(repeating: " ", count: gap) }
            out += segment.text
        }
        return out
    }
}
