/// The bytes of a source file, with what is needed to turn byte offsets into lines and columns.
///
/// Nothing is computed up front: most files have no diagnostics. Each lookup walks from the start of
/// the file; for many lookups in one file, build a `LineIndex` once.
public struct SourceText: Sendable {
    /// The raw UTF-8 bytes.
    package let bytes: [UInt8]

    /// Wraps the bytes of a file.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line and column of a byte offset (columns count Unicode scalars; invalid UTF-8 bytes count one each).
    ///
    /// Lines end at `\n`, `\r\n` or a lone `\r`. `bytes.count` is a valid offset: the end of the file.
    /// Offsets outside `0...bytes.count` are clamped to it.
    package func location(ofByteOffset byteOffset: Int) -> SourceLocation {
        let target = min(max(byteOffset, 0), bytes.count)
        return bytes.withUnsafeBufferPointer { buffer in
            var cursor = SourceCursor()
            cursor.advance(to: target, in: buffer)
            return cursor.location(reportedAt: target)
        }
    }

    /// The text of a 1-based line without its line terminator, decoded leniently.
    ///
    /// Invalid UTF-8 becomes U+FFFD. A line number outside the file gives "".
    package func lineText(_ line: Int) -> String {
        guard line >= 1 else { return "" }
        return bytes.withUnsafeBufferPointer { buffer in
            var cursor = SourceCursor()
            cursor.advance(toLine: line, in: buffer)
            return cursor.line == line ? buffer.lineText(startingAt: cursor.byteOffset) : ""
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The line that starts at `start`, without its terminator, decoded leniently.
    package func lineText(startingAt start: Int) -> String {
        let end = endOfLine(from: start)
        return String(decoding: UnsafeBufferPointer(rebasing: self[start..<end]), as: UTF8.self)
    }
}
