import ModalModel
import Screen

/// How a grid is drawn as SVG: cell size, font and the default colours.
public struct SVGOptions: Sendable, Equatable {
    /// Width of one cell in pixels.
    public var cellWidth: Double
    /// Height of one cell (one row) in pixels.
    public var cellHeight: Double
    /// Font size in pixels.
    public var fontSize: Double
    /// The CSS font family list; monospace fonts so glyphs match cells before any adjustment.
    public var fontFamily: String
    /// Text colour of cells without one.
    public var defaultForeground: Color
    /// Background of the whole picture and of cells without one (the assumed terminal background).
    public var defaultBackground: Color

    /// Creates options; the defaults suit a 16px monospace font.
    public init(
        cellWidth: Double = 9.6, cellHeight: Double = 20, fontSize: Double = 16,
        fontFamily: String = "DejaVu Sans Mono, Menlo, Consolas, monospace",
        defaultForeground: Color = Color(red: 229, green: 229, blue: 229),
        defaultBackground: Color = CellStyleMapping.assumedBackground
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
/// on its own, a wide one stretched over its two cells. Underline and strikethrough are drawn as thin
/// rects so they span exactly the cells whatever the font. Text is XML-escaped, and characters XML 1.0
/// forbids are replaced (controls by their placeholders, U+FFFE/U+FFFF by U+FFFD).
public enum SVGRenderer {
    /// The grid as an SVG document.
    public static func render(_ grid: CellGrid, options: SVGOptions = SVGOptions()) -> String {
        let width = number(Double(grid.size.width) * options.cellWidth)
        let height = number(Double(grid.size.height) * options.cellHeight)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        out += " viewBox=\"0 0 \(width) \(height)\" font-family=\"\(escaped(options.fontFamily))\""
        out += " font-size=\"\(number(options.fontSize))\" xml:space=\"preserve\" style=\"white-space:pre\">\n"
        out += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(options.defaultBackground.hexRGB)\"/>\n"
        for y in 0..<grid.size.height {
            drawBackgrounds(of: grid, row: y, options: options, into: &out)
        }
        for y in 0..<grid.size.height {
            drawText(of: grid, row: y, options: options, into: &out)
        }
        out += "</svg>\n"
        return out
    }

    /// The colours a cell shows, after reverse video and defaults.
    private static func colors(_ style: CellStyle, _ options: SVGOptions) -> (foreground: Color, background: Color) {
        let foreground = style.foreground ?? options.defaultForeground
        let background = style.background ?? options.defaultBackground
        return style.reverse ? (background, foreground) : (foreground, background)
    }

    private static func drawBackgrounds(of grid: CellGrid, row y: Int, options: SVGOptions, into out: inout String) {
        let cells = grid.row(y)
        var x = 0
        while x < grid.size.width {
            let background = colors(cells[cells.startIndex + x].style, options).background
            var end = x + 1
            while end < grid.size.width, colors(cells[cells.startIndex + end].style, options).background == background {
                end += 1
            }
            if background != options.defaultBackground {
                out += "<rect x=\"\(number(Double(x) * options.cellWidth))\" y=\"\(number(Double(y) * options.cellHeight))\""
                out += " width=\"\(number(Double(end - x) * options.cellWidth))\" height=\"\(number(options.cellHeight))\""
                out += " fill=\"\(background.hexRGB)\"/>\n"
            }
            x = end
        }
    }

    private static func drawText(of grid: CellGrid, row y: Int, options: SVGOptions, into out: inout String) {
        let cells = grid.row(y)
        let top = Double(y) * options.cellHeight
        // The baseline sits so that the font's usual ascent and descent centre in the row.
        let baseline = top + (options.cellHeight + options.fontSize * 0.7) / 2
        var x = 0
        while x < grid.size.width {
            let cell = cells[cells.startIndex + x]
            if cell.isContinuation {
                x += 1
                continue
            }
            let cellWidth = x + 1 < grid.size.width && cells[cells.startIndex + x + 1].isContinuation ? 2 : 1
            var text = cell.grapheme
            var end = x + cellWidth
            if cellWidth == 1 && isSimple(cell.grapheme) {
                while end < grid.size.width {
                    let next = cells[cells.startIndex + end]
                    let nextIsWide = end + 1 < grid.size.width && cells[cells.startIndex + end + 1].isContinuation
                    guard next.style == cell.style, !nextIsWide, isSimple(next.grapheme) else { break }
                    text += next.grapheme
                    end += 1
                }
            }
            let style = cell.style
            let (foreground, _) = colors(style, options)
            let left = number(Double(x) * options.cellWidth)
            let runWidth = number(Double(end - x) * options.cellWidth)
            let blank = text.utf8.allSatisfy { $0 == UInt8(ascii: " ") }
            if !blank {
                out += "<text x=\"\(left)\" y=\"\(number(baseline))\" textLength=\"\(runWidth)\""
                out += " lengthAdjust=\"spacingAndGlyphs\" fill=\"\(foreground.hexRGB)\""
                if style.bold { out += " font-weight=\"bold\"" }
                if style.italic { out += " font-style=\"italic\"" }
                if style.dim { out += " opacity=\"0.6\"" }
                out += ">"
                out += escaped(text)
                out += "</text>\n"
            }
            if style.underline {
                out += "<rect x=\"\(left)\" y=\"\(number(top + options.cellHeight - 2))\" width=\"\(runWidth)\""
                out += " height=\"1\" fill=\"\(foreground.hexRGB)\"/>\n"
            }
            if style.strikethrough {
                out += "<rect x=\"\(left)\" y=\"\(number(top + options.cellHeight / 2))\" width=\"\(runWidth)\""
                out += " height=\"1\" fill=\"\(foreground.hexRGB)\"/>\n"
            }
            x = end
        }
    }

    /// Whether a grapheme is one scalar, so that `textLength` spacing treats it as one glyph.
    private static func isSimple(_ grapheme: String) -> Bool {
        var scalars = grapheme.unicodeScalars.makeIterator()
        return scalars.next() != nil && scalars.next() == nil
    }

    /// Text safe inside an XML element or attribute value.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in SafeText.sanitised(text).unicodeScalars {
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

    /// A coordinate with at most two decimals and no trailing zeros, so output is the same on every platform.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
