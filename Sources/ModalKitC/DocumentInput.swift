import CModalKit
import ModalModel
import PositionedJSON
@_spi(Kernel) import TextKernel

/// A caller's document read for fix, render and styles, which need JSON to work on: input that is too
/// large, not UTF-8 or not JSON fails with its own status, so a binding can raise its own error for each.
struct DocumentInput {
    /// The bytes as passed.
    var bytes: [UInt8]
    /// What the decoder made of them.
    var decoded: DecodeResult

    /// The codes that say the bytes are not JSON at all.
    private static let syntaxCodes: Set<DiagnosticCode> = [.jsonSyntax, .jsonDepth, .jsonNumber, .jsonUnicodeEscape]

    /// Reads `count` bytes at `pointer`, refusing more than the command line's default input limit.
    init(_ pointer: UnsafePointer<UInt8>?, count: Int) throws(CallFailure) {
        let limit = ByteSize.defaultInputLimit
        guard count <= limit else {
            throw CallFailure(
                status: MODALKIT_ERROR_TOO_LARGE,
                message: "the input has \(count) bytes, more than the limit of \(limit)")
        }
        bytes = try callerBytes(pointer, count: count, name: "the input")
        decoded = ModalDecoder.decode(bytes)
        let errors = decoded.diagnostics.filter { $0.severity == .error }
        if let problem = errors.first(where: { $0.diagnosticCode == .jsonUTF8 }) {
            throw CallFailure(status: MODALKIT_ERROR_BAD_UTF8, message: Self.describe(problem))
        }
        if let problem = errors.first(where: { $0.diagnosticCode.map(Self.syntaxCodes.contains) ?? false }) {
            throw CallFailure(status: MODALKIT_ERROR_NOT_JSON, message: Self.describe(problem))
        }
    }

    /// The decoded document, or the failure that names its first error.
    func validDocument() throws(CallFailure) -> ModalDocument {
        if let document = decoded.document { return document }
        let problem = decoded.diagnostics.first { $0.severity == .error }
        throw CallFailure(
            status: MODALKIT_ERROR_INVALID,
            message: problem.map(Self.describe) ?? "the document is not a valid modal document")
    }

    /// "line:column: message (code); hint", the way a diagnostic reads in one line.
    static func describe(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        let hint = diagnostic.hint.map { "; \($0)" } ?? ""
        return "\(location.line):\(location.column): \(diagnostic.message) (\(diagnostic.code))\(hint)"
    }
}
