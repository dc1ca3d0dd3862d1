import ModalModel
import Screen
@_spi(Kernel) import TextKernel
import TextLayout

/// One focusable per link style that shows in a modal's body, in the order the links first appear, gathered
/// segment by segment as the body's lines go by.
///
/// Each segment carries the index of the style its link comes from (resolved once in `StyledText`); a
/// link cut into pieces by wrapping or by other styles gathers all its pieces, with pieces that touch on
/// one row merged into one rect. In visual order the rects are the cells the pieces are drawn on, so a link
/// whose pieces a direction change moves apart keeps one rect per piece. Rects are modal-relative, with the
/// body at column 2 and row 1, as `ModalLayout.bodyArea` places it.
struct LinkFocusables {
    private let modal: Modal
    private let bodyWidth: Int
    private let bidi: BidiDisplay
    /// The links found so far.
    private(set) var focusables: [Focusable] = []
    /// Where in `focusables` each link style's entry is.
    private var positionOfStyle: [Int: Int] = [:]

    /// Starts gathering the links of `modal`'s body, wrapped `bodyWidth` cells wide.
    init(modal: Modal, bodyWidth: Int, bidi: BidiDisplay) {
        self.modal = modal
        self.bodyWidth = bodyWidth
        self.bidi = bidi
    }

    /// Whether any of `text` is a link, so that its lines need looking at as they are made.
    static func mayFindLinks(in text: StyledText) -> Bool {
        text.spans.contains { $0.style.link != nil && $0.style.linkStyleIndex != nil }
    }

    /// Takes in every segment of body line `lineIndex`.
    mutating func add(_ line: LayoutLine, lineIndex: Int) {
        for segment in line.segments {
            add(
                lineIndex: lineIndex, style: segment.style, column: segment.column,
                visualColumn: segment.visualColumn, cellWidth: segment.cellWidth)
        }
    }

    /// Takes in one segment of body line `lineIndex`.
    mutating func add(lineIndex: Int, style: TextStyle, column: Int, visualColumn: Int, cellWidth: Int) {
        guard let action = style.link, let styleIndex = style.linkStyleIndex, modal.styles.indices.contains(styleIndex)
        else { return }
        let x = bidi == .visual ? visualColumn : column
        let origin = ModalLayout.bodyOrigin
        let row = Rect(x: origin.x, y: origin.y + lineIndex, width: bodyWidth, height: 1)
        let rect = Rect(x: row.minX + x, y: row.minY, width: cellWidth, height: 1).intersection(row)
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
                    label: Self.sourceText(of: modal.styles[styleIndex].range, in: modal.message),
                    action: action,
                    rects: rect.isEmpty ? [] : [rect]))
        }
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
