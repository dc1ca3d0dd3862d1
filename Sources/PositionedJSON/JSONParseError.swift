/// A syntax or encoding error found while parsing JSON.
package struct JSONParseError: Error, Sendable, Equatable {
    /// A stable code starting with `json-`: `json-syntax`, `json-utf8`, `json-depth`, `json-number`, `json-unicode-escape`.
    package var code: String { jsonCode.rawValue }
    /// The code as its catalogue entry.
    package var jsonCode: JSONErrorCode
    /// What is wrong, in one sentence.
    package var message: String
    /// UTF-8 byte offset where the problem is.
    package var byteOffset: Int
    /// How to fix it, where something specific helps.
    package var hint: String?

    /// Creates an error.
    package init(code: JSONErrorCode, message: String, byteOffset: Int, hint: String? = nil) {
        self.jsonCode = code
        self.message = message
        self.byteOffset = byteOffset
        self.hint = hint
    }
}
