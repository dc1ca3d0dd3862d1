/// `ModalModel.ByteLanes`' word tests that TextLayout's per-word loops use, restated in this module.
///
/// A call into another module is not inlined in this package's release builds, even for `@inlinable` code:
/// `ModalKitBenchmarks inlining` times `ByteLanes.leadingPrintableCount` at every byte of an 8 MB text at
/// 2.1 times this copy's time, as slow as a call that is never inlined (docs/fast-paths.md). `TextLanesTests`
/// hold each function here to its `ByteLanes` original lane by lane, so the two cannot drift apart.
enum TextLanes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let topBits: UInt64 = 0x8080_8080_8080_8080

    /// `byte` in every lane.
    @inline(__always)
    static func repeating(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

    /// `ByteLanes.lanes(of:equalTo:)`.
    @inline(__always)
    static func lanes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let flipped = word ^ repeating(byte)
        return (flipped &- ones) & ~flipped & topBits
    }

    /// `ByteLanes.lanes(of:below:)`.
    @inline(__always)
    static func lanes(of word: UInt64, below byte: UInt8) -> UInt64 {
        (word &- repeating(byte)) & ~word & topBits
    }

    /// `ByteLanes.isASCII(_:)`.
    @inline(__always)
    static func isASCII(_ word: UInt64) -> Bool { word & topBits == 0 }

    /// `ByteLanes.isPrintableASCII(_:)`.
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        (word | (word &+ ones) | (word &- repeating(0x20))) & topBits == 0
    }

    /// `ByteLanes.leadingPrintableCount(_:)`.
    @inline(__always)
    static func leadingPrintableCount(_ word: UInt64) -> Int {
        let flagged = (word & topBits) | lanes(of: word, below: 0x20) | lanes(of: word, equalTo: 0x7F)
        return flagged == 0 ? 8 : flagged.trailingZeroBitCount >> 3
    }
}
