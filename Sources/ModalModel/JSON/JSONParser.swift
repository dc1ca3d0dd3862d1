/// A syntax or encoding error found while parsing JSON.
public struct JSONParseError: Error, Sendable, Equatable {
    /// A stable code starting with `json-`: `json-syntax`, `json-utf8`, `json-depth`, `json-number`, `json-unicode-escape`.
    public var code: String
    /// What is wrong, in one sentence.
    public var message: String
    /// UTF-8 byte offset where the problem is.
    public var byteOffset: Int
    /// How to fix it, where something specific helps.
    public var hint: String?

    /// Creates an error.
    public init(code: String, message: String, byteOffset: Int, hint: String? = nil) {
        self.code = code
        self.message = message
        self.byteOffset = byteOffset
        self.hint = hint
    }
}

/// Strict RFC 8259 JSON parser over UTF-8 bytes that records where every value starts.
public enum JSONParser {
    /// The default bound on nesting depth (arrays and objects).
    public static let defaultMaxDepth = 512

    /// Parses one JSON text (surrounding whitespace allowed) into a node tree.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) -> Result<JSONNode, JSONParseError> {
        fatalError("not implemented yet")
    }
}
