/// A walk through source bytes that keeps the line and column of where it stands.
///
/// The one definition of lines and columns: lines end at `\n`, `\r\n` or a lone `\r`; a column is one
/// Unicode scalar, and every byte that is not part of a well-formed UTF-8 sequence counts as one column.
package struct SourceCursor: Sendable {
    /// Offset of the scalar (or stray byte) the cursor stands on.
    package var byteOffset = 0
    /// 1-based line of `byteOffset`.
    package var line = 1
    /// 1-based column of `byteOffset`.
    package var column = 1

    /// The cursor's position, reported at `byteOffset` (which may lie inside the scalar the cursor stands on).
    package func location(reportedAt byteOffset: Int) -> SourceLocation {
        SourceLocation(line: line, column: column, byteOffset: byteOffset)
    }

    /// Moves forward to the scalar that contains `target` (at most `bytes.count`).
    package mutating func advance(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var offset = byteOffset
        var line = line
        var column = column
        while offset < target {
            let byte = bytes[offset]
            var length = 1
            if byte >= 0x80 {
                length = max(1, UTF8Validation.sequenceLength(in: bytes, at: offset))
                if offset + length > target { break }
                column += 1
            } else if byte == 0x0A || (byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)) {
                line += 1
                column = 1
            } else {
                column += 1
            }
            offset += length
        }
        self.byteOffset = offset
        self.line = line
        self.column = column
    }

    /// Moves forward to the first byte of 1-based `targetLine`, or to the end when the text has fewer lines.
    ///
    /// The cursor must stand at the start of `targetLine` or on an earlier line; it does not move back.
    package mutating func advance(toLine targetLine: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var offset = byteOffset
        var line = line
        while line < targetLine && offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == 0x0A || (byte == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A)) { line += 1 }
        }
        if line == self.line { return }
        self.byteOffset = offset
        self.line = line
        self.column = 1
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The offset of the line terminator (`\n` or `\r`) at or after `start`, or `count`.
    package func endOfLine(from start: Int) -> Int {
        var offset = start
        while offset < count && self[offset] != 0x0A && self[offset] != 0x0D { offset += 1 }
        return offset
    }
}
