/// Tests and counts over eight bytes held as one word, or sixteen held as one vector, for the scans that go a
/// word or a vector a step: the one place for these bit tricks, which parsing, validation, wrapping and drawing
/// share.
///
/// A word is loaded from memory as it lies, so on the little-endian machines Swift builds for here, lane 0 is
/// its lowest byte. A test that flags lanes (bit 7 set in each) is exact for its lowest flagged lane; a lane
/// above it may be flagged too by a borrow, so callers ask only whether any lane is flagged and where the
/// lowest one is.
package enum ByteLanes {
    /// Bit 7 set in each lane of `word` equal to `byte`: XOR turns those lanes to zero, and a zero lane borrows
    /// into its top bit when one is subtracted.
    @inline(__always)
    package static func lanes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let flipped = word ^ (ones &* UInt64(byte))
        return (flipped &- ones) & ~flipped & 0x8080_8080_8080_8080
    }

    /// Bit 7 set in each lane of `word` that is a C0 control (below 0x20, which borrows into its top bit when
    /// 0x20 is subtracted) or DEL.
    @inline(__always)
    package static func controlLanes(_ word: UInt64) -> UInt64 {
        ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080) | lanes(of: word, equalTo: 0x7F)
    }

    /// Bit 7 set in each lane of `word` that is not printable ASCII (U+0020 through U+007E).
    @inline(__always)
    package static func nonPrintableLanes(_ word: UInt64) -> UInt64 {
        (word & 0x8080_8080_8080_8080) | controlLanes(word)
    }

    /// Whether all eight bytes of `word` are printable ASCII, in five operations: no lane has its top bit set,
    /// none wraps below 0x20, and none reaches 0x80 when one is added (0x7F, DEL). A carry or a borrow only
    /// reaches a lane above one that already fails, so the test is exact for the word.
    @inline(__always)
    package static func isPrintableASCII(_ word: UInt64) -> Bool {
        (word | (word &+ 0x0101_0101_0101_0101) | (word &- 0x2020_2020_2020_2020)) & 0x8080_8080_8080_8080 == 0
    }

    /// How many of the first bytes of `word`, in memory order, are printable ASCII (0 through 8).
    @inline(__always)
    package static func leadingPrintableCount(_ word: UInt64) -> Int {
        let flagged = nonPrintableLanes(word)
        return flagged == 0 ? 8 : flagged.trailingZeroBitCount >> 3
    }

    /// Whether every byte of `bytes` is printable ASCII, eight at a time.
    package static func holdsOnlyPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var offset = 0
        while offset &+ 8 <= count {
            let word = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self)
            if !isPrintableASCII(word) { return false }
            offset &+= 8
        }
        while offset < count {
            let byte = bytes[offset]
            if byte < 0x20 || byte >= 0x7F { return false }
            offset &+= 1
        }
        return true
    }

    /// How many lanes of `flags` have bit 7 set, when no other bit is set.
    ///
    /// A multiply adds the eight lane bits into the top byte. The baseline x86-64 the package builds for has
    /// no population-count instruction, and `nonzeroBitCount` there is a sequence of about twenty.
    @inline(__always)
    static func countFlagged(_ flags: UInt64) -> Int {
        Int(truncatingIfNeeded: ((flags >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// How many of the sixteen bytes of `block` (valid UTF-8) are continuation bytes, and how many are the leads
    /// of four-byte scalars: the block starts `16 - continuations` scalars, and `fourByteLeads` of them take two
    /// UTF-16 units. Vector compares with vector operands (those with a scalar operand go lane by lane).
    @inline(__always)
    static func scalarStarts(in block: SIMD16<UInt8>) -> (continuations: Int, fourByteLeads: Int) {
        let continuation = (block & SIMD16<UInt8>(repeating: 0xC0)) .== SIMD16<UInt8>(repeating: 0x80)
        let fourByteLead = block .>= SIMD16<UInt8>(repeating: 0xF0)
        return (countSet(continuation), countSet(fourByteLead))
    }

    /// How many lanes of `mask` are set.
    @inline(__always)
    static func countSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        let topBits: UInt64 = 0x8080_8080_8080_8080
        return countFlagged(halves[0] & topBits) + countFlagged(halves[1] & topBits)
    }
}
