/// Counting over eight bytes held as one word, or sixteen held as one vector, for the scans that go a word or a
/// vector a step.
enum ByteLanes {
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
