/// The openings of object members as servers write them, with no white space: `"key":` for each of a few
/// keys, matched as two machine words at once, so that a member's key and colon cost one masked comparison
/// per key of the object rather than a scan, a look-up and two more tests.
///
/// The valid-document reader tries this before reading a key byte by byte: the key's closing quote is
/// part of the match, so no scan for it is needed, and neither are the checks for white space around the
/// colon. A member written any other way (spaces, escapes, an unknown key) does not match and is read the
/// long way, which accepts or refuses it as before. Tables are made once, for the vocabulary, and their entries
/// are permanent (`PermanentBuffer`).
@_spi(JSON) public struct MemberHeadTable: Sendable {
    /// How many bytes a match reads from its start, whatever the key: the caller makes sure they exist.
    package static let readLength = 16

    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var low: UInt64
        @usableFromInline var high: UInt64
        @usableFromInline var lowMask: UInt64
        @usableFromInline var highMask: UInt64
        /// The bytes of `"key":`.
        @usableFromInline var length: Int
        @usableFromInline var field: Int
    }

    @usableFromInline let entries: PermanentBuffer<Entry>

    /// A table of `keys`, each matching with its position among them as `"key"` and then `ending` (a member's
    /// opening ends in `:`; a string value, matched the same way, in nothing more); a key whose opening is longer
    /// than `readLength` is left out, and is always read the long way.
    package init(_ keys: [String], ending: String = ":") {
        entries = PermanentBuffer(
            keys.enumerated().compactMap { field, key in
                let head = [UInt8(ascii: "\"")] + Array(key.utf8) + [UInt8(ascii: "\"")] + Array(ending.utf8)
                guard head.count <= Self.readLength else { return nil }
                let padding = [UInt8](repeating: 0, count: Self.readLength - head.count)
                let (low, high) = Self.words(head + padding)
                let (lowMask, highMask) = Self.words([UInt8](repeating: 0xFF, count: head.count) + padding)
                return Entry(
                    low: low, high: high, lowMask: lowMask, highMask: highMask, length: head.count, field: field)
            })
    }

    /// The field of the key whose `"key":` starts at `start`, and that opening's length in bytes; nil when
    /// none does. `readLength` bytes from `start` must be readable.
    @inlinable @inline(__always)
    @_spi(JSON) public func match(at start: UnsafePointer<UInt8>) -> (field: Int, length: Int)? {
        let raw = UnsafeRawPointer(start)
        let low = raw.loadUnaligned(as: UInt64.self)
        let high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        // At most one entry can match: every opening ends in the same closing quote and ending, and no key holds
        // a quote.
        for entry in entries.elements
        where (low ^ entry.low) & entry.lowMask == 0 && (high ^ entry.high) & entry.highMask == 0 {
            return (entry.field, entry.length)
        }
        return nil
    }

    /// The two words of 16 bytes, loaded as `match` loads them, so that the byte order is the same.
    private static func words(_ bytes: [UInt8]) -> (UInt64, UInt64) {
        bytes.withUnsafeBytes { raw in
            (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }
}
