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
