/// Cuts a byte stream into lines, refusing to hold a line longer than a limit: its bytes are dropped as
/// they arrive, so a huge line costs no memory, and it is reported as too long once it ends.
package struct BridgeLineSplitter: Sendable {
    /// One complete input line.
    package enum Line: Sendable, Equatable {
        /// A line's bytes, without the newline (and without a CR before it), and its 1-based number.
        case text([UInt8], number: Int)
        /// A line longer than the limit; `byteCount` is its length.
        case tooLong(number: Int, byteCount: Int)
    }

    /// The longest line kept, in bytes.
    package let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var pendingCount = 0
    private var lineNumber = 0

    /// Creates a splitter with a line limit.
    package init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Feeds bytes; returns the lines they complete.
    package mutating func feed(_ bytes: some Collection<UInt8>) -> [Line] {
        var lines: [Line] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            append(bytes[start..<newline])
            lines.append(finishLine())
            start = bytes.index(after: newline)
        }
        append(bytes[start...])
        return lines
    }

    /// The last line when the input ends without a newline; nil when nothing is pending.
    package mutating func finish() -> Line? {
        pendingCount == 0 ? nil : finishLine()
    }

    private mutating func append(_ bytes: some Collection<UInt8>) {
        pendingCount += bytes.count
        if pendingCount <= maxLineBytes + 1 {
            pending.append(contentsOf: bytes)
        } else {
            pending.removeAll()
        }
    }

    private mutating func finishLine() -> Line {
        lineNumber += 1
        defer {
            pending.removeAll(keepingCapacity: pending.count < 1 << 16)
            pendingCount = 0
        }
        if pending.last == 0x0D { pending.removeLast() }
        if pendingCount > maxLineBytes + 1 || pending.count > maxLineBytes {
            return .tooLong(number: lineNumber, byteCount: pendingCount)
        }
        return .text(pending, number: lineNumber)
    }
}
