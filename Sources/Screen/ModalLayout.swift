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
    /// The message wrapped to `bodyArea.size.width` cells, stored compactly (a long message has millions).
    package let bodyLines: BodyLines
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

    /// Lays out `modal` with the width, frame and page label of `options` (its focus is not a layout input).
    package init(modal: Modal, options: ModalViewOptions) {
        let text = StyledText(modal: modal)
        let width = min(max(ModalView.minimumWidth, options.width), ModalView.maximumWidth)
        let lines = BodyLines(
            wrapping: text, options: WrapOptions(modal: modal, width: ModalView.bodyWidth(forModalWidth: width)))
        self.init(modal: modal, options: options, bodyLines: lines, bodyFontSize: FontEmphasis.bodyFontSize(of: text))
    }

    /// Lays out `modal` around a body already wrapped to its body width.
    package init(modal: Modal, options: ModalViewOptions, bodyLines: [LayoutLine], bodyFontSize: Double) {
        self.init(modal: modal, options: options, bodyLines: BodyLines(bodyLines), bodyFontSize: bodyFontSize)
    }

    /// Lays out `modal` around a body already wrapped to its body width and stored compactly.
    package init(modal: Modal, options: ModalViewOptions, bodyLines: BodyLines, bodyFontSize: Double) {
        self.modal = modal
        width = min(max(ModalView.minimumWidth, options.width), ModalView.maximumWidth)
        ascii = options.ascii
        pageLabel = options.pageLabel
        bidi = options.bidi
        direction = bodyLines.first?.direction ?? ParagraphDirection(modal.direction).resolved(for: modal.message)
        self.bodyLines = bodyLines
        self.bodyFontSize = bodyFontSize
        let bodyWidth = ModalView.bodyWidth(forModalWidth: width)
        buttonPlacements = ButtonRow.layout(modal.buttons, width: bodyWidth, direction: direction, bidi: bidi)
        let buttonRows = buttonPlacements.last.map { $0.row + 1 } ?? 0
        bodyArea = Rect(x: 2, y: 1, width: bodyWidth, height: bodyLines.count)
        buttonArea = Rect(x: 2, y: 1 + bodyLines.count + 1, width: bodyWidth, height: buttonRows)
        size = Size(width: width, height: 1 + bodyLines.count + (buttonRows > 0 ? 1 + buttonRows : 0) + 1)
        var focusables = Self.linkFocusables(modal: modal, lines: bodyLines, bodyArea: bodyArea, bidi: bidi)
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
    /// modal is row 0 of the grid.
    package func draw(rows: Range<Int>, focusIndex: Int? = nil) -> CellGrid {
        let rows = rows.clamped(to: 0..<size.height)
        var grid = CellGrid(size: Size(width: width, height: rows.count))
        guard !rows.isEmpty else { return grid }
        let shift = -rows.lowerBound
        func moved(_ rect: Rect) -> Rect {
            Rect(x: rect.minX, y: rect.minY + shift, width: rect.size.width, height: rect.size.height)
        }
        let mapping = CellStyleMapping(bodyFontSize: bodyFontSize)
        let frame = Rect(x: 0, y: shift, width: size.width, height: size.height)
        // Only the body lines on the rows drawn are rebuilt from their compact form.
        let shownLines = (rows.lowerBound - bodyArea.minY..<rows.upperBound - bodyArea.minY).clamped(
            to: bodyLines.indices)
        let shownArea = Rect(
            x: bodyArea.minX, y: bodyArea.minY + shownLines.lowerBound + shift, width: bodyArea.size.width,
            height: shownLines.count)
        let widgets: [any Widget] = [
            Border(ascii: ascii, title: pageLabel),
            Paragraph(lines: shownLines.map { bodyLines[$0] }, mapping: mapping, bidi: bidi),
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

    /// One focusable per link style that shows in the body, in the order the links first appear.
    ///
    /// Each segment carries the index of the style its link comes from (resolved once in `StyledText`); a
    /// link cut into pieces by wrapping or by other styles gathers all its pieces, with pieces that touch on
    /// one row merged into one rect. In visual order the rects are the cells the pieces are drawn on, so a link
    /// whose pieces a direction change moves apart keeps one rect per piece.
    private static func linkFocusables(modal: Modal, lines: BodyLines, bodyArea: Rect, bidi: BidiDisplay)
        -> [Focusable]
    {
        var focusables: [Focusable] = []
        var positionOfStyle: [Int: Int] = [:]
        lines.forEachSegmentPlace { lineIndex, style, column, visualColumn, cellWidth in
            guard let action = style.link, let styleIndex = style.linkStyleIndex,
                modal.styles.indices.contains(styleIndex)
            else { return }
            let x = bidi == .visual ? visualColumn : column
            let rect = Rect(x: bodyArea.minX + x, y: bodyArea.minY + lineIndex, width: cellWidth, height: 1)
                .intersection(bodyArea)
            if let position = positionOfStyle[styleIndex] {
                let lastIndex = focusables[position].rects.count - 1
                if let last = focusables[position].rects.last, last.minY == rect.minY, last.maxX == rect.minX {
                    focusables[position].rects[lastIndex].size.width += rect.size.width
                } else if let last = focusables[position].rects.last, last.minY == rect.minY,
                    rect.maxX == last.minX, !rect.isEmpty
                {
                    // A right-to-left piece continues to the left of the one before it.
                    focusables[position].rects[lastIndex] = Rect(
                        x: rect.minX, y: rect.minY, width: rect.size.width + last.size.width, height: 1)
                } else if !rect.isEmpty {
                    focusables[position].rects.append(rect)
                }
            } else {
                positionOfStyle[styleIndex] = focusables.count
                focusables.append(
                    Focusable(
                        kind: .link(styleIndex: styleIndex),
                        label: sourceText(of: modal.styles[styleIndex].range, in: modal.message),
                        action: action,
                        rects: rect.isEmpty ? [] : [rect]))
            }
        }
        return focusables
    }

    /// The part of `message` a UTF-16 range covers (clamped to it), sanitised, as a link's label.
    private static func sourceText(of range: UTF16Range, in message: String) -> String {
        func index(_ offset: Int) -> String.Index {
            if offset <= 0 { return message.startIndex }
            // Inside a surrogate pair the character starts one unit earlier; past the end is the end.
            return UTF16Offsets.scalarIndex(of: offset, in: message) ?? UTF16Offsets.scalarIndex(
                of: offset - 1, in: message)
                ?? message.endIndex
        }
        let start = index(range.utf16Offset)
        let end = max(start, index(range.utf16End))
        return ControlCharacters.singleLine(String(message.unicodeScalars[start..<end]))
    }
}
