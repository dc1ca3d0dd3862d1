import HTMLRendering
import ModalModel
import Screen
import ScreenLayout

/// The output formats of a whole document.
public enum DocumentFormat: String, Sendable, CaseIterable {
    /// Text without escape sequences.
    case plain
    /// Text with SGR attributes and colours (and OSC 8 links on request).
    case ansi
    /// `ansi` with colours and links only, no cursor movement, as pagers such as `less -R` show it whole.
    case ansiColors = "ansi-colors"
    /// One self-contained SVG picture of all modals, one below the other.
    case svg
    /// The JSON layout (`JSONLayoutRenderer`).
    case json
    /// A self-contained HTML page drawing the modals as an app does (`HTMLRenderer`), pages side by side.
    case html

    /// Whether the format draws the terminal layout's cells, whose rows and cells `RenderLimits` bound; HTML is
    /// drawn from the message's runs, in output linear in the document, and has no rows to count.
    package var drawsCells: Bool { self != .html }

    /// Whether the format is text in rows, drawn band by band: plain and the two ANSI formats.
    package var isText: Bool { self == .plain || self == .ansi || self == .ansiColors }
}

/// How to render a document.
public struct DocumentRenderOptions: Sendable, Equatable {
    /// The output format.
    public var format: DocumentFormat
    /// The modal's total width in cells, frame included; a width outside 10...1000 is drawn at the nearer end.
    public var width: Int
    /// The colour depth of ANSI output.
    public var colorDepth: ColorDepth
    /// Plain `+-|` frames instead of box drawing.
    public var ascii: Bool
    /// OSC 8 hyperlinks in ANSI output.
    public var hyperlinks: Bool
    /// How ANSI output writes emoji sequences: whole, or only what fits where terminals draw per code point.
    public var clusters: ClusterMode
    /// Only the modal at this index (counting from 0); nil for all.
    public var modalIndex: Int?
    /// Visual or logical order for right-to-left text in plain and ANSI output. SVG is always drawn in visual
    /// order and the JSON layout gives both, so they ignore it.
    public var bidi: BidiDisplay
    /// The phone width and theme of HTML output; the other formats ignore it, and HTML ignores `width`.
    public var html: HTMLPageOptions

    /// Creates options.
    public init(
        format: DocumentFormat, width: Int, colorDepth: ColorDepth = .none, ascii: Bool = false,
        hyperlinks: Bool = false, clusters: ClusterMode = .whole, modalIndex: Int? = nil,
        bidi: BidiDisplay = .visual, html: HTMLPageOptions = HTMLPageOptions()
    ) {
        self.bidi = bidi
        self.html = html
        self.format = format
        self.width = width
        self.colorDepth = colorDepth
        self.ascii = ascii
        self.hyperlinks = hyperlinks
        self.clusters = clusters
        self.modalIndex = modalIndex
    }
}

/// How large an output `DocumentRenderer` agrees to write before refusing it up front.
///
/// Drawing streams in bands and a long message's lines are not kept, so memory grows neither with
/// rows × width nor with rows; these limits keep the output's size sane. A document whose picture would run to hundreds of millions of
/// cells or millions of rows is almost surely a mistake or an attack, and no reader could use it anyway.
public struct RenderLimits: Sendable, Equatable {
    /// The most cells (rows × width, all modals and the gaps between them) of plain, ANSI or JSON output;
    /// 100 million by default.
    public var maximumCells: Int
    /// The most cells of an SVG picture, whose elements cost far more bytes a cell than text; 16 million by default.
    public var maximumSVGCells: Int
    /// The most rows (all modals and the gaps between them) in any format, whatever the width; 2 million by default.
    public var maximumRows: Int

    /// The default most cells of text output: 100 million cells, about 100 MB to 400 MB of text.
    @usableFromInline package static let defaultMaximumCells = 100_000_000
    /// The default most cells of an SVG picture: 16 million cells, e.g. 1000 wide and 16,000 rows tall.
    @usableFromInline package static let defaultMaximumSVGCells = 16_000_000
    /// The default most rows: 2 million, some 40,000 screens of 50 rows.
    @usableFromInline package static let defaultMaximumRows = 2_000_000
    /// No limit, for callers that asked for the whole output as one string anyway.
    public static let unlimited = RenderLimits(maximumCells: .max, maximumSVGCells: .max, maximumRows: .max)

    /// Creates limits; the defaults are the ones `modalkit render` uses.
    public init(
        maximumCells: Int = defaultMaximumCells, maximumSVGCells: Int = defaultMaximumSVGCells,
        maximumRows: Int = defaultMaximumRows
    ) {
        self.maximumCells = maximumCells
        self.maximumSVGCells = maximumSVGCells
        self.maximumRows = maximumRows
    }

    /// The cell limit for `format`.
    package func maximumCells(for format: DocumentFormat) -> Int {
        format == .svg ? maximumSVGCells : maximumCells
    }
}

/// Why a document was not rendered: its output would exceed a `RenderLimits` limit.
public struct RenderRefusal: Error, Sendable, Equatable {
    /// Which limit a refused document exceeds.
    public enum Limit: Sendable, Equatable {
        /// The output's cells (rows × width).
        case cells
        /// The output's rows.
        case rows
    }

    /// The limit exceeded.
    public let limit: Limit
    /// Its value.
    public let maximum: Int
    /// The output's height in rows, all modals and gaps included.
    package let rowCount: Int
    /// The modal's width in cells.
    package let width: Int
    /// Whether `rowCount` is only a lower bound, found before layout by counting line feeds.
    package let isLowerBound: Bool
    /// The format asked for.
    public let format: DocumentFormat

    /// The output's size in cells (`Int.max` when it does not fit an `Int`).
    package var cellCount: Int {
        let (cells, overflow) = rowCount.multipliedReportingOverflow(by: width)
        return overflow ? .max : cells
    }

    /// What went wrong and what to do, in one line.
    public var message: String {
        let atLeast = isLowerBound ? "at least " : ""
        switch limit {
        case .cells:
            return "the \(format.rawValue) output would be \(atLeast)\(rowCount) rows of \(width) cells "
                + "(\(cellCount) cells), over the limit of \(maximum) cells for \(format.rawValue); "
                + "choose a smaller --width or one modal with --modal, or raise the limit with --max-cells N"
        case .rows:
            return "the \(format.rawValue) output would be \(atLeast)\(rowCount) rows, over the limit of "
                + "\(maximum) rows; choose a larger --width or one modal with --modal, or raise the limit "
                + "with --max-rows N"
        }
    }
}

/// Renders a whole document (all modals, or one) with "1/4" page labels when it has several: what
/// `modalkit render` prints and what the preview prints without a terminal.
///
/// Each modal is laid out once; the output is then drawn and written a band of `bandRowCount` rows at a
/// time, so the cells of the whole picture never exist at once and memory does not follow rows × width.
/// A long message's layout keeps no lines either, so memory follows the longest paragraph. Plain and ANSI
/// text wrap each message once, while its bands are drawn and written, when the most rows its length allows
/// (`LineCountBound`) are within the limits; otherwise, and for the JSON layout and SVG, which need the
/// height first, one wrapping pass counts the lines and each pass over the bands wraps again (twice for
/// SVG). The bands go through the same renderers as a whole grid, so every way gives the same bytes.
public enum DocumentRenderer {
    /// How many rows are drawn into one grid at a time.
    package static let bandRowCount = 256

    /// The document as text in the chosen format; an out-of-range `modalIndex` renders no modal.
    public static func render(_ document: ModalDocument, options: DocumentRenderOptions) -> String {
        var out = ""
        if options.format == .html {
            writeHTML(document, options: options) { out += $0 }
            return out
        }
        let outputUTF8 = { (bytes: UnsafeBufferPointer<UInt8>) in out += String(decoding: bytes, as: UTF8.self) }
        if options.format.isText {
            writeText(
                of: document, indices: indices(of: document, options: options), options: options,
                output: { out += $0 }, outputUTF8: outputUTF8)
            return out
        }
        write(layouts(of: document, options: options), options: options, output: { out += $0 }, outputUTF8: outputUTF8)
        return out
    }

    /// Writes the document in the chosen format to `output`, piece by piece as it is drawn, or refuses it
    /// before writing anything when it would exceed `limits`.
    public static func render(
        _ document: ModalDocument, options: DocumentRenderOptions, limits: RenderLimits,
        output: (String) -> Void
    ) throws(RenderRefusal) {
        try render(
            document, options: options, limits: limits, output: output,
            outputUTF8: { output(String(decoding: $0, as: UTF8.self)) })
    }

    /// Writes the document as `render(_:options:limits:output:)` does, handing the plain and ANSI bands to
    /// `outputUTF8` as the bytes they were drawn into: a writer that only passes them on (the command line,
    /// to standard output) so makes no string of them, which would check their UTF-8 again and copy them.
    package static func render(
        _ document: ModalDocument, options: DocumentRenderOptions, limits: RenderLimits,
        output: (String) -> Void, outputUTF8: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(RenderRefusal) {
        if !options.format.drawsCells {
            writeHTML(document, options: options, output: output)
            return
        }
        let chosen = indices(of: document, options: options)
        if options.format.isText {
            // Text output needs no height before its first row; when the longest the modals could be is within
            // the limits, each message is wrapped once, as it is written, rather than first to count its lines.
            if let mostRows = mostRows(of: document, indices: chosen, options: options),
                exceededLimit(rows: mostRows, gaps: chosen.count, options: options, limits: limits) == nil
            {
                writeText(of: document, indices: chosen, options: options, output: output, outputUTF8: outputUTF8)
                return
            }
        }
        // Every line feed starts a body row, so counting them bounds the height before anything is laid
        // out: a message of millions of them is refused without building millions of lines.
        let leastRows = chosen.map { 2 + lineFeedCount(document.modals[$0].message) }.reduce(0, +)
        try check(rows: leastRows, gaps: chosen.count, isLowerBound: true, options: options, limits: limits)
        let layouts = self.layouts(of: document, options: options)
        try check(
            rows: layouts.map(\.layout.size.height).reduce(0, +), gaps: chosen.count, isLowerBound: false,
            options: options, limits: limits)
        write(layouts, options: options, output: output, outputUTF8: outputUTF8)
    }

    private static func indices(of document: ModalDocument, options: DocumentRenderOptions) -> [Int] {
        guard let index = options.modalIndex else { return Array(document.modals.indices) }
        return document.modals.indices.contains(index) ? [index] : []
    }

    private static func layouts(
        of document: ModalDocument, options: DocumentRenderOptions
    ) -> [(index: Int, layout: ModalLayout)] {
        indices(of: document, options: options).map { index in
            // Written out in order, so a long message's lines are made again for each pass rather than kept:
            // memory then follows its longest paragraph, not its line count.
            let viewOptions = viewOptions(for: index, of: document, options: options)
            return (
                index: index,
                layout: ModalLayout(modal: document.modals[index], options: viewOptions, reading: .inOrder)
            )
        }
    }

    /// At most how many rows the modals at `indices` take together (`ModalLayout.heightUpperBound`), or nil
    /// when one has no bound or the sum does not fit an `Int`.
    private static func mostRows(of document: ModalDocument, indices: [Int], options: DocumentRenderOptions) -> Int? {
        var total = 0
        for index in indices {
            let viewOptions = viewOptions(for: index, of: document, options: options)
            guard let rows = ModalLayout.heightUpperBound(of: document.modals[index], options: viewOptions) else {
                return nil
            }
            let (sum, overflow) = total.addingReportingOverflow(rows)
            if overflow { return nil }
            total = sum
        }
        return total
    }

    /// How the modal at `index` is laid out: the options' width and frame, and its page label.
    private static func viewOptions(
        for index: Int, of document: ModalDocument, options: DocumentRenderOptions
    ) -> ModalViewOptions {
        let total = document.modals.count
        return ModalViewOptions(
            width: options.modalWidth, ascii: options.ascii, pageLabel: total > 1 ? "\(index + 1)/\(total)" : nil,
            bidi: options.format.isText ? options.bidi : .visual)
    }

    private static func lineFeedCount(_ message: String) -> Int {
        var message = message
        return message.withUTF8 { bytes in
            var count = 0
            for byte in bytes where byte == 0x0A { count += 1 }
            return count
        }
    }

    /// Throws when `rows` modal rows plus the gaps between `gaps` modals at the options' width exceed a limit.
    private static func check(
        rows: Int, gaps: Int, isLowerBound: Bool, options: DocumentRenderOptions, limits: RenderLimits
    ) throws(RenderRefusal) {
        if let (limit, maximum) = exceededLimit(rows: rows, gaps: gaps, options: options, limits: limits) {
            throw RenderRefusal(
                limit: limit, maximum: maximum, rowCount: rows + max(0, gaps - 1), width: options.modalWidth.cells,
                isLowerBound: isLowerBound, format: options.format)
        }
    }

    /// The limit that `rows` modal rows plus the gaps between `gaps` modals at the options' width exceed, and
    /// its value; nil when they exceed none.
    private static func exceededLimit(
        rows: Int, gaps: Int, options: DocumentRenderOptions, limits: RenderLimits
    ) -> (RenderRefusal.Limit, Int)? {
        let (totalRows, rowOverflow) = rows.addingReportingOverflow(max(0, gaps - 1))
        let cellLimit = limits.maximumCells(for: options.format)
        let (cells, overflow) = totalRows.multipliedReportingOverflow(by: options.modalWidth.cells)
        if rowOverflow || overflow || cells > cellLimit { return (.cells, cellLimit) }
        return totalRows > limits.maximumRows ? (.rows, limits.maximumRows) : nil
    }

    /// Writes the HTML page a modal at a time; it needs no layout, as the browser lays the text out.
    private static func writeHTML(
        _ document: ModalDocument, options: DocumentRenderOptions, output: (String) -> Void
    ) {
        output(HTMLRenderer.pageStart(title: "ModalKit preview", options: options.html))
        output(HTMLRenderer.mainStart(heading: "ModalKit preview"))
        HTMLRenderer.writePages(
            of: document.modals, indices: indices(of: document, options: options), options: options.html,
            output: output)
        output(HTMLRenderer.mainEnd + HTMLRenderer.pageEnd)
    }

    /// Draws and writes laid-out modals band by band.
    private static func write(
        _ layouts: [(index: Int, layout: ModalLayout)], options: DocumentRenderOptions, output: (String) -> Void,
        outputUTF8: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        switch options.format {
        case .json:
            JSONLayoutRenderer.render(layouts, output: output)
        case .html:
            break  // written from the document's runs by `writeHTML`, before any layout
        case .plain, .ansi, .ansiColors:
            var writer = TextBandWriter(options: options)
            for (position, entry) in layouts.enumerated() {
                if position > 0 { output("\n") }
                forEachBand(of: entry.layout) { grid, _ in writer.write(grid, to: outputUTF8) }
            }
        case .svg:
            // One picture, modals one below the other with a blank row between them; every background
            // goes before any text, so the bands are drawn twice, once for each.
            let width = layouts.map(\.layout.size.width).max() ?? 0
            let height = layouts.map(\.layout.size.height).reduce(0, +) + max(0, layouts.count - 1)
            output(SVGRenderer.header(size: Size(width: width, height: height)))
            for foreground in [false, true] {
                var top = 0
                for entry in layouts {
                    forEachBand(of: entry.layout) { grid, firstRow in
                        var out = ""
                        if foreground {
                            SVGRenderer.appendForeground(of: grid, firstRow: top + firstRow, into: &out)
                        } else {
                            SVGRenderer.appendBackgrounds(of: grid, firstRow: top + firstRow, into: &out)
                        }
                        output(out)
                    }
                    top += entry.layout.size.height + 1
                }
            }
            output(SVGRenderer.footer)
        }
    }

    /// Writes the modals at `indices` as plain or ANSI text, each laid out while it is drawn, band by band.
    private static func writeText(
        of document: ModalDocument, indices: [Int], options: DocumentRenderOptions, output: (String) -> Void,
        outputUTF8: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var writer = TextBandWriter(options: options)
        for (position, index) in indices.enumerated() {
            if position > 0 { output("\n") }
            _ = ModalLayout.drawingBands(
                of: document.modals[index], options: viewOptions(for: index, of: document, options: options),
                rowCount: bandRowCount
            ) { grid, _ in writer.write(grid, to: outputUTF8) }
        }
    }

    /// Draws a modal `bandRowCount` rows at a time, handing each band and the modal row it starts at to `body`.
    private static func forEachBand(of layout: ModalLayout, _ body: (CellGrid, Int) -> Void) {
        layout.forEachBand(rowCount: bandRowCount, body)
    }
}

extension DocumentRenderOptions {
    /// The width asked for, clamped where it enters the layers below: the public option is any `Int`.
    fileprivate var modalWidth: ModalWidth { ModalWidth(clamping: width) }
}

/// Writes bands of plain or ANSI text through one buffer: drawn into, handed over, emptied.
private struct TextBandWriter {
    let options: DocumentRenderOptions
    private var bytes: [UInt8] = []

    init(options: DocumentRenderOptions) {
        self.options = options
    }

    mutating func write(_ grid: CellGrid, to outputUTF8: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.removeAll(keepingCapacity: true)
        if options.format == .plain {
            PlainRenderer.append(grid, to: &bytes)
        } else {
            ANSIRenderer.append(
                grid, colorDepth: options.colorDepth, hyperlinks: options.hyperlinks, clusters: options.clusters,
                movesCursor: options.format != .ansiColors, to: &bytes)
        }
        bytes.withUnsafeBufferPointer { outputUTF8($0) }
    }
}
