/// Tests and counts over eight bytes held as one word, or sixteen held as one vector, for the scans that go a
/// word or a vector a step: the one place for these bit tricks, which parsing, validation, wrapping and drawing
/// share; every other file names these functions instead of writing masks. They are `@inlinable` and
/// `@_spi(Kernel) public`, not `package`: the compiler inlines a public `@inlinable` function into another
/// module but not a `package` one, and the per-word loops of the parser and the layout need them inlined
/// (the `inlining` benchmark, docs/fast-paths.md). The SPI keeps them out of the library's public API.
///
/// A word is loaded from memory as it lies, so on the little-endian machines Swift builds for here, lane 0 is
/// its lowest byte. A test that flags lanes (bit 7 set in each) is exact for its lowest flagged lane; a lane
/// above it may be flagged too by a borrow, so callers ask only whether any lane is flagged and where the
/// lowest one is.
@_spi(Kernel) public enum ByteLanes {
    /// Bit 7 set in each lane of `word` equal to `byte`: XOR turns those lanes to zero, and a zero lane borrows
    /// into its top bit when one is subtracted.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func lanes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let flipped = word ^ repeating(byte)
        return (flipped &- ones) & ~flipped & topBits
    }

    /// Bit 7 of each lane: the flag every lane test sets.
    @inlinable @inline(__always)
    @_spi(Kernel) public static var topBits: UInt64 { 0x8080_8080_8080_8080 }

    /// One in each lane.
    @inlinable @inline(__always)
    @_spi(Kernel) public static var ones: UInt64 { 0x0101_0101_0101_0101 }

    /// `byte` in every lane.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func repeating(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

    /// Bit 7 set in each lane of `word` below `byte` (at most 0x80): such a lane borrows into its top bit
    /// when `byte` is subtracted, and a lane of 0x80 or more is flagged by its own top bit, which `~word` clears.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func lanes(of word: UInt64, below byte: UInt8) -> UInt64 {
        (word &- repeating(byte)) & ~word & topBits
    }

    /// Bit 7 set in each lane of `word` outside ASCII.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func nonASCIILanes(_ word: UInt64) -> UInt64 { word & topBits }

    /// Whether all eight bytes of `word` are ASCII.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isASCII(_ word: UInt64) -> Bool { word & topBits == 0 }

    /// Whether any lane of `flags` has bit 7 set.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func anyFlagged(_ flags: UInt64) -> Bool { flags & topBits != 0 }

    /// How many lanes, in memory order, come before the first flagged one in `flags` (8 when none is).
    @inlinable @inline(__always)
    @_spi(Kernel) public static func leadingUnflaggedCount(_ flags: UInt64) -> Int {
        flags == 0 ? 8 : flags.trailingZeroBitCount >> 3
    }

    /// How many of the first bytes of `word`, in memory order, equal `byte` (0 through 8). Exact: XOR leaves
    /// those lanes zero, and the lowest non-zero bit lies in the first lane that differs.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func leadingCount(of byte: UInt8, in word: UInt64) -> Int {
        let different = word ^ repeating(byte)
        return different == 0 ? 8 : different.trailingZeroBitCount >> 3
    }

    /// Bit 7 set in each lane of `word` whose top `count` bits (1 through 8) are all set: with 1, the bytes
    /// outside ASCII; with 4, in valid UTF-8, the leads of four-byte scalars. Bit 7 of each lane ends up as the
    /// AND of that byte's top bits: a left shift by fewer than eight moves a lane's own lower bits into it.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func lanes(of word: UInt64, withTopBitsSet count: Int) -> UInt64 {
        var flags = word
        for shift in 1..<max(1, count) { flags &= word << UInt64(shift) }
        return flags & topBits
    }

    /// Bit 7 set in each lane of `word` (valid UTF-8) that is a continuation byte (10xxxxxx).
    @inlinable @inline(__always)
    @_spi(Kernel) public static func continuationLanes(_ word: UInt64) -> UInt64 { word & ~(word << 1) & topBits }

    /// Bit 7 set in each lane of `word` (valid UTF-8) that leads a four-byte scalar (11110xxx).
    @inlinable @inline(__always)
    @_spi(Kernel) public static func fourByteLeadLanes(_ word: UInt64) -> UInt64 {
        word & (word << 1) & (word << 2) & (word << 3) & topBits
    }

    /// Each lane of `word` plus one: for a word of ASCII, bit 7 ends up set exactly in the lanes that were
    /// DEL (0x7F), with no carry between lanes. An OR of these over many words keeps that flag.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func asciiLanesPlusOne(_ word: UInt64) -> UInt64 { word &+ ones }

    /// The value (0–15) of the hex digit in each byte lane of `lanes`, in the same lane; nil when a lane holds
    /// anything but `0`–`9`, `a`–`f` or `A`–`F`. Lanes a caller does not use should hold `0`. The same few
    /// operations test and convert every lane, with no branch per digit (which random digits mispredict).
    @inlinable @inline(__always)
    @_spi(Kernel) public static func hexDigitValues(_ lanes: UInt64) -> UInt64? {
        guard lanes & topBits == 0 else { return nil }
        // Below 0x80 a lane plus (0x80 - n) reaches bit 7 exactly when the lane is at least n, with no carry out.
        let digits = (lanes &+ 0x5050_5050_5050_5050) & ~(lanes &+ 0x4646_4646_4646_4646) & topBits
        // Setting bit 5 folds A-F onto a-f, and nothing else onto them.
        let folded = lanes | 0x2020_2020_2020_2020
        let letters = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x1919_1919_1919_1919) & topBits
        guard digits | letters == topBits else { return nil }
        // A digit's value is its low four bits; a letter's is those plus 9 (a is 0x61).
        return (lanes & 0x0F0F_0F0F_0F0F_0F0F) &+ (letters >> 7) &* 9
    }

    /// Bit 7 set in each lane of `word` that is a C0 control (below 0x20, which borrows into its top bit when
    /// 0x20 is subtracted) or DEL.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func controlLanes(_ word: UInt64) -> UInt64 {
        lanes(of: word, below: 0x20) | lanes(of: word, equalTo: 0x7F)
    }

    /// Bit 7 set in each lane of `word` that is not printable ASCII (U+0020 through U+007E).
    @inlinable @inline(__always)
    @_spi(Kernel) public static func nonPrintableLanes(_ word: UInt64) -> UInt64 {
        (word & topBits) | controlLanes(word)
    }

    /// Whether all eight bytes of `word` are printable ASCII, in five operations: no lane has its top bit set,
    /// none wraps below 0x20, and none reaches 0x80 when one is added (0x7F, DEL). A carry or a borrow only
    /// reaches a lane above one that already fails, so the test is exact for the word.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func isPrintableASCII(_ word: UInt64) -> Bool {
        (word | (word &+ ones) | (word &- repeating(0x20))) & topBits == 0
    }

    /// How many of the first bytes of `word`, in memory order, are printable ASCII (0 through 8).
    @inlinable @inline(__always)
    @_spi(Kernel) public static func leadingPrintableCount(_ word: UInt64) -> Int {
        leadingUnflaggedCount(nonPrintableLanes(word))
    }

    /// Whether every byte of `bytes` is printable ASCII, eight at a time.
    @inlinable
    @_spi(Kernel) public static func holdsOnlyPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
    @inlinable @inline(__always)
    @_spi(Kernel) public static func countFlagged(_ flags: UInt64) -> Int {
        Int(truncatingIfNeeded: ((flags >> 7) &* ones) >> 56)
    }

    /// How many of the sixteen bytes of `block` (valid UTF-8) are continuation bytes, and how many are the leads
    /// of four-byte scalars: the block starts `16 - continuations` scalars, and `fourByteLeads` of them take two
    /// UTF-16 units. Vector compares with vector operands (those with a scalar operand go lane by lane).
    @inline(__always)
    package static func scalarStarts(in block: SIMD16<UInt8>) -> (continuations: Int, fourByteLeads: Int) {
        let continuation = (block & SIMD16<UInt8>(repeating: 0xC0)) .== SIMD16<UInt8>(repeating: 0x80)
        let fourByteLead = block .>= SIMD16<UInt8>(repeating: 0xF0)
        return (countSet(continuation), countSet(fourByteLead))
    }

    /// How many lanes of `mask` are set.
    @inline(__always)
    package static func countSet(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return countFlagged(halves[0] & topBits) + countFlagged(halves[1] & topBits)
    }
}
