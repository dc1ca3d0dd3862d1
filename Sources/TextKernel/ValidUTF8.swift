/// Decoding of UTF-8 that is known to be valid, such as the bytes of a Swift string.
///
/// The one decoder the layers share for their byte-level hot paths; input that may be malformed (files,
/// arbitrary buffers) goes through the parser's validation or a tolerant decoder instead.
@_spi(Kernel) public enum ValidUTF8 {
    /// The scalar value starting at `offset`, and how many bytes it takes.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (
        value: UInt32, length: Int
    ) {
        let lead = bytes[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead < 0xE0 { return (UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return (
                UInt32(lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3
            )
        }
        return (
            UInt32(lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                | UInt32(bytes[offset + 3] & 0x3F), 4
        )
    }
}
