import ModalModel
import PositionedJSON
import Screen

/// One document's bytes checked as `modalkit validate` checks a file: the format's rules, then what a target
/// profile and an app's card do to its colours when they are asked for.
///
/// The command line and the C interface both check through here, so the two report the same findings.
package enum DocumentCheck {
    /// The report of `bytes` under `path`. The source is kept only where a diagnostic will quote it, the
    /// document only where an output draws it.
    package static func report(
        path: String, bytes: [UInt8], keepSource: Bool, keepDocument: Bool = false, profile: TargetProfile? = nil,
        card: ModalCard? = nil
    ) -> FileReport {
        let result = ModalDecoder.decode(bytes)
        var diagnostics = result.diagnostics
        if let document = result.document, profile != nil || card != nil {
            var looks: [Diagnostic] = []
            if let profile {
                looks += TargetProfileCheck.diagnostics(for: document, bytes: bytes, profile: profile)
            }
            if let card { looks += CardContrastCheck.diagnostics(for: document, bytes: bytes, card: card) }
            // Both checks speak of the same colours, so their warnings read in source order together.
            looks.sort { $0.location < $1.location }
            diagnostics += looks
        }
        let source = keepSource && !diagnostics.isEmpty ? SourceText(bytes: bytes) : nil
        return FileReport(
            path: path, source: source, diagnostics: diagnostics, document: keepDocument ? result.document : nil)
    }

    /// The error of an input over `maxBytes`, which is never read.
    package static func tooLarge(size: Int, maxBytes: Int) -> Diagnostic {
        Diagnostic(
            severity: .error, code: .fileTooLarge,
            message: "the file has \(size) bytes, more than the limit of \(maxBytes)",
            location: SourceLocation(line: 1, column: 1, byteOffset: 0),
            hint: "raise the limit with --max-bytes if the file is meant to be this large")
    }
}
