/// Eight bytes at a time: which are printable ASCII (U+0020 through U+007E), the bytes that are each a
/// grapheme cluster, a cell and a UTF-16 unit of their own when they follow one another.
///
/// `ModalModel.ByteLanes` owns these word tests (and tests them lane by lane); this is its printable-ASCII
/// part again for the inner loops of wrapping and drawing, because a call into another module is not
/// inlined in this package's builds, even for `@inlinable` code: calling `ByteLanes` from here cost the render
/// of the 2.2 MB message 10 M more instructions. Keep the two the same.
enum PrintableASCII {
    /// Bit 7 set in each lane of `word` (little-endian, lane 0 the first byte) that is not printable ASCII.
    ///
    /// The lowest flagged lane is always exact; a lane above it may be flagged by a borrow from it, so callers
    /// look only at whether any lane is flagged and where the lowest one is.
    @inline(__always)
    static func lanesOutside(_ word: UInt64) -> UInt64 {
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
    static func leadingCount(_ word: UInt64) -> Int {
        let outside = lanesOutside(word)
        return outside == 0 ? 8 : outside.trailingZeroBitCount >> 3
    }
}
