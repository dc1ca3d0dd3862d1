/// A syntax or encoding error found while parsing JSON.
public struct JSONParseError: Error, Sendable, Equatable {
    /// A stable code starting with `json-`: `json-syntax`, `json-utf8`, `json-depth`, `json-number`, `json-unicode-escape`.
    public var code: String { diagnosticCode.rawValue }
    /// The code as its catalogue entry.
    public var diagnosticCode: DiagnosticCode
    /// What is wrong, in one sentence.
    public var message: String
    /// UTF-8 byte offset where the problem is.
    public var byteOffset: Int
    /// How to fix it, where something specific helps.
    public var hint: String?

    /// Creates an error.
    public init(code: DiagnosticCode, message: String, byteOffset: Int, hint: String? = nil) {
        self.diagnosticCode = code
        self.message = message
        self.byteOffset = byteOffset
        self.hint = hint
    }
}
