import ModalModel
import Screen
@_spi(Kernel) import TextKernel
import TextLayout

/// A modal laid out once at one width: body lines, button placements, the areas they occupy and the
/// focusable links and buttons with their rectangles.
///
/// Everything that depends only on (modal, width, options) is computed here, once; drawing, hit-testing,
/// focus moves, scrolling and the JSON layout all read this value, so none of them wraps the message or
/// places the buttons again. Coordinates are modal-relative: row 0 is the top of the frame.
package struct ModalLayout: Sendable, Equatable {
    /// The modal laid out.
    package let modal: Modal
    /// The modal's width in cells, frame included.
    package let width: ModalWidth
    /// Plain `+-|` frame and focus markers instead of box drawing.
    package let ascii: Bool
    /// The "2/4"-style page label shown in the frame, if any.
    package let pageLabel: String?
    /// Whether lines and labels holding right-to-left text are drawn (and hit-tested) in visual order.
    package let bidi: BidiDisplay
    /// The modal's own background, nil for the terminal's.
    package let panel: ModalColor?
    /// The message's base direction: the button row runs this way.
    package let direction: WritingDirection
    /// The message's lines, however they are kept.
    private let body: WrappedText
    /// The font size of most of the message, which decides what counts as a heading or small print.
    package let bodyFontSize: Double
    /// Where each button goes, relative to `buttonArea`, in button order.
    package let buttonPlacements: [ButtonPlacement]
    /// The cells of the message body.
    package let bodyArea: Rect
    /// The cells of the button rows (empty height without buttons).
    package let buttonArea: Rect
    /// The whole modal's size; the height grows with the content.
    package let size: Size
    /// Links in text order, then buttons in order: what Tab moves through.
    package let focusables: [Focusable]
    /// How many of `focusables` are links (they come first).
    package let linkCount: Int
    /// Whether every line of the message is laid out; false for the first lines alone
    /// (`init(firstLinesOf:options:lineCount:)`), whose links after them are not known either.
    package private(set) var isComplete = true

    /// Where the body's first cell is: inside the frame, after a column of padding.
    static let bodyOrigin = Point(x: 2, y: 1)

    /// Lays out `modal` with the width, frame and page label of `options` (its focus is not a layout input),
    /// its message wrapped for `reading` (see `WrappedText`): a preview reads a few rows anywhere, a
    /// renderer writes them all in order.
    package init(modal: Modal, options: ModalViewOptions, reading: WrappedText.Reading = .anywhere) {
        self.init(modal: modal, options: options, reading: reading, shouldContinue: { true })
    }

    /// The layout of `init(modal:options:reading:)`, made unless `shouldContinue` says no first: it is asked
    /// between the pieces of a long message, so a layout that is no longer wanted stops within milliseconds.
    package static func unlessCancelled(
        modal: Modal, options: ModalViewOptions, shouldContinue: () -> Bool
    ) -> ModalLayout? {
        let layout = ModalLayout(modal: modal, options: options, reading: .anywhere, shouldContinue: shouldContinue)
        return shouldContinue() ? layout : nil
    }

    /// The modal with only the first `lineCount` lines of its message laid out, and every button: what a
    /// screenful needs, made in the time of a screenful however long the message. It is complete
    /// (`isComplete`) when the message has no more lines than that.
    package init(firstLinesOf modal: Modal, options: ModalViewOptions, lineCount: Int) {
        let text = StyledText(modal: modal)
        var wrap = WrapOptions(modal: modal, width: options.width.bodyCellWidth)
        let lineCount = max(0, lineCount)
        // One line more than kept: the line a cut shortens to fit its ellipsis is the one dropped, so the kept
        // lines are those of the whole layout. A message the format itself cuts that soon is laid out whole.
        let cutsItself = wrap.maxLines.map { $0 <= lineCount + 1 } ?? false
        if !cutsItself { wrap.maxLines = lineCount + 1 }
        var lines: [LayoutLine] = []
        _ = WrappedText(text, options: wrap, reading: .inOrder, lineMade: { _, line in lines.append(line) })
        let isCut = !cutsItself && lines.count > lineCount
        if isCut { lines.removeLast() }
        self.init(
            modal: modal, options: options, body: WrappedText(lines: lines),
            bodyFontSize: FontEmphasis.bodyFontSize(of: text))
        isComplete = !isCut
    }

    private init(modal: Modal, options: ModalViewOptions, reading: WrappedText.Reading, shouldContinue: () -> Bool) {
        let text = StyledText(modal: modal)
        var links = LinkFocusables(modal: modal, bodyWidth: options.width.bodyCellWidth, bidi: options.bidi)
        let gathersLinks = LinkFocusables.mayFindLinks(in: text)
        let body = WrappedText(
            text, options: WrapOptions(modal: modal, width: options.width.bodyCellWidth), reading: reading,
            lineMade: gathersLinks
                ? { lineIndex, line in links.add(line, lineIndex: lineIndex) } : nil,
            shouldContinue: shouldContinue)
        self.init(
            modal: modal, options: options, body: body, links: links.focusables,
            bodyFontSize: FontEmphasis.bodyFontSize(of: text))
    }

    /// Lays out `modal` around a body already wrapped to its body width.
    package init(modal: Modal, options: ModalViewOptions, bodyLines: [LayoutLine], bodyFontSize: Double) {
        self.init(modal: modal, options: options, body: WrappedText(lines: bodyLines), bodyFontSize: bodyFontSize)
    }

    /// Lays out `modal` around a message already wrapped to its body width; reads every line once for links.
    package init(modal: Modal, options: ModalViewOptions, body: WrappedText, bodyFontSize: Double) {
        var links = LinkFocusables(modal: modal, bodyWidth: options.width.bodyCellWidth, bidi: options.bidi)
        body.forEachLine { lineIndex, line in links.add(line, lineIndex: lineIndex) }
        self.init(modal: modal, options: options, body: body, links: links.focusables, bodyFontSize: bodyFontSize)
    }

    private init(modal: Modal, options: ModalViewOptions, body: WrappedText, links: [Focusable], bodyFontSize: Double) {
        self.modal = modal
        width = options.width
        ascii = options.ascii
        pageLabel = options.pageLabel
        bidi = options.bidi
        panel = options.panel
        direction = body.firstLineDirection ?? ParagraphDirection(modal.direction).resolved(for: modal.message)
        self.body = body
        let lineCount = body.lineCount
        self.bodyFontSize = bodyFontSize
        let bodyWidth = width.bodyCellWidth
        buttonPlacements = ButtonRow.layout(modal.buttons, width: bodyWidth, direction: direction, bidi: bidi)
        (bodyArea, buttonArea, size) = Self.areas(
            lineCount: lineCount, width: width, buttonRows: buttonPlacements.last.map { $0.row + 1 } ?? 0)
        var focusables = links
        linkCount = focusables.count
        for placement in buttonPlacements {
            let rect = Rect(
                x: buttonArea.minX + placement.column, y: buttonArea.minY + placement.row,
                width: placement.cellWidth, height: 1
            ).intersection(buttonArea)
            let button = modal.buttons[placement.index]
            focusables.append(
                Focusable(
                    kind: .button(index: placement.index), label: ControlCharacters.singleLine(button.label),
                    action: button.action, rects: [rect]))
        }
        self.focusables = focusables
    }

    /// The body's and the buttons' areas and the whole modal's size, for `lineCount` lines of message at `width`.
    private static func areas(
        lineCount: Int, width: ModalWidth, buttonRows: Int
    ) -> (body: Rect, buttons: Rect, size: Size) {
        let origin = bodyOrigin
        let bodyWidth = width.bodyCellWidth
        return (
            Rect(x: origin.x, y: origin.y, width: bodyWidth, height: lineCount),
            Rect(x: origin.x, y: origin.y + lineCount + 1, width: bodyWidth, height: buttonRows),
            Size(width: width.cells, height: 1 + lineCount + (buttonRows > 0 ? 1 + buttonRows : 0) + 1)
        )
    }

    /// At most how many rows `modal` laid out with `options` takes, from the length of its message
    /// (`LineCountBound`) and without wrapping it; nil when no bound is known.
    package static func heightUpperBound(of modal: Modal, options: ModalViewOptions) -> Int? {
        let bodyWidth = options.width.bodyCellWidth
        guard
            let lineCount = LineCountBound.lines(
                of: modal.message, options: WrapOptions(modal: modal, width: bodyWidth))
        else { return nil }
        // Buttons go into rows in their logical order; the direction only mirrors each row.
        let buttonRows = ButtonRow.layout(modal.buttons, width: bodyWidth).last.map { $0.row + 1 } ?? 0
        return areas(lineCount: lineCount, width: options.width, buttonRows: buttonRows).size.height
    }

    /// Lays out `modal` and draws it `rowCount` rows at a time while its message is wrapped, handing each band
    /// and the modal row it starts at to `body`, in order, and returns the layout. The message is wrapped once,
    /// where `init(modal:options:reading:)` and `forEachBand` wrap a long one twice, first to count its lines:
    /// for a writer that needs no height before the first row, or has bounded it (`heightUpperBound`).
    ///
    /// A band above the last line made so far holds only the top of the frame and lines of the message, and
    /// those rows are drawn the same whatever the height below them; such a band is drawn as soon as its lines
    /// are made, at the height known so far. The bands from the last line down wait for the message's end.
    package static func drawingBands(
        of modal: Modal, options: ModalViewOptions, rowCount: Int, sizes: WrappedText.Sizes = WrappedText.Sizes(),
        _ body: (CellGrid, _ firstRow: Int) -> Void
    ) -> ModalLayout {
        let text = StyledText(modal: modal)
        let bodyFontSize = FontEmphasis.bodyFontSize(of: text)
        var links = LinkFocusables(modal: modal, bodyWidth: options.width.bodyCellWidth, bidi: options.bidi)
        let gathersLinks = LinkFocusables.mayFindLinks(in: text)
        let unfinished = ModalLayout(
            modal: modal, options: options, body: WrappedText(lines: []), links: [], bodyFontSize: bodyFontSize)
        var bands = Bands(rowCount: rowCount)
        let wrapped = WrappedText.streamingLines(
            of: text, options: WrapOptions(modal: modal, width: options.width.bodyCellWidth), sizes: sizes
        ) { index, line in
            if gathersLinks { links.add(line, lineIndex: index) }
            bands.draw(upTo: bodyOrigin.y + index, height: .max) { rows, lines in
                body(unfinished.draw(rows: rows, lines: lines, lineCount: index, focusIndex: nil), rows.lowerBound)
            }
            bands.lines.append(line)
        }
        let layout = ModalLayout(
            modal: modal, options: options, body: wrapped, links: links.focusables, bodyFontSize: bodyFontSize)
        bands.draw(upTo: layout.size.height + bands.rowCount, height: layout.size.height) { rows, lines in
            body(layout.draw(rows: rows, lines: lines, focusIndex: nil), rows.lowerBound)
        }
        return layout
    }

    /// Whether `modal` laid out with `options` would be taller than `rows`, found by wrapping only as many
    /// lines of its message as those rows hold and one more: deciding whether a modal must scroll costs a
    /// screenful, however long the message, where laying it out costs the whole message.
    package static func height(of modal: Modal, options: ModalViewOptions, exceeds rows: Int) -> Bool {
        let bodyWidth = options.width.bodyCellWidth
        // Buttons go into rows in their logical order; the direction only mirrors each row.
        let buttonRows = ButtonRow.layout(modal.buttons, width: bodyWidth).last.map { $0.row + 1 } ?? 0
        let bodyRows = rows - 2 - (buttonRows > 0 ? 1 + buttonRows : 0)
        if bodyRows < 0 { return true }
        var wrap = WrapOptions(modal: modal, width: bodyWidth)
        if let maxLines = wrap.maxLines, maxLines <= bodyRows { return false }
        wrap.maxLines = bodyRows + 1
        return WrappedText(StyledText(modal: modal), options: wrap, reading: .inOrder).lineCount > bodyRows
    }

    /// The width the message is wrapped to.
    package var bodyWidth: Int { bodyArea.size.width }

    /// How many lines the message wraps to: the body's height.
    package var bodyLineCount: Int { body.lineCount }

    /// Draws the whole modal with the focusable at `focusIndex` (if any) focused.
    package func draw(focusIndex: Int? = nil) -> CellGrid {
        draw(rows: 0..<size.height, focusIndex: focusIndex)
    }

    /// Draws only the modal rows in `rows` (clamped to the modal) into a grid as tall as they are, so the
    /// cost of a frame follows the rows shown, not the length of the message. Row `rows.lowerBound` of the
    /// modal is row 0 of the grid. A layout that does not keep its lines wraps the piece that holds those
    /// rows again; `forEachBand` draws the whole of such a layout in one pass.
    package func draw(rows: Range<Int>, focusIndex: Int? = nil) -> CellGrid {
        let rows = rows.clamped(to: 0..<size.height)
        let shownLines = bodyLineIndices(shownOn: rows)
        return draw(rows: rows, lines: bodyLines(in: shownLines), focusIndex: focusIndex)
    }

    /// Draws the whole modal `rowCount` rows at a time, handing each band and the modal row it starts at to
    /// `body`, in order. The message is wrapped at most once, so a layout that does not keep its lines is
    /// drawn in a single pass, holding no more than a band of lines.
    package func forEachBand(rowCount: Int, focusIndex: Int? = nil, _ body: (CellGrid, _ firstRow: Int) -> Void) {
        var bands = Bands(rowCount: rowCount)
        func drawBand(rows: Range<Int>, lines: [LayoutLine]) {
            body(draw(rows: rows, lines: lines, focusIndex: focusIndex), rows.lowerBound)
        }
        forEachBodyLine { index, line in
            bands.draw(upTo: bodyArea.minY + index, height: size.height, drawBand)
            bands.lines.append(line)
        }
        bands.draw(upTo: size.height + bands.rowCount, height: size.height, drawBand)
    }

    /// Calls `body` with every body line and its index, in order.
    package func forEachBodyLine(_ body: (_ index: Int, LayoutLine) -> Void) {
        self.body.forEachLine(body)
    }

    /// The body lines with indices in `range` (clamped to the body).
    package func bodyLines(in range: Range<Int>) -> [LayoutLine] {
        body.lines(in: range)
    }

    /// The indices of the body lines on modal rows `rows`.
    private func bodyLineIndices(shownOn rows: Range<Int>) -> Range<Int> {
        Self.lineIndices(shownOn: rows, bodyArea: bodyArea)
    }

    /// The indices of the lines of a body drawn in `bodyArea` that are on modal rows `rows`.
    private static func lineIndices(shownOn rows: Range<Int>, bodyArea: Rect) -> Range<Int> {
        (rows.lowerBound - bodyArea.minY..<rows.upperBound - bodyArea.minY).clamped(to: 0..<bodyArea.size.height)
    }

    /// Draws modal rows `rows` (within the modal) given the body lines shown on them; with `lineCount`, as the
    /// modal would be with that many lines of message (`drawingBands` draws the rows above its last line so).
    private func draw(rows: Range<Int>, lines: [LayoutLine], lineCount: Int? = nil, focusIndex: Int?) -> CellGrid {
        var grid = CellGrid(size: Size(width: width.cells, height: rows.count))
        guard !rows.isEmpty else { return grid }
        let buttonRows = self.buttonArea.size.height
        let (bodyArea, buttonArea, size) =
            lineCount.map { Self.areas(lineCount: $0, width: width, buttonRows: buttonRows) }
            ?? (self.bodyArea, self.buttonArea, self.size)
        let shift = -rows.lowerBound
        func moved(_ rect: Rect) -> Rect {
            Rect(x: rect.minX, y: rect.minY + shift, width: rect.size.width, height: rect.size.height)
        }
        let mapping = CellStyleMapping(
            bodyFontSize: bodyFontSize, background: panel ?? CellStyleMapping.assumedBackground)
        let frame = Rect(x: 0, y: shift, width: size.width, height: size.height)
        let shownLines = Self.lineIndices(shownOn: rows, bodyArea: bodyArea)
        let shownArea = Rect(
            x: bodyArea.minX, y: bodyArea.minY + shownLines.lowerBound + shift, width: bodyArea.size.width,
            height: shownLines.count)
        let widgets: [any Widget] = [
            Border(ascii: ascii, title: pageLabel),
            Paragraph(lines: lines, mapping: mapping, bidi: bidi),
        ]
        widgets[0].draw(into: &grid, area: frame)
        widgets[1].draw(into: &grid, area: shownArea)

        var focusedButton: Int?
        if let focusIndex, focusables.indices.contains(focusIndex) {
            if focusIndex >= linkCount {
                focusedButton = buttonPlacements[focusIndex - linkCount].index
            } else {
                for rect in focusables[focusIndex].rects { grid.updateStyles(in: moved(rect)) { $0.reverse = true } }
            }
        }
        let buttons = ButtonRow(
            buttons: modal.buttons, placements: buttonPlacements, mapping: mapping, ascii: ascii,
            focusedIndex: focusedButton)
        buttons.draw(into: &grid, area: moved(buttonArea))
        if let panel { ModalPanel.paint(&grid, panel: panel) }
        return grid
    }
}

/// The rows of a modal drawn a band at a time, as its lines arrive in order: the lines gathered for the next
/// band, and the row it starts at.
private struct Bands {
    let rowCount: Int
    var lines: [LayoutLine] = []
    private var start = 0

    init(rowCount: Int) {
        self.rowCount = max(1, rowCount)
    }

    /// Draws every band of a modal `height` rows tall that ends at or before `row`, each with its rows and
    /// the lines gathered for it (the first band drawn takes `lines`).
    mutating func draw(upTo row: Int, height: Int, _ drawBand: (_ rows: Range<Int>, _ lines: [LayoutLine]) -> Void) {
        while start < height && start + rowCount <= row {
            let rows = start..<min(height, start + rowCount)
            drawBand(rows, lines)
            lines.removeAll(keepingCapacity: true)
            start = rows.upperBound
        }
    }
}
