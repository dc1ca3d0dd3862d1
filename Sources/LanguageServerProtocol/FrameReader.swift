/// Splits a byte stream into `Content-Length` framed messages, as the Language Server Protocol's base
/// protocol frames them, and recovers from frames that are malformed, truncated or too large.
///
/// Bytes arrive in any pieces; `next()` gives each complete frame once. A header block without a usable
/// `Content-Length` is reported and skipped; so is the body of a frame over `maximumContentBytes`, without
/// keeping it.
///
/// A frame whose `Content-Length` is wrong (a client counting characters instead of bytes) is reported and
/// the reader resynchronises on the next `Content-Length:` header: one too short leaves the rest of its body
/// before the next header, which is skipped up to the header; one too long runs into the next frame, whose
/// header line is found inside the body and read from there. No JSON body can hold a `Content-Length:` line
/// ended by a raw line break (JSON writes line breaks inside strings as escapes), so such a line is always
/// the start of another frame.
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
    /// How far the body being read has been searched for a header line.
    private var searchedUpTo = 0

    /// Creates a reader that accepts bodies of at most `maximumContentBytes` bytes.
    package init(maximumContentBytes: Int = 64 << 20) {
        self.maximumContentBytes = maximumContentBytes
    }

    /// Adds bytes read from the stream.
    package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            searchedUpTo = max(0, searchedUpTo - start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The bytes kept for frames not yet given out: at most about one header block and one body.
    package var bufferedByteCount: Int { buffer.count - start }

    /// Whether a frame has begun but not yet arrived whole.
    package var hasPartialFrame: Bool { start < buffer.count || skipping > 0 }

    /// The next frame, or nil until more bytes arrive.
    package mutating func next() -> Frame? {
        if skipping > 0 {
            // The body over the limit is read through and dropped, but looked through for a header line on the
            // way: a length over the limit is as likely a wrong length as a huge message.
            switch findEmbeddedHeader(from: start, to: min(buffer.count, start + skipping)) {
            case .found(let header):
                skipping = 0
                start = header
                return .malformed("the frame over the limit runs into the next frame's header; reading goes on from it")
            case .notYet(let resume):
                skipping -= resume - start
                start = resume
                if skipping > 0 { return nil }
            }
        }
        if let length = bodyLength {
            let bodyEnd = min(buffer.count, start + length)
            switch findEmbeddedHeader(from: max(start, searchedUpTo), to: bodyEnd) {
            case .found(let header):
                let kept = header - start
                start = header
                bodyLength = nil
                return .malformed(
                    "a frame's Content-Length of \(length) bytes runs into the next frame's header after \(kept) "
                        + "bytes; its body was skipped and reading goes on from that header")
            case .notYet(let resume):
                searchedUpTo = resume
            }
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
        if let header = firstContentLength(from: start, to: headerEnd.headerEnd), header > start,
            buffer[header - 1] != 0x0A
        {
            // Bytes that are no header line run into a Content-Length: the rest of a body sent with too short
            // a length, or garbage. The frame starts at the header.
            let skipped = header - start
            start = header
            return .malformed(
                "\(skipped) bytes before a Content-Length header are not a header line (the rest of a body "
                    + "whose Content-Length was too short, or garbage); skipped to the header")
        }
        let header = buffer[start..<headerEnd.headerEnd]
        start = headerEnd.bodyStart
        guard let length = Self.contentLength(in: header) else {
            return .malformed("a header block has no valid Content-Length")
        }
        if length > maximumContentBytes {
            skipping = length
            return .malformed("a message of \(length) bytes is larger than the limit of \(maximumContentBytes)")
        }
        bodyLength = length
        searchedUpTo = start
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

    private static let contentLengthName = Array("content-length:".utf8)

    /// Whether the bytes at `index` spell `content-length:` in any case.
    private func isContentLengthName(at index: Int) -> Bool {
        let name = Self.contentLengthName
        guard index + name.count <= buffer.count else { return false }
        for offset in 0..<name.count where buffer[index + offset] | 0x20 != name[offset] { return false }
        return true
    }

    /// The first `content-length:` (in any case) between two offsets.
    private func firstContentLength(from: Int, to end: Int) -> Int? {
        var index = from
        while index < end {
            if buffer[index] | 0x20 == UInt8(ascii: "c"), isContentLengthName(at: index) { return index }
            index += 1
        }
        return nil
    }

    private enum EmbeddedHeader {
        /// A header line starts here.
        case found(Int)
        /// None starts before this offset; the search goes on from there when more bytes come.
        case notYet(Int)
    }

    /// A `Content-Length: <digits>` line ended by a line break within a body: the start of another frame.
    private func findEmbeddedHeader(from: Int, to end: Int) -> EmbeddedHeader {
        let nameCount = Self.contentLengthName.count
        var index = from
        while index < end {
            if buffer[index] | 0x20 == UInt8(ascii: "c") {
                // Whether the line is whole is known only once its line break has come.
                guard index + nameCount <= buffer.count else { return .notYet(index) }
                if isContentLengthName(at: index) {
                    var cursor = index + nameCount
                    // A few spaces at most, so that a candidate waiting for its line's end stays short.
                    while cursor < buffer.count, cursor - index < nameCount + 16,
                        buffer[cursor] == 0x20 || buffer[cursor] == 0x09
                    {
                        cursor += 1
                    }
                    let digitsStart = cursor
                    while cursor < buffer.count, cursor - digitsStart <= 12,
                        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[cursor])
                    {
                        cursor += 1
                    }
                    if cursor == buffer.count { return .notYet(index) }
                    if cursor > digitsStart, buffer[cursor] == 0x0D || buffer[cursor] == 0x0A { return .found(index) }
                }
            }
            index += 1
        }
        return .notYet(end)
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
