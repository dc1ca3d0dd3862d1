import ModalModel
@_spi(Kernel) import TextKernel
import TextLayout

/// A widget drawing laid-out message lines: line `i` on row `area.minY + i`, each segment from its own
/// column, each cluster at the column the widths before it give.
///
/// In visual order (the default) a line holding right-to-left text is drawn as `LayoutLine.visualClusters`
/// places it, and each right-to-left segment is recorded in the grid as a `RightToLeftRun`; in logical order
/// every line is drawn in source order. Zero-width clusters (bidi marks and isolates among them) are never drawn.
package struct Paragraph: Widget {
    /// The lines, as `wrap` produced them.
    package var lines: [LayoutLine]
    /// How segment styles become cell styles.
    package var mapping: CellStyleMapping
    /// Count East Asian Ambiguous characters as 2 cells, as the lines were wrapped with.
    package var ambiguousIsWide: Bool
    /// Visual or logical order for lines holding right-to-left text.
    package var bidi: BidiDisplay

    /// Creates a paragraph.
    package init(
        lines: [LayoutLine], mapping: CellStyleMapping = CellStyleMapping(), ambiguousIsWide: Bool = false,
        bidi: BidiDisplay = .visual
    ) {
        self.lines = lines
        self.mapping = mapping
        self.ambiguousIsWide = ambiguousIsWide
        self.bidi = bidi
    }

    /// Draws the lines into `grid`, clipped to `area`.
    package func draw(into grid: inout CellGrid, area: Rect) {
        // Neighbouring segments often share a style; mapping it once saves the link string work. Segments of
        // one wrap take their style from one span table, so most are told to share it without a comparison;
        // every line stays alive in `lines` while drawing, so a table's address names no other table here.
        var lastStyleSource: LineSegment.StyleSource?
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
            if bidi == .visual && line.isReordered {
                drawVisual(line, y: y, into: &grid, area: area)
                continue
            }
            for segment in line.segments {
                let source = segment.styleSource
                if source != lastStyleSource {
                    lastStyleSource = source
                    let style = segment.style
                    if lastTextStyle != style {
                        lastCellStyle = mapping.cellStyle(for: style)
                        lastStyleIndex = grid.styleIndex(for: lastCellStyle)
                        lastTextStyle = style
                    }
                }
                var x = area.minX + segment.column
                // Wrapping knows most segments hold no control, and their bytes need no `String`.
                if !segment.mayHoldControls {
                    drawClean(segment.utf8, x: x, y: y, styleIndex: lastStyleIndex, into: &grid, area: area)
                    continue
                }
                let text = segment.text
                if !ControlCharacters.mayNeedReplacing(text) {
                    drawClean(segment.utf8, x: x, y: y, styleIndex: lastStyleIndex, into: &grid, area: area)
                    continue
                }
                for cluster in text {
                    let width = CellWidth.of(cluster, ambiguousIsWide: ambiguousIsWide)
                    if width == 0 { continue }
                    grid.putCluster(
                        cluster, cellWidth: width, at: Point(x: x, y: y), style: lastCellStyle, within: area)
                    x += width
                }
            }
        }
    }

    /// Draws text that holds no control from column `x`, a run of printable ASCII at a time and each other
    /// cluster on its own (`CellWidth.forEachCluster(inUTF8:)`), with the style already looked up: a mixed
    /// line, where one emoji used to send every letter through a `Character` and a `String`, so costs its
    /// non-ASCII clusters.
    private func drawClean(
        _ text: ArraySlice<UInt8>, x startX: Int, y: Int, styleIndex: UInt32, into grid: inout CellGrid, area: Rect
    ) {
        var x = startX
        text.withUnsafeBufferPointer { bytes in
            CellWidth.forEachCluster(
                inUTF8: bytes, ambiguousIsWide: ambiguousIsWide,
                asciiRun: { run in
                    grid.putASCII(
                        UnsafeBufferPointer(rebasing: bytes[run]), x: x, y: y, styleIndex: styleIndex, within: area)
                    x += run.count
                },
                cluster: { cluster, width in
                    if width == 0 { return }
                    grid.putCluster(
                        uncheckedUTF8: UnsafeBufferPointer(rebasing: bytes[cluster]), cellWidth: width, x: x, y: y,
                        styleIndex: styleIndex, within: area)
                    x += width
                })
        }
    }

    /// Draws a line in visual order and records its right-to-left segments as runs.
    ///
    /// Each segment's clusters go from its visual column, reversed when it runs right to left, as
    /// `LayoutLine.visualClusters` places them; a segment without controls is walked as bytes
    /// (`CellWidth.forEachCluster(inUTF8:)`), the others through `visualClusters` itself.
    private func drawVisual(_ line: LayoutLine, y: Int, into grid: inout CellGrid, area: Rect) {
        // The segments holding controls, drawn as placeholders through `visualClusters` after the others.
        var withControls: Set<Int> = []
        var placed: [(start: Int, end: Int, cellWidth: Int)] = []
        for index in line.visualOrder {
            let segment = line.segments[index]
            let text = segment.displayText
            if ControlCharacters.mayNeedReplacing(text) {
                withControls.insert(index)
                continue
            }
            placed.removeAll(keepingCapacity: true)
            var storage = text
            storage.withUTF8 { bytes in
                CellWidth.forEachCluster(
                    inUTF8: bytes, ambiguousIsWide: ambiguousIsWide,
                    asciiRun: { run in for offset in run { placed.append((offset, offset + 1, 1)) } },
                    cluster: { cluster, width in
                        placed.append((cluster.lowerBound, cluster.upperBound, max(0, width)))
                    })
            }
            if segment.isRightToLeft { placed.reverse() }
            var styleIndex: UInt32?
            var column = area.minX + segment.visualColumn
            storage.withUTF8 { bytes in
                for cluster in placed where cluster.cellWidth > 0 {
                    let index = styleIndex ?? grid.styleIndex(for: mapping.cellStyle(for: segment.style))
                    styleIndex = index
                    grid.putCluster(
                        uncheckedUTF8: UnsafeBufferPointer(rebasing: bytes[cluster.start..<cluster.end]),
                        cellWidth: cluster.cellWidth, x: column, y: y, styleIndex: index, within: area)
                    column += cluster.cellWidth
                }
            }
        }
        if !withControls.isEmpty {
            for cluster in line.visualClusters(ambiguousIsWide: ambiguousIsWide)
            where cluster.cellWidth > 0 && withControls.contains(cluster.segmentIndex) {
                grid.putCluster(
                    Character(cluster.text), cellWidth: cluster.cellWidth,
                    at: Point(x: area.minX + cluster.column, y: y),
                    style: mapping.cellStyle(for: line.segments[cluster.segmentIndex].style), within: area)
            }
        }
        for segment in line.segments where segment.isRightToLeft && segment.cellWidth > 0 {
            let x = area.minX + segment.visualColumn
            guard x >= area.minX, x + segment.cellWidth <= area.maxX else { continue }
            grid.recordRightToLeftRun(
                RightToLeftRun(
                    y: y, x: x, cellWidth: segment.cellWidth, text: ControlCharacters.removingBidiFormats(segment.text))
            )
        }
    }

    /// Where a segment of line `lineIndex` is drawn inside `area`, clipped to it.
    package static func rect(of segment: LineSegment, lineIndex: Int, area: Rect) -> Rect {
        rect(of: segment, lineIndex: lineIndex, area: area, bidi: .logical)
    }

    /// Where a segment of line `lineIndex` is drawn inside `area` in the given order, clipped to it: at its
    /// visual column in visual order, at its logical column otherwise.
    package static func rect(of segment: LineSegment, lineIndex: Int, area: Rect, bidi: BidiDisplay) -> Rect {
        let column = bidi == .visual ? segment.visualColumn : segment.column
        return Rect(x: area.minX + column, y: area.minY + lineIndex, width: segment.cellWidth, height: 1)
            .intersection(area)
    }
}
