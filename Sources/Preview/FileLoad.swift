import ModalModel

/// The outcome of reading and decoding the source again: a file, standard input or a URL.
package enum FileLoad: Sendable, Equatable {
    /// The bytes were decoded: the document when valid (nil on any error), and every diagnostic.
    case decoded(document: ModalDocument?, diagnostics: [Diagnostic])
    /// The source could not be read (a missing file, a failed request); the message says why.
    case failed(message: String)

    /// The outcome of a decoder run.
    package init(_ result: DecodeResult) {
        self = .decoded(document: result.hasErrors ? nil : result.document, diagnostics: result.diagnostics)
    }
}
