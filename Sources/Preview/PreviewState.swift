import ModalModel
import Screen

/// Everything the interactive preview shows and remembers; `update` changes it, `view` draws it.
public struct PreviewState: Sendable, Equatable {
    /// The last valid document; kept while the source is invalid so the preview can resume where it was.
    public var document: ModalDocument
    /// The index in `document.modals` of the modal shown.
    public var modalIndex: Int
    /// The index in the modal's focusables (links, then buttons) of the focused item; nil when nothing is focused.
    public var focusIndex: Int?
    /// How many rows of the drawn modal are scrolled off the top of the screen.
    public var scrollOffset: Int
    /// The terminal's size in cells.
    public var terminalSize: Size
    /// A message for the status line; nil shows the key hints.
    public var status: String?
    /// Whether the keys help is drawn over the screen.
    public var isHelpShown: Bool
    /// Why the source cannot be shown (diagnostics of an invalid reload, or a read failure); nil when it is valid.
    public var problem: SourceProblem?
    /// Session options.
    public var options: PreviewOptions
    /// The focusable under the mouse when the left button went down, waiting for the release.
    public var pressedFocusIndex: Int?
    /// The current modal laid out for this terminal, computed once per (modal, width, options) and kept
    /// across events; `update` refreshes it.
    var layouts: [ModalLayout] = []

    /// The state at start: the first modal, nothing focused, not scrolled.
    public init(document: ModalDocument, terminalSize: Size, options: PreviewOptions = PreviewOptions()) {
        self.document = document
        modalIndex = 0
        focusIndex = nil
        scrollOffset = 0
        self.terminalSize = terminalSize
        status = nil
        isHelpShown = false
        problem = nil
        self.options = options
        pressedFocusIndex = nil
        cacheLayouts()
    }

    /// The modal shown, or nil when the document has none.
    public var currentModal: Modal? {
        document.modals.indices.contains(modalIndex) ? document.modals[modalIndex] : nil
    }
}
