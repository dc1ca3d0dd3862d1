/// Lines and columns for many lookups in one file, each in time independent of the file's size.
///
/// Building the index walks the file once and remembers the cursor every `stride` bytes; a lookup then
/// walks at most that far from the nearest checkpoint. This stays fast for thousands of diagnostics in
/// a 16 MB file, including minified files that are a single long line.
package struct LineIndex: Sendable {
    /// The indexed source.
    package let source: SourceText
    /// Cursors at scalar boundaries, about every `checkpointStride` bytes; the first is the start of the file.
    private let checkpoints: [SourceCursor]
    private static let checkpointStride = 4096

    /// Indexes `source` (one pass over its bytes).
    package init(_ source: SourceText) {
        self.source = source
        var checkpoints = [SourceCursor()]
        checkpoints.reserveCapacity(source.bytes.count / Self.checkpointStride + 1)
        source.bytes.withUnsafeBufferPointer { buffer in
            var cursor = SourceCursor()
            var next = Self.checkpointStride
            while next < buffer.count {
                cursor.advance(to: next, in: buffer)
                checkpoints.append(cursor)
                next = cursor.byteOffset + Self.checkpointStride
            }
        }
        self.checkpoints = checkpoints
    }

    /// The line and column of a byte offset, exactly as `SourceText.location(ofByteOffset:)` gives it.
    package func location(ofByteOffset byteOffset: Int) -> SourceLocation {
        let target = min(max(byteOffset, 0), source.bytes.count)
        var cursor = checkpoints[lastCheckpoint { $0.byteOffset <= target }]
        return source.bytes.withUnsafeBufferPointer { buffer in
            cursor.advance(to: target, in: buffer)
            return cursor.location(reportedAt: target)
        }
    }

    /// The text of a 1-based line, exactly as `SourceText.lineText(_:)` gives it.
    package func lineText(_ line: Int) -> String {
        guard line >= 1 else { return "" }
        // The last checkpoint on an earlier line: the next one is on this line or later, so the start of
        // `line` is at most one stride away.
        var cursor = checkpoints[lastCheckpoint { $0.line < line }]
        return source.bytes.withUnsafeBufferPointer { buffer in
            cursor.advance(toLine: line, in: buffer)
            return cursor.line == line ? buffer.lineText(startingAt: cursor.byteOffset) : ""
        }
    }

    /// The index of the last checkpoint for which `isBefore` holds (it must hold for a prefix, and does for the first).
    private func lastCheckpoint(where isBefore: (SourceCursor) -> Bool) -> Int {
        var low = 0
        var high = checkpoints.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isBefore(checkpoints[middle]) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
