import ModalModel
import Screen
@_spi(Kernel) import TextKernel

/// How a grid is drawn as SVG: cell size, font and the default colours.
package struct SVGOptions: Sendable, Equatable {
    /// Width of one cell in pixels.
    package var cellWidth: Double
    /// Height of one cell (one row) in pixels.
    package var cellHeight: Double
    /// Font size in pixels.
    package var fontSize: Double
    /// The CSS font family list: monospace fonts so glyphs match cells before any adjustment, then fonts
    /// for CJK and colour emoji, which the monospace fonts lack, so viewers without font fallback find them.
    package var fontFamily: String
    /// Text colour of cells without one.
    package var defaultForeground: ModalColor
    /// Background of the whole picture and of cells without one (the assumed terminal background).
    package var defaultBackground: ModalColor

    /// The default font family list (see `fontFamily`).
    package static let defaultFontFamily =
        "DejaVu Sans Mono, Menlo, Consolas, Noto Sans Mono CJK JP, "
        + "Noto Color Emoji, Apple Color Emoji, Segoe UI Emoji, monospace"

    /// Creates options; the defaults suit a 16px monospace font.
    package init(
        cellWidth: Double = 9.6, cellHeight: Double = 20, fontSize: Double = 16,
        fontFamily: String = SVGOptions.defaultFontFamily,
        defaultForeground: ModalColor = ModalColor(red: 229, green: 229, blue: 229),
        defaultBackground: ModalColor = CellStyleMapping.assumedBackground
    ) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.fontSize = fontSize
        self.fontFamily = fontFamily
        self.defaultForeground = defaultForeground
        self.defaultBackground = defaultBackground
    }
}

/// Renders a cell grid as one self-contained SVG image, exact to the grid.
///
/// Every cell sits at x = column × cellWidth, y = row × cellHeight. Backgrounds are one rect per run of
/// equal background on a row. Text goes in runs of single-scalar, one-cell clusters of one style, each run
/// stretched with `textLength` to exactly its cells; every other cluster (wide, or several scalars) is placed
/// on its own, a wide one stretched over its two cells; in italic text a letter with marks is drawn upright and
/// slanted by a transform, because monospace italic faces often cannot attach its marks. Runs never start or end with a blank and never hold
/// two blanks in a row (blank cells are simply not drawn), so every XML whitespace rule, and a viewer that
/// ignores `xml:space`, gives the same characters in the same cells. Text keeps the grid's order: bidi
/// reordering is overridden, as the grid already holds lines in visual order. A right-to-left run that the
/// grid records (`CellGrid.rightToLeftRuns`) is drawn instead as one text element of its logical text with
/// `direction="rtl"` and `unicode-bidi="bidi-override"`, anchored at its right edge and stretched over its cells,
/// so the viewer shapes joined letters (Arabic) and mirrors brackets without reordering the run again. Box-drawing lines
/// are drawn as rects from cell edge to cell centre (see `BoxDrawing`), so frames join across rows;
/// underline and strikethrough are thin rects spanning exactly their cells whatever the font. Text is
/// XML-escaped, and characters XML 1.0 forbids are replaced (controls by their placeholders, U+FFFE/U+FFFF
/// by U+FFFD).
package enum SVGRenderer {
    /// The grid as an SVG document.
    package static func render(_ grid: CellGrid, options: SVGOptions = SVGOptions()) -> String {
        var out = header(size: grid.size, options: options)
        appendBackgrounds(of: grid, firstRow: 0, options: options, into: &out)
        appendForeground(of: grid, firstRow: 0, options: options, into: &out)
        out += footer
        return out
    }

    /// The document's opening up to the first row: the `<svg>` element for a picture of `size` cells, the
    /// style sheet and the default background. A picture drawn in bands needs only its size up front.
    package static func header(size: Size, options: SVGOptions = SVGOptions()) -> String {
        let width = number(Double(size.width) * options.cellWidth)
        let height = number(Double(size.height) * options.cellHeight)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        out += " viewBox=\"0 0 \(width) \(height)\" font-family=\"\(escaped(options.fontFamily))\""
        // Edges snap to device pixels, so neighbouring rects neither overlap nor leave a seam.
        out += " font-size=\"\(number(options.fontSize))\" shape-rendering=\"crispEdges\">\n"
        out += "<style>text{unicode-bidi:bidi-override;direction:ltr}</style>\n"
        out += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(options.defaultBackground.hexRGB)\"/>\n"
        return out
    }

    /// The document's closing tag.
    package static let footer = "</svg>\n"

    /// Appends the background rects of every row of `grid`, its row 0 being picture row `firstRow`.
    ///
    /// All backgrounds come before any text, so that no background covers a neighbour's glyph; a picture
    /// drawn in bands writes every band's backgrounds, then every band's foreground.
    package static func appendBackgrounds(
        of grid: CellGrid, firstRow: Int, options: SVGOptions = SVGOptions(), into out: inout String
    ) {
        for y in 0..<grid.size.height {
            drawBackgrounds(of: grid, row: y, top: firstRow + y, options: options, into: &out)
        }
    }

    /// Appends the text, box-drawing strokes and decorations of every row of `grid`, its row 0 being picture
    /// row `firstRow`.
    package static func appendForeground(
        of grid: CellGrid, firstRow: Int, options: SVGOptions = SVGOptions(), into out: inout String
    ) {
        for y in 0..<grid.size.height {
            drawText(of: grid, row: y, top: firstRow + y, options: options, into: &out)
            drawBoxLines(of: grid, row: y, top: firstRow + y, options: options, into: &out)
            drawDecorations(of: grid, row: y, top: firstRow + y, options: options, into: &out)
        }
    }

    /// The colours a cell shows, after reverse video and defaults.
    private static func colors(_ style: CellStyle, _ options: SVGOptions) -> (
        foreground: ModalColor, background: ModalColor
    ) {
        let foreground = style.foreground ?? options.defaultForeground
        let background = style.background ?? options.defaultBackground
        return style.reverse ? (background, foreground) : (foreground, background)
    }

    private static func drawBackgrounds(
        of grid: CellGrid, row y: Int, top pictureRow: Int, options: SVGOptions, into out: inout String
    ) {
        let cells = grid.row(y)
        var x = 0
        while x < grid.size.width {
            let background = colors(cells[cells.startIndex + x].style, options).background
            var end = x + 1
            while end < grid.size.width, colors(cells[cells.startIndex + end].style, options).background == background {
                end += 1
            }
            if background != options.defaultBackground {
                appendRect(
                    x: Double(x) * options.cellWidth, y: Double(pictureRow) * options.cellHeight,
                    width: Double(end - x) * options.cellWidth, height: options.cellHeight, fill: background,
                    dim: false, into: &out)
            }
            x = end
        }
    }

    private static func drawText(
        of grid: CellGrid, row y: Int, top pictureRow: Int, options: SVGOptions, into out: inout String
    ) {
        let cells = grid.row(y)
        let first = cells.startIndex
        let width = grid.size.width
        // The baseline sits so that the font's usual ascent and descent centre in the row.
        let baseline = number(
            Double(pictureRow) * options.cellHeight + (options.cellHeight + options.fontSize * 0.7) / 2)
        func isWide(_ x: Int) -> Bool { x + 1 < width && cells[first + x + 1].isContinuation }
        let runs = grid.rightToLeftRuns[y] ?? []
        var isInRun: [Bool] = []
        if !runs.isEmpty {
            isInRun = [Bool](repeating: false, count: width)
            for run in runs {
                for column in run.x..<(run.x + run.cellWidth) { isInRun[column] = true }
                drawRightToLeft(
                    run, style: cells[first + run.x].style, baseline: baseline, options: options, into: &out)
            }
        }
        func inRun(_ x: Int) -> Bool { !isInRun.isEmpty && isInRun[x] }
        var x = 0
        while x < width {
            let cell = cells[first + x]
            if cell.isContinuation || isBlank(cell.grapheme) || BoxDrawing.of(cell.grapheme) != nil || inRun(x) {
                x += 1
                continue
            }
            var end = x + (isWide(x) ? 2 : 1)
            if end == x + 1 && isSimple(cell.grapheme) {
                // Extend over one-cell, one-scalar clusters of the same style; a blank joins the run only
                // between two drawn characters, so the run neither starts nor ends with one nor doubles one.
                while end < width {
                    let next = cells[first + end]
                    guard next.style == cell.style, isSimple(next.grapheme), !isWide(end),
                        BoxDrawing.of(next.grapheme) == nil, !inRun(end)
                    else { break }
                    if isBlank(next.grapheme) {
                        guard end + 1 < width else { break }
                        let after = cells[first + end + 1]
                        guard after.style == cell.style, isSimple(after.grapheme), !isBlank(after.grapheme),
                            !isWide(end + 1), BoxDrawing.of(after.grapheme) == nil, !inRun(end + 1)
                        else { break }
                    }
                    end += 1
                }
            }
            let style = cell.style
            // Monospace italic faces often lack the anchors that attach marks (DejaVu Sans Mono Oblique sets the
            // hook of "phở" beside its letter), so a lettered cluster with marks is drawn upright and slanted.
            let slanted = style.italic && end - x == 1 && hasMarks(cell.grapheme)
            if slanted {
                out += "<text transform=\"translate(\(number(Double(x) * options.cellWidth)) \(baseline))"
                out += " skewX(\(obliqueSkewDegrees))\" x=\"0\" y=\"0\""
            } else {
                out += "<text x=\"\(number(Double(x) * options.cellWidth))\" y=\"\(baseline)\""
            }
            out += " textLength=\"\(number(Double(end - x) * options.cellWidth))\" lengthAdjust=\"spacingAndGlyphs\""
            out += " fill=\"\(colors(style, options).foreground.hexRGB)\""
            if style.bold { out += " font-weight=\"bold\"" }
            if style.italic && !slanted { out += " font-style=\"italic\"" }
            if style.dim { out += " opacity=\"0.6\"" }
            out += ">"
            if end - x == 1 || end - x == 2 && isWide(x) {
                out += escaped(cell.grapheme)
            } else {
                var text = ""
                for index in x..<end { text += cells[first + index].grapheme }
                out += escaped(text)
            }
            out += "</text>\n"
            x = end
        }
    }

    /// Draws one right-to-left run as one text element on its cells. Spaces at its ends are left out (XML
    /// would drop them) with their cells, and a space after a space becomes a no-break space (XML would merge them).
    private static func drawRightToLeft(
        _ run: RightToLeftRun, style: CellStyle, baseline: String, options: SVGOptions, into out: inout String
    ) {
        var scalars = Array(run.text.unicodeScalars)
        var left = run.x
        var right = run.x + run.cellWidth
        // Logical order: the run starts at its right edge.
        while scalars.first == " " {
            scalars.removeFirst()
            right -= 1
        }
        while scalars.last == " " {
            scalars.removeLast()
            left += 1
        }
        guard !scalars.isEmpty, left < right else { return }
        var text = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            text.append(scalar == " " && index > 0 && scalars[index - 1] == " " ? "\u{A0}" : scalar)
        }
        out += "<text x=\"\(number(Double(right) * options.cellWidth))\" y=\"\(baseline)\""
        out += " textLength=\"\(number(Double(right - left) * options.cellWidth))\" lengthAdjust=\"spacingAndGlyphs\""
        // The attributes are for viewers without CSS; the style wins over the sheet's `text` rule where there is CSS.
        out += " direction=\"rtl\" unicode-bidi=\"bidi-override\" style=\"direction:rtl;unicode-bidi:bidi-override\""
        out += " fill=\"\(colors(style, options).foreground.hexRGB)\""
        if style.bold { out += " font-weight=\"bold\"" }
        if style.italic { out += " font-style=\"italic\"" }
        if style.dim { out += " opacity=\"0.6\"" }
        out += ">" + escaped(String(text)) + "</text>\n"
    }

    /// Draws the box-drawing characters of a row as rects, one per run of joined horizontal strokes and
    /// one per vertical stroke.
    private static func drawBoxLines(
        of grid: CellGrid, row y: Int, top pictureRow: Int, options: SVGOptions, into out: inout String
    ) {
        let cells = grid.row(y)
        let first = cells.startIndex
        let width = grid.size.width
        let top = Double(pictureRow) * options.cellHeight
        let middle = top + options.cellHeight / 2
        let light = options.fontSize / 16
        // A horizontal stroke waiting for the next cell to continue it.
        var pending: (left: Double, right: Double, thickness: Double, color: ModalColor, dim: Bool)?
        func flush() {
            if let stroke = pending {
                appendRect(
                    x: stroke.left, y: middle - stroke.thickness / 2, width: stroke.right - stroke.left,
                    height: stroke.thickness, fill: stroke.color, dim: stroke.dim, into: &out)
            }
            pending = nil
        }
        for x in 0..<width {
            let cell = cells[first + x]
            if cell.isContinuation { continue }
            guard let box = BoxDrawing.of(cell.grapheme) else {
                flush()
                continue
            }
            let color = colors(cell.style, options).foreground
            let thickness = box.heavy ? 2 * light : light
            // Ambiguous-width lines may have been laid out two cells wide; the shape fills what the cluster does.
            let cellSpan = x + 1 < width && cells[first + x + 1].isContinuation ? 2.0 : 1.0
            let cellLeft = Double(x) * options.cellWidth
            let cellRight = cellLeft + cellSpan * options.cellWidth
            let centre = cellLeft + cellSpan * options.cellWidth / 2
            if box.isHorizontal {
                let left = box.left ? cellLeft : centre - thickness / 2
                let right = box.right ? cellRight : centre + thickness / 2
                if let stroke = pending, abs(stroke.right - left) < 0.001, stroke.thickness == thickness,
                    stroke.color == color, stroke.dim == cell.style.dim
                {
                    pending?.right = right
                } else {
                    flush()
                    pending = (left, right, thickness, color, cell.style.dim)
                }
                if !box.right { flush() }
            } else {
                flush()
            }
            if box.isVertical {
                let upper = box.up ? top : middle - thickness / 2
                let lower = box.down ? top + options.cellHeight : middle + thickness / 2
                appendRect(
                    x: centre - thickness / 2, y: upper, width: thickness, height: lower - upper, fill: color,
                    dim: cell.style.dim, into: &out)
            }
        }
        flush()
    }

    /// Draws underline and strikethrough as one rect per run of cells sharing the line, its colour and dimness.
    private static func drawDecorations(
        of grid: CellGrid, row y: Int, top pictureRow: Int, options: SVGOptions, into out: inout String
    ) {
        let cells = grid.row(y)
        let top = Double(pictureRow) * options.cellHeight
        for strikethrough in [false, true] {
            func isSet(_ style: CellStyle) -> Bool { strikethrough ? style.strikethrough : style.underline }
            let lineTop = top + (strikethrough ? options.cellHeight / 2 : options.cellHeight - 2)
            var x = 0
            while x < grid.size.width {
                let style = cells[cells.startIndex + x].style
                guard isSet(style) else {
                    x += 1
                    continue
                }
                let color = colors(style, options).foreground
                var end = x + 1
                while end < grid.size.width {
                    let next = cells[cells.startIndex + end].style
                    guard isSet(next), colors(next, options).foreground == color, next.dim == style.dim else { break }
                    end += 1
                }
                appendRect(
                    x: Double(x) * options.cellWidth, y: lineTop, width: Double(end - x) * options.cellWidth,
                    height: options.fontSize / 16, fill: color, dim: style.dim, into: &out)
                x = end
            }
        }
    }

    private static func appendRect(
        x: Double, y: Double, width: Double, height: Double, fill: ModalColor, dim: Bool, into out: inout String
    ) {
        out += "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\""
        out += " fill=\"\(fill.hexRGB)\""
        if dim { out += " opacity=\"0.6\"" }
        out += "/>\n"
    }

    /// The slant of a cluster drawn upright in italic text: about the angle of a monospace oblique face.
    private static let obliqueSkewDegrees = -11

    /// Whether a grapheme is a base with combining marks (of general category M), which an italic face may
    /// fail to attach.
    private static func hasMarks(_ grapheme: String) -> Bool {
        var scalars = grapheme.unicodeScalars.makeIterator()
        guard scalars.next() != nil else { return false }
        while let scalar = scalars.next() {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: continue
            }
        }
        return false
    }

    /// Whether a grapheme is one scalar, so that `textLength` spacing treats it as one glyph.
    private static func isSimple(_ grapheme: String) -> Bool {
        var scalars = grapheme.unicodeScalars.makeIterator()
        return scalars.next() != nil && scalars.next() == nil
    }

    /// Whether a grapheme draws nothing: only white space (a blank cell, a no-break space, a tab).
    private static func isBlank(_ grapheme: String) -> Bool {
        if grapheme == " " { return true }
        return !grapheme.isEmpty && grapheme.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// Text safe inside an XML element or attribute value.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in ControlCharacters.singleLine(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A coordinate with at most two decimals, a hundredth of a pixel being finer than any screen draws.
    static func number(_ value: Double) -> String { PlainDecimal.text(value, fractionDigits: 2) }
}
