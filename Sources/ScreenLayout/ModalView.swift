import ModalModel
import Screen
import TextLayout

/// Something in a drawn modal that can take focus and be activated: a button or a link.
package struct Focusable: Sendable, Equatable {
    /// What it is.
    package enum Kind: Sendable, Equatable {
        /// The button at this index of `Modal.buttons`.
        case button(index: Int)
        /// A link over the message, from the style at this index of `Modal.styles`.
        case link(styleIndex: Int)
    }
    /// What it is.
    package var kind: Kind
    /// The text a user sees (a button's label, a link's text).
    package var label: String
    /// What activating it does.
    package var action: ModalAction
    /// The cells it covers in the grid (a link that wraps covers several rects).
    package var rects: [Rect]

    /// Creates a focusable.
    package init(kind: Kind, label: String, action: ModalAction, rects: [Rect]) {
        self.kind = kind
        self.label = label
        self.action = action
        self.rects = rects
    }
}

/// Options for drawing a modal.
package struct ModalViewOptions: Sendable, Equatable {
    /// Total width of the modal in cells, frame included.
    package var width: ModalWidth
    /// Plain `+-|` frame instead of box-drawing characters.
    package var ascii: Bool
    /// The index in `focusables` of the focused item, if any.
    package var focusIndex: Int?
    /// "2/4"-style page label shown in the frame, if any.
    package var pageLabel: String?
    /// Whether right-to-left text is drawn in visual order (the default) or left in logical order.
    package var bidi: BidiDisplay
    /// The modal's own background (`ModalPanel`); nil to draw on the terminal's, as `render` does.
    package var panel: ModalColor?

    /// Creates options.
    package init(
        width: ModalWidth, ascii: Bool = false, focusIndex: Int? = nil, pageLabel: String? = nil,
        bidi: BidiDisplay = .visual, panel: ModalColor? = nil
    ) {
        self.panel = panel
        self.width = width
        self.ascii = ascii
        self.focusIndex = focusIndex
        self.pageLabel = pageLabel
        self.bidi = bidi
    }
}

/// A modal drawn as a grid, with where its focusable items are.
package struct ModalRendering: Sendable, Equatable {
    /// The drawn modal; its height grows with the content.
    package var grid: CellGrid
    /// Buttons and links in focus order (links in text order, then buttons in order).
    package var focusables: [Focusable]

    /// Creates a rendering.
    package init(grid: CellGrid, focusables: [Focusable]) {
        self.grid = grid
        self.focusables = focusables
    }
}

/// Composes a whole modal like a dialog:
///
/// ```
/// ┌──────────── 1/2 ─┐   frame, with the page label
/// │ message body …   │   one column of padding each side; the body is `ModalWidth.bodyCellWidth` cells
/// │                  │   a blank row (only when there are buttons)
/// │  [ OK ] [ Next ] │   button rows, centred
/// └──────────────────┘
/// ```
///
/// Links in the body are underlined; the focused item is in reverse video, and a focused button also has
/// its brackets replaced by `▶ ◀` (see `ButtonRow`). The height grows with the content.
package struct ModalView: Sendable {
    /// The modal to draw.
    package var modal: Modal
    /// How to draw it.
    package var options: ModalViewOptions

    /// Creates a view.
    package init(modal: Modal, options: ModalViewOptions) {
        self.modal = modal
        self.options = options
    }

    /// The message of `modal` laid out for a modal `modalWidth` wide.
    package static func bodyLines(for modal: Modal, modalWidth: ModalWidth) -> [LayoutLine] {
        styledText(of: modal).wrap(options: WrapOptions(modal: modal, width: modalWidth.bodyCellWidth))
    }

    /// The body font size of `modal` (see `FontEmphasis.bodyFontSize(of:)`).
    package static func bodyFontSize(for modal: Modal) -> Double {
        FontEmphasis.bodyFontSize(of: styledText(of: modal))
    }

    /// The modal laid out at these options' width (computed once; keep it to draw again).
    package func layout() -> ModalLayout { ModalLayout(modal: modal, options: options) }

    /// Draws the modal.
    package func render() -> ModalRendering {
        let layout = layout()
        return ModalRendering(grid: layout.draw(focusIndex: options.focusIndex), focusables: layout.focusables)
    }

    /// Draws the modal around a body already laid out (by `bodyLines(for:modalWidth:)` or otherwise).
    package func render(bodyLines lines: [LayoutLine], bodyFontSize: Double) -> ModalRendering {
        let layout = ModalLayout(modal: modal, options: options, bodyLines: lines, bodyFontSize: bodyFontSize)
        return ModalRendering(grid: layout.draw(focusIndex: options.focusIndex), focusables: layout.focusables)
    }

    /// The message with its styles resolved into spans.
    static func styledText(of modal: Modal) -> StyledText { StyledText(modal: modal) }
}
