import ModalModel
import Screen
import ScreenLayout

/// Everything the interactive preview shows and remembers; `update` changes it, `view` draws it.
package struct PreviewState: Sendable, Equatable {
    /// The last valid document; kept while the source is invalid so the preview can resume where it was.
    package var document: ModalDocument
    /// The index in `document.modals` of the modal shown.
    package var modalIndex: Int
    /// The index in the modal's focusables (links, then buttons) of the focused item; nil when nothing is focused.
    package var focusIndex: Int?
    /// How many rows of the drawn modal are scrolled off the top of the screen.
    package var scrollOffset: Int
    /// The terminal's size in cells.
    package var terminalSize: Size
    /// A message for the status line; nil shows the key hints.
    package var status: String?
    /// Whether the keys help is drawn over the screen.
    package var isHelpShown: Bool
    /// Why the source cannot be shown (diagnostics of an invalid reload, or a read failure); nil when it is valid.
    package var problem: SourceProblem?
    /// Session options.
    package var options: PreviewOptions
    /// The focusable under the mouse when the left button went down, waiting for the release.
    package var pressedFocusIndex: Int?
    /// The current modal laid out for this terminal, computed once per (modal, width, options) and kept
    /// across events; `update` refreshes it.
    var layouts: [ModalLayout] = []
    /// Whether the current modal overflows the screen at the full width, when it is shown narrower for its
    /// scroll bar: the full-width layout itself is not kept, as only this answer was needed from it.
    var overflowProbe: OverflowProbe?
    /// The whole layout of the current modal while only its first lines are laid out (a long message, see
    /// `LayoutRequest`); the host makes it and hands it back with `PreviewEvent.laidOut`. nil when the
    /// layout shown is whole.
    package internal(set) var pendingLayout: LayoutRequest?
    /// How long the pending layout has been running, as the host last reported it.
    var layoutMilliseconds: Int?
    /// The source being read again, while it loads; nil when no load runs. The host reads it off the
    /// input thread and answers with `PreviewEvent.loaded`; Esc drops it instead of ending the preview.
    package var pendingLoad: LoadRequest?
    /// How many loads this state has asked for, so that each request is told apart from the ones before.
    package var loadCount = 0
    /// Whether End was pressed while only the first lines were laid out: the end is shown when the rest arrives.
    var awaitsEnd = false

    /// Work shorter than this goes unmentioned; longer, the status line says the message is being laid out.
    package static let layoutProgressMilliseconds = 100

    /// The state at start: the first modal, its first button (or `options.initialButton`) focused so that
    /// Enter activates it, not scrolled.
    package init(document: ModalDocument, terminalSize: Size, options: PreviewOptions = PreviewOptions()) {
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
        focusIndex = initialFocusIndex()
    }

    /// The modal shown, or nil when the document has none.
    package var currentModal: Modal? {
        document.modals.indices.contains(modalIndex) ? document.modals[modalIndex] : nil
    }
}
