import PositionedJSON
@_spi(Kernel) import TextKernel

/// Options for decoding a modal document.
public struct DecodeOptions: Sendable, Equatable {
    /// Nesting bound for the JSON parser.
    public var maxDepth: Int
    /// The most `control-character` warnings reported for one string; the rest are summed up in one note.
    public var maxControlCharacterWarnings: Int

    /// Creates options.
    public init(maxDepth: Int = JSONParser.defaultMaxDepth, maxControlCharacterWarnings: Int = 10) {
        self.maxDepth = maxDepth
        self.maxControlCharacterWarnings = maxControlCharacterWarnings
    }
}

/// The outcome of decoding: the document when it is valid, and every diagnostic found.
public struct DecodeResult: Sendable {
    /// The decoded document, or nil when there is any error.
    public var document: ModalDocument?
    /// Every error, warning and note, in source order.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    package init(document: ModalDocument?, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Parses and validates modal JSON in one call.
public enum ModalDecoder {
    /// Decodes UTF-8 JSON bytes into a modal document plus diagnostics.
    ///
    /// A document with nothing to report is read straight from the bytes; any other takes the full path of
    /// tree and rules, which reports every diagnostic with its position (see `ValidDocumentReader`).
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) -> DecodeResult {
        if FastPaths.isOn(.validDocument), let document = ValidDocumentReader.read(bytes, options: options) {
            return DecodeResult(document: document, diagnostics: [])
        }
        return decodeKeepingTree(bytes, options: options).result
    }

    /// The valid-document fast path alone: the document when `bytes` decode with no diagnostic and the path
    /// takes them, else nil. For the tests and the fuzzer that hold it to the full path.
    package static func validDocumentWithoutTree(
        _ bytes: [UInt8], options: DecodeOptions = DecodeOptions()
    ) -> ModalDocument? {
        ValidDocumentReader.read(bytes, options: options)
    }
}
