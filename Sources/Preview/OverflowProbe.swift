import ModalModel
import ScreenLayout

/// Whether a modal is taller than the screen at a width it is not shown at, kept with what it was asked
/// for so that a changed modal, width, height or option asks again.
struct OverflowProbe: Sendable, Equatable {
    var modal: Modal
    var width: ModalWidth
    var rows: Int
    var options: PreviewOptions
    var overflows: Bool

    /// Whether this answer was found for the same question.
    func answers(_ modal: Modal, width: ModalWidth, rows: Int, options: PreviewOptions) -> Bool {
        self.width == width && self.rows == rows && self.options.ascii == options.ascii
            && self.options.bidi == options.bidi && self.options.panel == options.panel && self.modal == modal
    }
}
