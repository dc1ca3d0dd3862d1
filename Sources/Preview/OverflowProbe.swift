import ModalModel
import ScreenLayout

/// Whether a modal is taller than the screen at a width it is not shown at, kept with what it was asked
/// for so that a changed modal, width, option or height asks again.
struct OverflowProbe: Sendable, Equatable {
    var modal: Modal
    var options: ModalViewOptions
    var rows: Int
    var overflows: Bool

    /// Whether this answer was found for the same question.
    func answers(_ modal: Modal, options: ModalViewOptions, rows: Int) -> Bool {
        self.options == options && self.rows == rows && self.modal == modal
    }
}
