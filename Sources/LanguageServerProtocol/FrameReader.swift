/// Splits a byte stream into `Content-Length` framed messages, as the Language Server Protocol's base
/// protocol frames them, and recovers from frames that are malformed, truncated or too large.
///
/// Bytes arrive in any pieces; `next()` gives each complete frame once. A header block without a usable
/// `Content-Length` is reported and skipped; so is the body of a frame over `maximumContentBytes`, without
/// keeping it.
package struct FrameReader: Sendable {
    /// One result of reading: a whole message body, or a problem with the stream at that point.
    package enum Frame: Sendable, Equatable {
        /// The bytes of one message body.
        case message([UInt8])
        /// A frame that could not be read, and why; the reader has skipped past it.
        case malformed(String)
    }

    /// The largest body accepted; a larger one is skipped and reported.
    package let maximumContentBytes: Int
    /// The longest header block looked through before giving up on it as garbage.
    package static let maximumHeaderBytes = 8192

    private var buffer: [UInt8] = []
    private var start = 0
    private var bodyLength: Int?
    private var skipping = 0

    /// Creates a reader that accepts bodies of at most `maximumContentBytes` bytes.
    package init(maximumContentBytes: Int = 64 << 20) {
        self.maximumContentBytes = maximumContentBytes
    }

    /// Adds bytes read from the stream.
    package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var bytes = bytes[...]
        if skipping > 0 {
            let skipped = min(skipping, bytes.count)
            skipping -= skipped
            bytes = bytes.dropFirst(skipped)
        }
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether a frame has begun but not yet arrived whole.
    package var hasPartialFrame: Bool { start < buffer.count || skipping > 0 }

    /// The next frame, or nil until more bytes arrive.
    package mutating func next() -> Frame? {
        if skipping > 0 { return nil }
        if let length = bodyLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            start += length
            bodyLength = nil
            return .message(body)
        }
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > Self.maximumHeaderBytes {
                // No header ends here: drop what cannot start a frame and look again from the next header.
                let resume = nextHeaderStart(after: start + 1) ?? (buffer.count - 16)
                start = resume
                return .malformed(
                    "no header block ends within \(Self.maximumHeaderBytes) bytes; skipped to the next one")
            }
            return nil
        }
        let header = buffer[start..<headerEnd.headerEnd]
        start = headerEnd.bodyStart
        guard let length = Self.contentLength(in: header) else {
            return .malformed("a header block has no valid Content-Length")
        }
        if length > maximumContentBytes {
            let available = buffer.count - start
            let skipped = min(available, length)
            start += skipped
            skipping = length - skipped
            return .malformed("a message of \(length) bytes is larger than the limit of \(maximumContentBytes)")
        }
        bodyLength = length
        return next()
    }

    /// Where the header block starting at `start` ends (`\r\n\r\n`, or a bare `\n\n` from a careless client).
    private func findHeaderEnd() -> (headerEnd: Int, bodyStart: Int)? {
        var index = start
        let limit = min(buffer.count, start + Self.maximumHeaderBytes + 4)
        while index < limit {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// The offset of the next `Content-Length` header at or after `offset`, to resynchronise after garbage.
    private func nextHeaderStart(after offset: Int) -> Int? {
        let needle = Array("Content-Length".utf8)
        var index = offset
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0], buffer[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The value of the last `Content-Length` line of a header block (names are case-insensitive); lines it
    /// does not know, such as `Content-Type`, are ignored.
    static func contentLength(in header: ArraySlice<UInt8>) -> Int? {
        var found: Int?
        for line in header.split(separator: 0x0A) {
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { continue }
            guard text[..<colon].lowercased().hasSuffix("content-length") else { continue }
            let value = text[text.index(after: colon)...].trimmingPrefix(" ")
            let digits = value.prefix { $0 != "\r" && $0 != " " && $0 != "\t" }
            guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy(\.isASCIIDigitCharacter),
                let number = Int(digits)
            else { return nil }
            found = number
        }
        return found
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
