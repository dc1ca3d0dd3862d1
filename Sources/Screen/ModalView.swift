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

/// Composes a whole modal: frame, message body and button row.
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

    /// Draws the modal.
    ///
    /// PROVISIONAL: message lines and button labels only, no frame, until the widgets land.
    public func render() -> ModalRendering {
        let lines = wrap(StyledText(text: modal.message, spans: []), width: max(1, options.width))
        var grid = CellGrid(size: Size(width: options.width, height: lines.count + 1))
        for (row, line) in lines.enumerated() {
            grid.put(line.text, at: Point(x: 0, y: row), style: CellStyle())
        }
        var focusables: [Focusable] = []
        var x = 0
        for (index, button) in modal.buttons.enumerated() {
            let label = "[ \(button.label) ]"
            var style = CellStyle()
            style.reverse = options.focusIndex == focusables.count
            let end = grid.put(label, at: Point(x: x, y: lines.count), style: style)
            focusables.append(
                Focusable(
                    kind: .button(index: index), label: button.label, action: button.action,
                    rects: [Rect(x: x, y: lines.count, width: end - x, height: 1)]))
            x = end + 1
        }
        return ModalRendering(grid: grid, focusables: focusables)
    }
}
