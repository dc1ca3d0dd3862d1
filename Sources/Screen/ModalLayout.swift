import ModalModel
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
    /// The modal's width in cells, frame included (clipped to `ModalView.minimumWidth`...`ModalView.maximumWidth`).
    package let width: Int
    /// Plain `+-|` frame and focus markers instead of box drawing.
    package let ascii: Bool
    /// The "2/4"-style page label shown in the frame, if any.
    package let pageLabel: String?
    /// Whether lines and labels holding right-to-left text are drawn (and hit-tested) in visual order.
    package let bidi: BidiDisplay
    /// The message's base direction: the button row runs this way.
    package let direction: WritingDirection
    /// The message's lines: stored, or made again on each pass (see `init(rewrapping:options:)`).
    private let body: Body
    /// How many lines the message wraps to: the body's height.
    package let bodyLineCount: Int
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

    /// Where the body's first cell is: inside the frame, after a column of padding.
    static let bodyOrigin = Point(x: 2, y: 1)

    /// How a layout holds its body lines.
    private enum Body: Sendable, Equatable {
        /// Every line, stored compactly for a long message.
        case stored(BodyLines)
        /// No line: every pass over the lines wraps the text again, a piece of at least `pieceUTF8Count` bytes
        /// of whole paragraphs at a time; `pieces` says where each piece starts and how many lines come before
        /// it, so a run of lines is made again from the piece that holds its first line.
        case rewrapped(StyledText, WrapOptions, pieceUTF8Count: Int, pieces: [WrapPieceStart])
    }

    /// The piece size of a long message's layout that is drawn a few rows at a time, anywhere (the preview's):
    /// a frame then wraps a few kilobytes again, a fraction of a millisecond.
    package static let randomAccessPieceUTF8Count = 4 * 1024

    /// Lays out `modal` with the width, frame and page label of `options` (its focus is not a layout input).
    ///
    /// A message over `BodyLines.packingThresholdUTF8Count` bytes whose paragraphs come in pieces of no more
    /// than that keeps no lines (`init(rewrapping:options:pieceUTF8Count:)` with small pieces), so that
    /// memory follows neither its length nor its line count; one with a longer paragraph keeps its lines
    /// compactly, because drawing a few rows would mean wrapping that whole paragraph again.
    package init(modal: Modal, options: ModalViewOptions) {
        if modal.message.utf8.count > BodyLines.packingThresholdUTF8Count
            && WrapChunks.longestPieceUTF8Count(of: modal.message, chunkUTF8Count: Self.randomAccessPieceUTF8Count)
                <= BodyLines.packingThresholdUTF8Count
        {
            self.init(rewrapping: modal, options: options, pieceUTF8Count: Self.randomAccessPieceUTF8Count)
            return
        }
        let text = StyledText(modal: modal)
        let width = min(max(ModalView.minimumWidth, options.width), ModalView.maximumWidth)
        let lines = BodyLines(
            wrapping: text, options: WrapOptions(modal: modal, width: ModalView.bodyWidth(forModalWidth: width)))
        self.init(modal: modal, options: options, bodyLines: lines, bodyFontSize: FontEmphasis.bodyFontSize(of: text))
    }

    /// Lays out `modal` without keeping its lines: they are counted (and their links found) in one wrapping
    /// pass, and each later pass (`forEachBand`, `forEachBodyLine`) wraps the message again.
    ///
    /// Memory then follows the longest paragraph, not the number of lines, at the price of a wrap per
    /// pass. The start of every piece of at least `pieceUTF8Count` bytes is kept, so drawing a few rows
    /// (`draw(rows:)`) wraps only the piece that holds them and what follows up to the last row.
    package init(
        rewrapping modal: Modal, options: ModalViewOptions, pieceUTF8Count: Int = WrapChunks.defaultChunkUTF8Count
    ) {
        let text = StyledText(modal: modal)
        let width = min(max(ModalView.minimumWidth, options.width), ModalView.maximumWidth)
        var wrapOptions = WrapOptions(modal: modal, width: ModalView.bodyWidth(forModalWidth: width))
        // Resolved once, so that no later pass scans the whole message again for its first strong character.
        if wrapOptions.direction == .auto {
            wrapOptions.direction =
                ParagraphDirection.auto.resolved(for: modal.message) == .rightToLeft ? .rightToLeft : .leftToRight
        }
        var links = LinkFocusables(modal: modal, bodyWidth: wrapOptions.width, bidi: options.bidi)
        var lineCount = 0
        var firstDirection: WritingDirection?
        var pieces: [WrapPieceStart] = []
        text.wrapPieces(options: wrapOptions, pieceUTF8Count: pieceUTF8Count, pieceStarted: { pieces.append($0) }) {
            line in
            if firstDirection == nil { firstDirection = line.direction }
            for segment in line.segments {
                links.add(
                    lineIndex: lineCount, style: segment.style, column: segment.column,
                    visualColumn: segment.visualColumn, cellWidth: segment.cellWidth)
            }
            lineCount += 1
        }
        self.init(
            modal: modal, options: options,
            body: .rewrapped(text, wrapOptions, pieceUTF8Count: pieceUTF8Count, pieces: pieces), lineCount: lineCount,
            firstDirection: firstDirection, links: links.focusables, bodyFontSize: FontEmphasis.bodyFontSize(of: text))
    }

    /// Lays out `modal` around a body already wrapped to its body width.
    package init(modal: Modal, options: ModalViewOptions, bodyLines: [LayoutLine], bodyFontSize: Double) {
        self.init(modal: modal, options: options, bodyLines: BodyLines(bodyLines), bodyFontSize: bodyFontSize)
    }

    /// Lays out `modal` around a body already wrapped to its body width and stored compactly.
    package init(modal: Modal, options: ModalViewOptions, bodyLines: BodyLines, bodyFontSize: Double) {
        var links = LinkFocusables(
            modal: modal,
            bodyWidth: ModalView.bodyWidth(
                forModalWidth: min(max(ModalView.minimumWidth, options.width), ModalView.maximumWidth)),
            bidi: options.bidi)
        bodyLines.forEachSegmentPlace { lineIndex, style, column, visualColumn, cellWidth in
            links.add(
                lineIndex: lineIndex, style: style, column: column, visualColumn: visualColumn, cellWidth: cellWidth)
        }
        self.init(
            modal: modal, options: options, body: .stored(bodyLines), lineCount: bodyLines.count,
            firstDirection: bodyLines.first?.direction, links: links.focusables, bodyFontSize: bodyFontSize)
    }

    private init(
        modal: Modal, options: ModalViewOptions, body: Body, lineCount: Int, firstDirection: WritingDirection?,
        links: [Focusable], bodyFontSize: Double
    ) {
        self.modal = modal
        width = min(max(ModalView.minimumWidth, options.width), ModalView.maximumWidth)
        ascii = options.ascii
        pageLabel = options.pageLabel
        bidi = options.bidi
        direction = firstDirection ?? ParagraphDirection(modal.direction).resolved(for: modal.message)
        self.body = body
        bodyLineCount = lineCount
        self.bodyFontSize = bodyFontSize
        let bodyWidth = ModalView.bodyWidth(forModalWidth: width)
        buttonPlacements = ButtonRow.layout(modal.buttons, width: bodyWidth, direction: direction, bidi: bidi)
        let buttonRows = buttonPlacements.last.map { $0.row + 1 } ?? 0
        let origin = Self.bodyOrigin
        bodyArea = Rect(x: origin.x, y: origin.y, width: bodyWidth, height: lineCount)
        buttonArea = Rect(x: origin.x, y: origin.y + lineCount + 1, width: bodyWidth, height: buttonRows)
        size = Size(width: width, height: 1 + lineCount + (buttonRows > 0 ? 1 + buttonRows : 0) + 1)
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

    /// The width the message is wrapped to.
    package var bodyWidth: Int { bodyArea.size.width }

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
        let rowCount = max(1, rowCount)
        var bandStart = 0
        var bandLines: [LayoutLine] = []
        // Draws every band that ends at or before `row`, with the lines gathered for the first of them.
        func drawBands(upTo row: Int) {
            while bandStart < size.height && bandStart + rowCount <= row {
                let rows = bandStart..<min(size.height, bandStart + rowCount)
                body(draw(rows: rows, lines: bandLines, focusIndex: focusIndex), bandStart)
                bandLines.removeAll(keepingCapacity: true)
                bandStart = rows.upperBound
            }
        }
        forEachBodyLine { index, line in
            let row = bodyArea.minY + index
            drawBands(upTo: row)
            bandLines.append(line)
        }
        drawBands(upTo: size.height + rowCount)
    }

    /// Calls `body` with every body line and its index, in order.
    package func forEachBodyLine(_ body: (_ index: Int, LayoutLine) -> Void) {
        switch self.body {
        case .stored(let lines):
            for index in lines.indices { body(index, lines[index]) }
        case .rewrapped(let text, let options, let pieceUTF8Count, _):
            var index = 0
            text.wrapPieces(options: options, pieceUTF8Count: pieceUTF8Count) { line in
                body(index, line)
                index += 1
            }
        }
    }

    /// The body lines with indices in `range` (clamped to the body).
    package func bodyLines(in range: Range<Int>) -> [LayoutLine] {
        let range = range.clamped(to: 0..<bodyLineCount)
        guard !range.isEmpty else { return [] }
        switch body {
        case .stored(let lines):
            return range.map { lines[$0] }
        case .rewrapped(let text, let options, let pieceUTF8Count, let pieces):
            // The last piece that starts at or before the first line asked for.
            var low = 0
            var high = pieces.count
            while low < high {
                let middle = (low + high) / 2
                if pieces[middle].lineIndex <= range.lowerBound { low = middle + 1 } else { high = middle }
            }
            let origin = low > 0 ? pieces[low - 1] : WrapPieceStart()
            var index = origin.lineIndex
            var shown: [LayoutLine] = []
            text.wrapPieces(
                options: options, pieceUTF8Count: pieceUTF8Count, from: origin,
                shouldContinue: { index < range.upperBound }
            ) { line in
                if range.contains(index) { shown.append(line) }
                index += 1
            }
            return shown
        }
    }

    /// The indices of the body lines on modal rows `rows`.
    private func bodyLineIndices(shownOn rows: Range<Int>) -> Range<Int> {
        (rows.lowerBound - bodyArea.minY..<rows.upperBound - bodyArea.minY).clamped(to: 0..<bodyLineCount)
    }

    /// Draws modal rows `rows` (within the modal) given the body lines shown on them.
    private func draw(rows: Range<Int>, lines: [LayoutLine], focusIndex: Int?) -> CellGrid {
        var grid = CellGrid(size: Size(width: width, height: rows.count))
        guard !rows.isEmpty else { return grid }
        let shift = -rows.lowerBound
        func moved(_ rect: Rect) -> Rect {
            Rect(x: rect.minX, y: rect.minY + shift, width: rect.size.width, height: rect.size.height)
        }
        let mapping = CellStyleMapping(bodyFontSize: bodyFontSize)
        let frame = Rect(x: 0, y: shift, width: size.width, height: size.height)
        let shownLines = bodyLineIndices(shownOn: rows)
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
        return grid
    }
}
