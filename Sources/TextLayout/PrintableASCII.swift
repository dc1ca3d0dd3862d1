/// Eight bytes at a time: which are printable ASCII (U+0020 through U+007E), the bytes that are each a
/// grapheme cluster, a cell and a UTF-16 unit of their own when they follow one another.
package enum PrintableASCII {
    /// Bit 7 set in each lane of `word` (little-endian, lane 0 the first byte) that is not printable ASCII.
    ///
    /// The lowest flagged lane is always exact; a lane above it may be flagged by a borrow from it, so callers
    /// look only at whether any lane is flagged and where the lowest one is.
    @inline(__always)
    package static func lanesOutside(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        // A byte below 0x20 borrows into its top bit when 0x20 is subtracted; DEL is 0x7F, which XOR turns to 0.
        let belowSpace = (word &- ones &* 0x20) & ~word & high
        let flipped = word ^ (ones &* 0x7F)
        let isDelete = (flipped &- ones) & ~flipped & high
        return (word & high) | belowSpace | isDelete
    }

    /// How many of the first bytes of `word`, in memory order, are printable ASCII (0 through 8).
    @inline(__always)
    package static func leadingCount(_ word: UInt64) -> Int {
        let outside = lanesOutside(word)
        return outside == 0 ? 8 : outside.trailingZeroBitCount >> 3
    }

    /// Whether every byte of `bytes` is printable ASCII, eight at a time.
    package static func holdsOnlyPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var offset = 0
        while offset &+ 8 <= count {
            let word = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self)
            if lanesOutside(word) != 0 { return false }
            offset &+= 8
        }
        while offset < count {
            let byte = bytes[offset]
            if byte < 0x20 || byte >= 0x7F { return false }
            offset &+= 1
        }
        return true
    }
}
