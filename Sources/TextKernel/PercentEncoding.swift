/// Percent-encoding: as JavaScript's encodeURIComponent does it for actions, and leniently for file URLs.
@_spi(Kernel) public enum PercentEncoding {
    /// The bytes as a string when they are valid UTF-8 (the standard library's check is the Unicode
    /// Standard's Table 3-7, the same the JSON parser applies).
    package static func validUTF8String(_ bytes: [UInt8]) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// Decodes `%XX` escapes; nil when an escape is malformed.
    package static func decode(_ text: Substring) -> [UInt8]? { decode(utf8: text.utf8) }

    /// The same, over bytes.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? { decode(utf8: bytes) }

    @inline(__always)
    private static func decode(utf8: some Collection<UInt8>) -> [UInt8]? {
        var decoded = true
        let out = [UInt8](unsafeUninitializedCapacity: utf8.count) { buffer, count in
            guard let length = decode(utf8: utf8, into: buffer) else {
                decoded = false
                return
            }
            count = length
        }
        return decoded ? out : nil
    }

    /// Calls `body` with the bytes decoded in temporary storage, or with nil when an escape is malformed.
    @inlinable
    @_spi(Kernel) public static func withDecoded<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            guard let length = decode(utf8: bytes, into: buffer) else { return body(nil) }
            return body(UnsafeBufferPointer(rebasing: buffer[..<length]))
        }
    }

    /// Writes the decoded bytes to the start of `out` (at least as long as `utf8`), and gives how many there are.
    @inlinable @inline(__always)
    static func decode(utf8: some Collection<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var length = 0
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte != UInt8(ascii: "%") {
                out.initializeElement(at: length, to: byte)
                length += 1
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            out.initializeElement(at: length, to: high << 4 | low)
            length += 1
        }
        return length
    }

    /// Encodes everything but `A-Z a-z 0-9 - _ . ! ~ * ' ( )`, as encodeURIComponent does.
    package static func encodeComponent(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "!"), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: ")"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` escapes and keeps a `%` that starts none as it is, as a `file://` URL's path is read
    /// (RFC 8089): a path is never refused for a stray `%`.
    package static func decodeLeniently(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
                let low = hexValue(utf8[utf8.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @usableFromInline static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
