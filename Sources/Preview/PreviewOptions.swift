import ModalModel
import Screen
import ScreenLayout

/// How the preview behaves, fixed for a whole session.
package struct PreviewOptions: Sendable, Equatable {
    /// The modal's width, frame included; nil to follow the terminal (`ModalWidth.chosen`).
    package var modalWidth: ModalWidth?
    /// Whether activating an action shows it in the status line and goes on instead of ending the preview.
    package var stay: Bool
    /// The name diagnostics are reported against: the file's path, or `<stdin>`.
    package var sourceName: String
    /// Whether the source can be read again (`r`, `--watch`); false for standard input.
    package var canReload: Bool
    /// Whether to draw the frame with `+-|` instead of box-drawing characters.
    package var ascii: Bool
    /// Visual or logical order for right-to-left text (`--bidi`).
    package var bidi: BidiDisplay
    /// Whether `next`, `prev` and `close` actions are reported to the host like any other instead of
    /// paging inside the preview: a bridge host decides what comes next. Such a session's empty screen
    /// waits for its host rather than reporting a document without modals.
    package var reportsNavigation = false
    /// The modal's own background (`ModalPanel.color(onTerminalBackground:)`); nil to draw on the
    /// terminal's colours.
    package var panel: ModalColor?
    /// The button each modal starts focused on (`--focus`), by its index in the modal's `buttons`; a modal
    /// with fewer buttons starts on its last.
    package var initialButton = 0
    /// The button reported as chosen when the time limit runs out (`--default-button`), by its index in the
    /// modal's `buttons` (its last when it has fewer); nil to end without a choice (`PreviewEvent.timeLimitReached`).
    package var defaultButton: Int?
    /// Messages at least this long, in UTF-8 bytes, are laid out whole by the host off the input thread
    /// (`LayoutRequest`), their first screenfuls shown meanwhile; nil lays every message out in `update`.
    /// At this size a whole layout takes about 10 ms on one core, below what a key press can feel.
    package var backgroundLayoutUTF8Count: Int? = 256 * 1024

    /// Creates options.
    package init(
        modalWidth: ModalWidth? = nil, stay: Bool = false, sourceName: String = "<stdin>", canReload: Bool = false,
        ascii: Bool = false, bidi: BidiDisplay = .visual
    ) {
        self.bidi = bidi
        self.modalWidth = modalWidth
        self.stay = stay
        self.sourceName = sourceName
        self.canReload = canReload
        self.ascii = ascii
    }
}
