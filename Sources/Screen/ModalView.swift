import ModalModel
import TextLayout

/// Something in a drawn modal that can take focus and be activated: a button or a link.
public struct Focusable: Sendable, Equatable {
    /// What it is.
    public enum Kind: Sendable, Equatable {
        /// The button at this index of `Modal.buttons`.
        case button(index: Int)
        /// A link over the message, from the style at this index of `Modal.styles`.
        case link(styleIndex: Int)
    }
    /// What it is.
    public var kind: Kind
    /// The text a user sees (a button's label, a link's text).
    public var label: String
    /// What activating it does.
    public var action: Action
    /// The cells it covers in the grid (a link that wraps covers several rects).
    public var rects: [Rect]

    /// Creates a focusable.
    public init(kind: Kind, label: String, action: Action, rects: [Rect]) {
        self.kind = kind
        self.label = label
        self.action = action
        self.rects = rects
    }
}

/// Options for drawing a modal.
public struct ModalViewOptions: Sendable, Equatable {
    /// Total width of the modal in cells, frame included.
    public var width: Int
    /// Plain `+-|` frame instead of box-drawing characters.
    public var ascii: Bool
    /// The index in `focusables` of the focused item, if any.
    public var focusIndex: Int?
    /// "2/4"-style page label shown in the frame, if any.
    public var pageLabel: String?

    /// Creates options.
    public init(width: Int, ascii: Bool = false, focusIndex: Int? = nil, pageLabel: String? = nil) {
        self.width = width
        self.ascii = ascii
        self.focusIndex = focusIndex
        self.pageLabel = pageLabel
    }
}

/// A modal drawn as a grid, with where its focusable items are.
public struct ModalRendering: Sendable, Equatable {
    /// The drawn modal; its height grows with the content.
    public var grid: CellGrid
    /// Buttons and links in focus order (links in text order, then buttons in order).
    public var focusables: [Focusable]

    /// Creates a rendering.
    public init(grid: CellGrid, focusables: [Focusable]) {
        self.grid = grid
        self.focusables = focusables
    }
}

/// Composes a whole modal like a dialog:
///
/// ```
/// ┌──────────── 1/2 ─┐   frame, with the page label
/// │ message body …   │   one column of padding each side; the body is `bodyWidth` cells
/// │                  │   a blank row (only when there are buttons)
/// │  [ OK ] [ Next ] │   button rows, centred
/// └──────────────────┘
/// ```
///
/// Links in the body are underlined; the focused item is in reverse video, and a focused button also has
/// its brackets replaced by `▶ ◀` (see `ButtonRow`). The height grows with the content.
public struct ModalView: Sendable {
    /// The modal to draw.
    public var modal: Modal
    /// How to draw it.
    public var options: ModalViewOptions

    /// Creates a view.
    public init(modal: Modal, options: ModalViewOptions) {
        self.modal = modal
        self.options = options
    }

    /// The narrowest modal drawn: frame, padding and one body column. Narrower widths are raised to it.
    public static let minimumWidth = 5

    /// The widest modal drawn: wider widths are lowered to it, so no width can ask for an impossible grid.
    public static let maximumWidth = 65_536

    /// The width the message is wrapped to in a modal `modalWidth` cells wide: two frame columns and two
    /// padding columns less, and at least 1.
    public static func bodyWidth(forModalWidth modalWidth: Int) -> Int {
        max(1, modalWidth.subtractingSaturating(4))
    }

    /// The message of `modal` laid out for a modal `modalWidth` cells wide.
    public static func bodyLines(for modal: Modal, modalWidth: Int) -> [LayoutLine] {
        wrap(styledText(of: modal), options: WrapOptions(modal: modal, width: bodyWidth(forModalWidth: modalWidth)))
    }

    /// The body font size of `modal` (see `FontEmphasis.bodyFontSize(of:)`).
    public static func bodyFontSize(for modal: Modal) -> Double {
        FontEmphasis.bodyFontSize(of: styledText(of: modal))
    }

    /// Draws the modal.
    public func render() -> ModalRendering {
        let text = Self.styledText(of: modal)
        let width = min(max(Self.minimumWidth, options.width), Self.maximumWidth)
        let wrapOptions = WrapOptions(modal: modal, width: Self.bodyWidth(forModalWidth: width))
        return render(bodyLines: wrap(text, options: wrapOptions), bodyFontSize: FontEmphasis.bodyFontSize(of: text))
    }

    /// Draws the modal around a body already laid out (by `bodyLines(for:modalWidth:)` or otherwise).
    public func render(bodyLines lines: [LayoutLine], bodyFontSize: Double) -> ModalRendering {
        let width = min(max(Self.minimumWidth, options.width), Self.maximumWidth)
        let bodyWidth = Self.bodyWidth(forModalWidth: width)
        let mapping = CellStyleMapping(bodyFontSize: bodyFontSize)
        let buttonRow = ButtonRow(buttons: modal.buttons, width: bodyWidth, mapping: mapping, ascii: options.ascii)
        let buttonTop = 1 + lines.count + 1
        let height = 1 + lines.count + (buttonRow.height > 0 ? 1 + buttonRow.height : 0) + 1

        var grid = CellGrid(size: Size(width: width, height: height))
        Border(ascii: options.ascii, title: options.pageLabel).draw(into: &grid, area: grid.bounds)
        let bodyArea = Rect(x: 2, y: 1, width: bodyWidth, height: lines.count)
        Paragraph(lines: lines, mapping: mapping).draw(into: &grid, area: bodyArea)

        var focusables = linkFocusables(lines: lines, bodyArea: bodyArea)
        let linkCount = focusables.count
        let buttonArea = Rect(x: 2, y: buttonTop, width: bodyWidth, height: buttonRow.height)
        for placement in buttonRow.placements {
            let rect = Rect(
                x: buttonArea.minX + placement.column, y: buttonArea.minY + placement.row,
                width: placement.cellWidth, height: 1
            ).intersection(buttonArea)
            let button = modal.buttons[placement.index]
            focusables.append(
                Focusable(
                    kind: .button(index: placement.index), label: SafeText.sanitised(button.label),
                    action: button.action, rects: [rect]))
        }

        var focusedButton: Int?
        if let focus = options.focusIndex, focusables.indices.contains(focus) {
            if focus >= linkCount {
                focusedButton = buttonRow.placements[focus - linkCount].index
            } else {
                for rect in focusables[focus].rects { grid.updateStyles(in: rect) { $0.reverse = true } }
            }
        }
        buttonRow.draw(into: &grid, origin: buttonArea.origin, within: buttonArea, focusedIndex: focusedButton)
        return ModalRendering(grid: grid, focusables: focusables)
    }

    /// One focusable per link style that shows in the body, in the order the links first appear.
    ///
    /// A segment belongs to the last style with a link whose range holds the segment's start, because later
    /// styles override earlier ones; a link cut into pieces by wrapping or by other styles gathers all its
    /// pieces, with pieces that touch on one row merged into one rect.
    private func linkFocusables(lines: [LayoutLine], bodyArea: Rect) -> [Focusable] {
        let linkStyles = modal.styles.indices.filter { modal.styles[$0].link != nil }
        if linkStyles.isEmpty { return [] }
        var focusables: [Focusable] = []
        var positionOfStyle: [Int: Int] = [:]
        for (lineIndex, line) in lines.enumerated() {
            for segment in line.segments where segment.style.link != nil {
                let offset = segment.sourceUTF16Offset
                guard
                    let styleIndex = linkStyles.last(where: { index in
                        let range = modal.styles[index].range
                        return range.utf16Offset <= offset && offset < range.utf16End
                    }),
                    let action = modal.styles[styleIndex].link
                else { continue }
                let rect = Paragraph.rect(of: segment, lineIndex: lineIndex, area: bodyArea)
                if let position = positionOfStyle[styleIndex] {
                    if let last = focusables[position].rects.last, last.minY == rect.minY, last.maxX == rect.minX {
                        focusables[position].rects[focusables[position].rects.count - 1].size.width += rect.size.width
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
        return SafeText.sanitised(String(message.unicodeScalars[start..<end]))
    }

    /// The message with its styles resolved into spans.
    static func styledText(of modal: Modal) -> StyledText { StyledText(modal: modal) }
}
