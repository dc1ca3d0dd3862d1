/// Counting over eight bytes held as one word, for the scans that go a word a step.
enum ByteLanes {
    /// How many lanes of `flags` have bit 7 set, when no other bit is set.
    ///
    /// A multiply adds the eight lane bits into the top byte. The baseline x86-64 the package builds for has
    /// no population-count instruction, and `nonzeroBitCount` there is a sequence of about twenty.
    @inline(__always)
    static func countFlagged(_ flags: UInt64) -> Int {
        Int(truncatingIfNeeded: ((flags >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }
}
