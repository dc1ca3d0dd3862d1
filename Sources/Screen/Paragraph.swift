import TextLayout

/// A widget drawing laid-out message lines: line `i` on row `area.minY + i`, each segment from its own
/// column, each cluster at the column the widths before it give.
package struct Paragraph: Widget {
    /// The lines, as `wrap` produced them.
    package var lines: [LayoutLine]
    /// How segment styles become cell styles.
    package var mapping: CellStyleMapping
    /// Count East Asian Ambiguous characters as 2 cells, as the lines were wrapped with.
    package var ambiguousIsWide: Bool

    /// Creates a paragraph.
    package init(lines: [LayoutLine], mapping: CellStyleMapping = CellStyleMapping(), ambiguousIsWide: Bool = false) {
        self.lines = lines
        self.mapping = mapping
        self.ambiguousIsWide = ambiguousIsWide
    }

    /// Draws the lines into `grid`, clipped to `area`.
    package func draw(into grid: inout CellGrid, area: Rect) {
        // Neighbouring segments often share a style; mapping it once saves the link string work.
        var lastTextStyle: TextStyle?
        var lastCellStyle = CellStyle()
        var lastStyleIndex: UInt32 = 0
        // Lines above the grid are skipped without being walked, so drawing a screenful of a long message
        // costs the screenful.
        let firstLine = min(lines.count, max(0, -area.minY))
        for index in firstLine..<lines.count {
            let line = lines[index]
            let y = area.minY + index
            if y >= area.maxY || y >= grid.size.height { break }
            for segment in line.segments {
                if lastTextStyle != segment.style {
                    lastTextStyle = segment.style
                    lastCellStyle = mapping.cellStyle(for: segment.style)
                    lastStyleIndex = grid.styleIndex(for: lastCellStyle)
                }
                var x = area.minX + segment.column
                if segment.text.utf8.count == segment.cellWidth,
                    segment.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
                {
                    // Printable ASCII: one byte, one cluster, one cell; no grapheme breaking or width look-up.
                    for byte in segment.text.utf8 {
                        grid.putASCII(byte, x: x, y: y, styleIndex: lastStyleIndex, within: area)
                        x += 1
                    }
                    continue
                }
                for cluster in segment.text {
                    let width = CellWidth.of(cluster, ambiguousIsWide: ambiguousIsWide)
                    if width == 0 { continue }
                    grid.putCluster(
                        cluster, cellWidth: width, at: Point(x: x, y: y), style: lastCellStyle, within: area)
                    x += width
                }
            }
        }
    }

    /// Where a segment of line `lineIndex` is drawn inside `area`, clipped to it.
    package static func rect(of segment: LineSegment, lineIndex: Int, area: Rect) -> Rect {
        Rect(x: area.minX + segment.column, y: area.minY + lineIndex, width: segment.cellWidth, height: 1)
            .intersection(area)
    }
}
