import ModalModel

/// Why the preview shows a report instead of the modal.
package enum SourceProblem: Sendable, Equatable {
    /// The source was read but has errors; every diagnostic found, in source order.
    case invalid([Diagnostic])
    /// The source could not be read; the message says why.
    case unreadable(String)
}
