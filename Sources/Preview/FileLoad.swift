import ModalModel

/// The outcome of reading and decoding the source again.
package enum FileLoad: Sendable, Equatable {
    /// The bytes were decoded: the document when valid (nil on any error), and every diagnostic.
    case decoded(document: ModalDocument?, diagnostics: [Diagnostic])
    /// The file could not be read; the message says why.
    case failed(message: String)

    /// The outcome of a decoder run.
    package init(_ result: DecodeResult) {
        self = .decoded(document: result.hasErrors ? nil : result.document, diagnostics: result.diagnostics)
    }
}
