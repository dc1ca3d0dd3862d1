/// What the scanner saw in the content of a string as it read it: enough to skip, for a message of ASCII, the
/// passes over its text that the checks would otherwise make (controls, carriage returns, text outside ASCII).
///
/// The plain runs are OR-ed into two words as they are scanned, and escapes set flags as they are decoded, so
/// the facts cost the scan two operations a word. A raw control character cannot be in a JSON string; only an
/// escape can put one there.
struct StringContentFacts {
    /// The bytes of the plain runs, OR-ed a word at a time: a lane with its top bit set says a byte outside ASCII.
    var rawBits: UInt64 = 0
    /// The same words with one added to every lane, OR-ed: among ASCII bytes only DEL (0x7F) sets a top bit.
    var rawBitsPlusOne: UInt64 = 0
    /// Whether an escape decoded to a character outside ASCII.
    var escapedNonASCII = false
    /// Whether an escape decoded to DEL or to a control other than tab, line feed and carriage return.
    var escapedUnsafeControl = false
    /// Whether an escape decoded to a carriage return.
    var escapedCarriageReturn = false

    private static let topBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether every character of the string is ASCII.
    var isASCII: Bool { rawBits & Self.topBits == 0 && !escapedNonASCII }

    /// For a string of ASCII: whether `ControlCharacters.mayNeedReplacing(_:includingLayoutControls: false)`
    /// holds, that is whether it has DEL or a control other than tab, line feed and carriage return.
    var asciiNeedsReplacing: Bool { rawBitsPlusOne & Self.topBits != 0 || escapedUnsafeControl }

    /// For a string of ASCII: whether it has a carriage return.
    var asciiHasCarriageReturn: Bool { escapedCarriageReturn }

    /// Records a plain run's word, of which only the lowest `count` bytes belong to the string.
    @inline(__always)
    mutating func add(_ word: UInt64, keeping count: Int = 8) {
        let kept = count == 8 ? word : word & ((1 &<< UInt64(count &* 8)) &- 1)
        rawBits |= kept
        rawBitsPlusOne |= kept &+ 0x0101_0101_0101_0101
    }

    /// Records one byte of a plain run.
    @inline(__always)
    mutating func add(byte: UInt8) {
        rawBits |= UInt64(byte)
        rawBitsPlusOne |= UInt64(byte &+ 1)
    }

    /// Records a character an escape stands for.
    @inline(__always)
    mutating func addEscaped(_ value: UInt32) {
        if value >= 0x80 {
            escapedNonASCII = true
        } else if value == 0x0D {
            escapedCarriageReturn = true
        } else if (value < 0x20 && value != 0x09 && value != 0x0A) || value == 0x7F {
            escapedUnsafeControl = true
        }
    }
}
