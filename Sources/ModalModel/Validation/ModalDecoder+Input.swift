extension ModalDecoder {
    /// Decodes UTF-8 JSON from any collection of bytes (`Data`, a slice, a buffer); the bytes are copied once.
    public static func decode(_ bytes: some Collection<UInt8>, options: DecodeOptions = DecodeOptions()) -> DecodeResult
    {
        decode(Array(bytes), options: options)
    }

    /// Decodes JSON text.
    public static func decode(_ text: String, options: DecodeOptions = DecodeOptions()) -> DecodeResult {
        decode(Array(text.utf8), options: options)
    }
}

extension ModalDecoder {
    /// Decodes UTF-8 JSON bytes into a valid document, or throws every diagnostic when there is any error; for
    /// callers that only need the document (a validator that must report everything uses `decode`).
    public static func decodeDocument(
        _ bytes: some Collection<UInt8>, options: DecodeOptions = DecodeOptions()
    ) throws(ModalRuleViolation) -> ModalDocument {
        let result = decode(bytes, options: options)
        guard let document = result.document, !result.hasErrors else {
            throw ModalRuleViolation(diagnostics: result.diagnostics)
        }
        return document
    }

    /// Decodes JSON text into a valid document, or throws every diagnostic when there is any error.
    public static func decodeDocument(
        _ text: String, options: DecodeOptions = DecodeOptions()
    ) throws(ModalRuleViolation) -> ModalDocument {
        try decodeDocument(Array(text.utf8), options: options)
    }
}
