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
    /// Whether right-to-left text is drawn in visual order (the default) or left in logical order.
    public var bidi: BidiDisplay

    /// Creates options.
    public init(
        width: Int, ascii: Bool = false, focusIndex: Int? = nil, pageLabel: String? = nil, bidi: BidiDisplay = .visual
    ) {
        self.width = width
        self.ascii = ascii
        self.focusIndex = focusIndex
        self.pageLabel = pageLabel
        self.bidi = bidi
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

    /// The modal laid out at these options' width (computed once; keep it to draw again).
    public func layout() -> ModalLayout { ModalLayout(modal: modal, options: options) }

    /// Draws the modal.
    public func render() -> ModalRendering {
        let layout = layout()
        return ModalRendering(grid: layout.draw(focusIndex: options.focusIndex), focusables: layout.focusables)
    }

    /// Draws the modal around a body already laid out (by `bodyLines(for:modalWidth:)` or otherwise).
    public func render(bodyLines lines: [LayoutLine], bodyFontSize: Double) -> ModalRendering {
        let layout = ModalLayout(modal: modal, options: options, bodyLines: lines, bodyFontSize: bodyFontSize)
        return ModalRendering(grid: layout.draw(focusIndex: options.focusIndex), focusables: layout.focusables)
    }

    /// The message with its styles resolved into spans.
    static func styledText(of modal: Modal) -> StyledText { StyledText(modal: modal) }
}
