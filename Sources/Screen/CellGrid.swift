import ModalModel
@_spi(Kernel) import TextKernel
import TextLayout

/// A rectangle of cells that widgets draw into and renderers paint.
///
/// Invariant: a wide cluster is a lead cell followed by a continuation cell (empty grapheme) on the same row,
/// and a continuation cell never stands without its lead. Every mutating method keeps it: overwriting
/// either half of a wide cluster turns the other half into a blank cell of the same style.
///
/// Every grapheme written is sanitised (controls become their placeholders), so a grid never holds a
/// character that could drive a terminal.
///
/// Cells are stored as plain values: graphemes inline (`StoredGrapheme`) and styles as indices into a
/// small per-grid table, so that making, copying and painting a grid does no reference counting per cell.
package struct CellGrid: Sendable {
    /// The grid's size in cells.
    package private(set) var size: Size
    /// The cells as stored, row by row.
    package private(set) var storage: [StoredCell]
    /// The distinct styles of the grid; index 0 is the default style.
    package private(set) var styles: [CellStyle] = [CellStyle()]
    /// Graphemes too long to store inline (over 15 UTF-8 bytes).
    package private(set) var longGraphemes: [String] = []
    /// Where each style and long grapheme sits in its table, once the tables outgrow a short search.
    private var styleLookup: [CellStyle: UInt32] = [:]
    private var longGraphemeLookup: [String: Int] = [:]
    /// The right-to-left runs drawn in visual order, by row (see `RightToLeftRun`); not part of equality.
    package private(set) var rightToLeftRuns: [Int: [RightToLeftRun]] = [:]

    /// A blank grid.
    package init(size: Size) {
        self.size = size
        storage = Array(
            repeating: StoredCell(grapheme: .blank, styleIndex: 0),
            count: max(0, size.width) * max(0, size.height))
    }

    /// A grid holding `lines` drawn from column 0 in `style`, as wide as the widest line in cells.
    ///
    /// Meant for tests: `CellGrid(lines: ["┌──┐", "│コ│", "└──┘"])` reads as the screen it stands for.
    package init(lines: [String], style: CellStyle = CellStyle()) {
        let width = lines.map { CellWidth.of($0) }.max() ?? 0
        self.init(size: Size(width: width, height: lines.count))
        for (row, line) in lines.enumerated() { put(line, at: Point(x: 0, y: row), style: style) }
    }

    /// The whole grid as a rectangle.
    package var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// The cells, row by row.
    package var cells: [Cell] { storage.map(cell(for:)) }

    /// The cell at a point; a blank cell outside the grid.
    ///
    /// Setting a cell directly bypasses the wide-cluster rules, so only this package may (see `repairSeam`);
    /// others draw with `put` and `fill`.
    package subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return Cell() }
            return cell(for: storage[y * size.width + x])
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            storage[y * size.width + x] = StoredCell(
                grapheme: store(ControlCharacters.singleLine(newValue.grapheme)),
                styleIndex: styleIndex(for: newValue.style))
        }
    }

    /// Draws text from a point, one grapheme cluster per cell (two for wide ones), clipped at the right edge.
    /// Returns the column after the last cluster drawn.
    @discardableResult
    package mutating func put(_ text: String, at point: Point, style: CellStyle) -> Int {
        put(text, at: point, style: style, within: bounds)
    }

    /// Draws text from a point, clipped to `clip`: a cluster that does not fit whole is not drawn, and
    /// drawing stops at the first cluster that would cross the right edge.
    ///
    /// Controls are drawn as their visible placeholders; zero-width clusters are skipped.
    /// Returns the column after the last cluster drawn.
    @discardableResult
    package mutating func put(_ text: String, at point: Point, style: CellStyle, within clip: Rect) -> Int {
        var x = point.x
        let text = ControlCharacters.mayNeedReplacing(text) ? ControlCharacters.singleLine(text) : text
        let index = styleIndex(for: style)
        for cluster in text {
            let width = CellWidth.of(cluster)
            if width == 0 { continue }
            if x.addingSaturating(width) > min(clip.maxX, size.width) { break }
            putStored(store(String(cluster)), cellWidth: width, x: x, y: point.y, styleIndex: index, within: clip)
            x += width
        }
        return x
    }

    /// Draws one grapheme cluster covering `cellWidth` cells (1 or 2) at a point, if it fits whole inside
    /// `clip` and the grid. Returns whether it was drawn.
    @discardableResult
    package mutating func putCluster(
        _ cluster: Character, cellWidth: Int, at point: Point, style: CellStyle, within clip: Rect
    ) -> Bool {
        guard fits(cellWidth: cellWidth, x: point.x, y: point.y, within: clip) else { return false }
        var grapheme = String(cluster)
        if ControlCharacters.mayNeedReplacing(grapheme) { grapheme = ControlCharacters.singleLine(grapheme) }
        return putStored(
            store(grapheme), cellWidth: cellWidth, x: point.x, y: point.y, styleIndex: styleIndex(for: style),
            within: clip)
    }

    /// Draws the same one-cell cluster in every cell of `rect` inside `clip` (frame edges, rules),
    /// sanitising and storing it once.
    ///
    /// Only the cells inside the grid are walked, so the frame of a tall modal drawn a band at a time costs
    /// the band. It takes a rectangle rather than any sequence of points because its callers sit in another
    /// module, where a generic would run unspecialised: a witness call and a metadata look-up a cell.
    package mutating func putRepeated(_ cluster: Character, over rect: Rect, style: CellStyle, within clip: Rect) {
        var grapheme = String(cluster)
        if ControlCharacters.mayNeedReplacing(grapheme) { grapheme = ControlCharacters.singleLine(grapheme) }
        let stored = store(grapheme)
        let index = styleIndex(for: style)
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                putStored(stored, cellWidth: 1, x: x, y: y, styleIndex: index, within: clip)
            }
        }
    }

    /// Draws one grapheme cluster given as its UTF-8 bytes, which the caller has checked hold no control
    /// (`ControlCharacters.mayNeedReplacing` is false for their text), covering `cellWidth` cells at a point
    /// if it fits whole inside `clip`: `putCluster` without building a `Character` and a `String` for it.
    @discardableResult
    package mutating func putCluster(
        uncheckedUTF8 utf8: UnsafeBufferPointer<UInt8>, cellWidth: Int, x: Int, y: Int, styleIndex: UInt32,
        within clip: Rect
    ) -> Bool {
        guard fits(cellWidth: cellWidth, x: x, y: y, within: clip) else { return false }
        let stored = StoredGrapheme(inlineUTF8: utf8) ?? store(String(decoding: utf8, as: UTF8.self))
        return putStored(stored, cellWidth: cellWidth, x: x, y: y, styleIndex: styleIndex, within: clip)
    }

    /// Draws printable ASCII bytes one a cell from `x`, each clipped to `clip` as `putASCII(_:x:y:)` would:
    /// the run's cells are written in one go, and only its two ends can touch a wide cluster's other half.
    package mutating func putASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, styleIndex: UInt32, within clip: Rect
    ) {
        guard y >= 0, y < size.height, y >= clip.minY, y < clip.maxY else { return }
        let first = max(x, clip.minX, 0)
        let end = min(x.addingSaturating(bytes.count), clip.maxX, size.width)
        guard first < end else { return }
        let shown = UnsafeBufferPointer(rebasing: bytes[(first - x)..<(end - x)])
        // Checked a word at a time before any cell is written, so that the loop below is loads and stores.
        precondition(ByteLanes.holdsOnlyPrintableASCII(shown), "putASCII takes printable ASCII only")
        let rowStart = y * size.width
        detach(rowStart: rowStart, x: first)
        detach(rowStart: rowStart, x: end - 1)
        storage.withUnsafeMutableBufferPointer { cells in
            // `first..<end` lies inside row `y` of the grid, which the clipping above ensures.
            let target = cells.baseAddress.unsafelyUnwrapped + (rowStart + first)
            for index in 0..<shown.count {
                target[index] = StoredCell(grapheme: StoredGrapheme(byte: shown[index]), styleIndex: styleIndex)
            }
        }
    }

    /// Draws one printable ASCII byte in one cell, for text already known to be plain.
    @discardableResult
    package mutating func putASCII(_ byte: UInt8, x: Int, y: Int, styleIndex: UInt32, within clip: Rect) -> Bool {
        precondition(byte >= 0x20 && byte < 0x7F, "putASCII takes printable ASCII only")
        return putStored(StoredGrapheme(byte: byte), cellWidth: 1, x: x, y: y, styleIndex: styleIndex, within: clip)
    }

    private func fits(cellWidth: Int, x: Int, y: Int, within clip: Rect) -> Bool {
        cellWidth > 0 && y >= 0 && y < size.height && y >= clip.minY && y < clip.maxY && x >= 0 && x >= clip.minX
            && x.addingSaturating(cellWidth) <= min(size.width, clip.maxX)
    }

    @discardableResult
    private mutating func putStored(
        _ grapheme: StoredGrapheme, cellWidth: Int, x: Int, y: Int, styleIndex: UInt32, within clip: Rect
    ) -> Bool {
        guard fits(cellWidth: cellWidth, x: x, y: y, within: clip) else { return false }
        let rowStart = y * size.width
        detach(rowStart: rowStart, x: x)
        storage[rowStart + x] = StoredCell(grapheme: grapheme, styleIndex: styleIndex)
        if cellWidth >= 2 {
            detach(rowStart: rowStart, x: x + 1)
            storage[rowStart + x + 1] = StoredCell(grapheme: .continuation, styleIndex: styleIndex)
        }
        return true
    }

    /// Sets every cell of `rect` (clipped to the grid) to `cell`.
    ///
    /// A wide cluster cut by the edge of `rect` loses its outside half to a blank.
    package mutating func fill(_ rect: Rect, with cell: Cell = Cell()) {
        let area = rect.intersection(bounds)
        if area.isEmpty { return }
        let stored = StoredCell(
            grapheme: store(ControlCharacters.singleLine(cell.grapheme)), styleIndex: styleIndex(for: cell.style))
        for y in area.minY..<area.maxY {
            let rowStart = y * size.width
            detach(rowStart: rowStart, x: area.minX)
            detach(rowStart: rowStart, x: area.maxX - 1)
            for x in area.minX..<area.maxX { storage[rowStart + x] = stored }
        }
    }

    /// Changes the style of every cell of `rect` (clipped to the grid), keeping the graphemes.
    ///
    /// Both halves of a wide cluster cut by the edge of `rect` take the change, so the cluster stays one style.
    package mutating func updateStyles(in rect: Rect, _ change: (inout CellStyle) -> Void) {
        let area = rect.intersection(bounds)
        if area.isEmpty { return }
        var changed: [UInt32: UInt32] = [:]
        for y in area.minY..<area.maxY {
            let rowStart = y * size.width
            var left = area.minX
            var right = area.maxX
            if storage[rowStart + left].grapheme.isContinuation, left > 0 { left -= 1 }
            if right < size.width, storage[rowStart + right].grapheme.isContinuation { right += 1 }
            for x in left..<right {
                let old = storage[rowStart + x].styleIndex
                if let new = changed[old] {
                    storage[rowStart + x].styleIndex = new
                    continue
                }
                var style = styles[Int(old)]
                change(&style)
                let new = styleIndex(for: style)
                changed[old] = new
                storage[rowStart + x].styleIndex = new
            }
        }
    }

    /// Makes the cell at `x` safe to overwrite on its own: if it is one half of a wide cluster, the other
    /// half becomes a blank of the same style.
    @inline(__always)
    private mutating func detach(rowStart: Int, x: Int) {
        if storage[rowStart + x].grapheme.isContinuation {
            if x > 0 { storage[rowStart + x - 1].grapheme = .blank }
            storage[rowStart + x].grapheme = .blank
        }
        if x + 1 < size.width, storage[rowStart + x + 1].grapheme.isContinuation {
            storage[rowStart + x + 1].grapheme = .blank
        }
    }

    /// Records that the cells of `run` hold a right-to-left run in visual order; ignored outside the grid.
    package mutating func recordRightToLeftRun(_ run: RightToLeftRun) {
        guard run.y >= 0, run.y < size.height, run.x >= 0, run.cellWidth > 0, run.x + run.cellWidth <= size.width
        else { return }
        rightToLeftRuns[run.y, default: []].append(run)
    }

    /// The rows as plain text (continuation cells omitted, so a wide cluster reads once).
    package var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width { line += grapheme(storage[y * size.width + x].grapheme) }
            return line
        }
    }

    /// The cells of one row, left to right.
    package func row(_ y: Int) -> ArraySlice<Cell> {
        guard y >= 0, y < size.height else { return [] }
        return ArraySlice(storage[(y * size.width)..<((y + 1) * size.width)].map(cell(for:)))
    }

    // MARK: - Stored form

    /// A stored cell as a `Cell`.
    package func cell(for stored: StoredCell) -> Cell {
        Cell(grapheme: grapheme(stored.grapheme), style: styles[Int(stored.styleIndex)])
    }

    /// The text of a stored grapheme.
    package func grapheme(_ stored: StoredGrapheme) -> String {
        if stored.isLong { return longGraphemes[Int(stored.low)] }
        if let byte = stored.singleByte { return String(Unicode.Scalar(byte)) }
        return stored.withInlineBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The style at an index of the style table.
    package func style(at index: UInt32) -> CellStyle { styles[Int(index)] }

    /// The index of `style` in the style table, adding it when new. Grids hold a handful of styles, and
    /// consecutive writes usually repeat the last one, so a short search beats hashing.
    package mutating func styleIndex(for style: CellStyle) -> UInt32 {
        if let last = styles.indices.last, styles[last] == style { return UInt32(last) }
        if styles.count <= 16 {
            if let found = styles.firstIndex(of: style) { return UInt32(found) }
        } else {
            // A message with thousands of differently coloured spans: hash instead of searching.
            if styleLookup.isEmpty {
                for (index, known) in styles.enumerated() where styleLookup[known] == nil {
                    styleLookup[known] = UInt32(index)
                }
            }
            if let found = styleLookup[style] { return found }
            styleLookup[style] = UInt32(styles.count)
        }
        styles.append(style)
        return UInt32(styles.count - 1)
    }

    /// A grapheme in stored form, keeping long ones aside.
    mutating func store(_ grapheme: String) -> StoredGrapheme {
        if grapheme.isEmpty { return .continuation }
        if let inline = StoredGrapheme(inline: grapheme) { return inline }
        if let found = longGraphemeLookup[grapheme] { return StoredGrapheme(longIndex: found) }
        longGraphemes.append(grapheme)
        longGraphemeLookup[grapheme] = longGraphemes.count - 1
        return StoredGrapheme(longIndex: longGraphemes.count - 1)
    }
}

extension CellGrid: Equatable {
    /// Grids are equal when they have the same size and draw the same cells; how styles and long graphemes
    /// happen to be numbered inside each grid does not matter.
    package static func == (lhs: CellGrid, rhs: CellGrid) -> Bool {
        guard lhs.size == rhs.size else { return false }
        return lhs.storage.indices.allSatisfy { lhs.cellDrawsSame(at: $0, as: rhs, at: $0) }
    }
}

extension CellGrid {
    /// Copies one row of `source` into row `y` of this grid with its first cell at column `x`, clipped to
    /// the grid. A wide cluster cut by the clip is replaced by blanks, so the grid keeps its invariant.
    package mutating func copyRow(_ sourceRow: Int, of source: CellGrid, toX x: Int, y: Int) {
        guard sourceRow >= 0, sourceRow < source.size.height, y >= 0, y < size.height else { return }
        let first = max(0, -x)
        let last = min(source.size.width, size.width - x)
        guard first < last else { return }
        // Style indices differ between grids: map each source index once.
        var mapped = [UInt32](repeating: .max, count: source.styles.count)
        let rowStart = y * size.width
        detach(rowStart: rowStart, x: x + first)
        detach(rowStart: rowStart, x: x + last - 1)
        for column in first..<last {
            let cell = source.storage[sourceRow * source.size.width + column]
            var styleIndex = mapped[Int(cell.styleIndex)]
            if styleIndex == .max {
                styleIndex = self.styleIndex(for: source.styles[Int(cell.styleIndex)])
                mapped[Int(cell.styleIndex)] = styleIndex
            }
            var grapheme = cell.grapheme
            if grapheme.isLong { grapheme = store(source.grapheme(grapheme)) }
            let cutLead =
                column == last - 1 && column + 1 < source.size.width
                && source.storage[sourceRow * source.size.width + column + 1].grapheme.isContinuation
            let cutTail = column == first && grapheme.isContinuation
            if cutLead || cutTail { grapheme = .blank }
            storage[rowStart + x + column] = StoredCell(grapheme: grapheme, styleIndex: styleIndex)
        }
    }

    /// Whether the cell at `index` of this grid draws the same as the cell at `otherIndex` of `other`.
    package func cellDrawsSame(at index: Int, as other: CellGrid, at otherIndex: Int) -> Bool {
        let a = storage[index]
        let b = other.storage[otherIndex]
        if a.grapheme.isLong || b.grapheme.isLong {
            if grapheme(a.grapheme) != other.grapheme(b.grapheme) { return false }
        } else if a.grapheme != b.grapheme {
            return false
        }
        return styles[Int(a.styleIndex)] == other.styles[Int(b.styleIndex)]
    }

    /// Grids one below the other, left-aligned, with `gap` blank rows between them, as one grid.
    package static func stacked(_ grids: [CellGrid], gap: Int = 1) -> CellGrid {
        let width = grids.map(\.size.width).max() ?? 0
        let height = grids.map(\.size.height).reduce(0, +) + max(0, grids.count - 1) * gap
        var combined = CellGrid(size: Size(width: width, height: height))
        var top = 0
        for grid in grids {
            for y in 0..<grid.size.height { combined.copyRow(y, of: grid, toX: 0, y: top + y) }
            for run in grid.rightToLeftRuns.values.joined() {
                var moved = run
                moved.y += top
                combined.recordRightToLeftRun(moved)
            }
            top += grid.size.height + gap
        }
        return combined
    }
}
