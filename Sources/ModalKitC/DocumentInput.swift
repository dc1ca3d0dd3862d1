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
        bytes = try Self.inputBytes(pointer, count: count, limit: ByteSize.defaultInputLimit)
        decoded = ModalDecoder.decode(bytes)
        let errors = decoded.diagnostics.filter { $0.severity == .error }
        if let problem = errors.first(where: { $0.diagnosticCode == .jsonUTF8 }) {
            throw CallFailure(status: MODALKIT_ERROR_BAD_UTF8, message: problem.description)
        }
        if let problem = errors.first(where: { $0.diagnosticCode.map(Self.syntaxCodes.contains) ?? false }) {
            throw CallFailure(status: MODALKIT_ERROR_NOT_JSON, message: problem.description)
        }
    }

    /// The decoded document, or the failure that names its first error.
    func validDocument() throws(CallFailure) -> ModalDocument {
        if let document = decoded.document { return document }
        let problem = decoded.diagnostics.first { $0.severity == .error }
        throw CallFailure(
            status: MODALKIT_ERROR_INVALID,
            message: problem?.description ?? "the document is not a valid modal document")
    }

    /// The caller's input bytes, refused with `MODALKIT_ERROR_TOO_LARGE` past `limit`, as the command line's
    /// `--max-bytes` refuses a file.
    static func inputBytes(_ pointer: UnsafePointer<UInt8>?, count: Int, limit: Int) throws(CallFailure) -> [UInt8] {
        guard count <= limit else {
            throw CallFailure(
                status: MODALKIT_ERROR_TOO_LARGE,
                message: "the input has \(count) bytes, more than the limit of \(limit)")
        }
        return try callerBytes(pointer, count: count, name: "the input")
    }
}
