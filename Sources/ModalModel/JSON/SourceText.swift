/// The bytes of a source file, with what is needed to turn byte offsets into lines and columns.
public struct SourceText: Sendable {
    /// The raw UTF-8 bytes.
    public let bytes: [UInt8]

    /// Wraps the bytes of a file.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line and column of a byte offset (columns count Unicode scalars; invalid UTF-8 bytes count one each).
    public func location(ofByteOffset byteOffset: Int) -> SourceLocation {
        fatalError("not implemented yet")
    }

    /// The text of a 1-based line without its line terminator, decoded leniently.
    public func lineText(_ line: Int) -> String {
        fatalError("not implemented yet")
    }
}
