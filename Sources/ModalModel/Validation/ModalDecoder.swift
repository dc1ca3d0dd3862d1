/// Options for decoding a modal document.
public struct DecodeOptions: Sendable, Equatable {
    /// Nesting bound for the JSON parser.
    public var maxDepth: Int
    /// Creates options.
    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.maxDepth = maxDepth
    }
}

/// The outcome of decoding: the document when it is valid, and every diagnostic found.
public struct DecodeResult: Sendable {
    /// The decoded document, or nil when there is any error.
    public var document: ModalDocument?
    /// Every error, warning and note, in source order.
    public var diagnostics: [Diagnostic]
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Parses and validates modal JSON in one call.
public enum ModalDecoder {
    /// Decodes UTF-8 JSON bytes into a modal document plus diagnostics.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) -> DecodeResult {
        fatalError("not implemented yet")
    }
}
