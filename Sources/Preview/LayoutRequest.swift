import ModalModel
import ScreenLayout

/// A whole layout the preview waits for: the modal and the options it is laid out with.
///
/// `update` never lays out a long message whole (see `PreviewOptions.backgroundLayoutUTF8Count`): it shows
/// the first lines at once and names the layout it still needs in `PreviewState.pendingLayout`. The host makes
/// it off the input thread, drops it when a newer request replaces it, and hands it back with
/// `PreviewEvent.laidOut`, so keys are answered at once however long the message.
package struct LayoutRequest: Sendable, Equatable {
    /// The modal to lay out.
    package var modal: Modal
    /// The width, frame and bidi options to lay it out with.
    package var options: ModalViewOptions

    /// Creates a request.
    package init(modal: Modal, options: ModalViewOptions) {
        self.modal = modal
        self.options = options
    }

    /// The whole layout, or nil when `shouldContinue` said no before it was done.
    package func layOut(shouldContinue: () -> Bool) -> ModalLayout? {
        ModalLayout.unlessCancelled(modal: modal, options: options, shouldContinue: shouldContinue)
    }
}
