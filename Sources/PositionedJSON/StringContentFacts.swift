@_spi(Kernel) import TextKernel

/// What the scanner saw in the content of a string as it read it: enough to skip the passes over a message's
/// text that the checks would otherwise make, for a message of ASCII (controls, carriage returns) and for most
/// others (controls).
///
/// The plain runs are OR-ed into words as they are scanned, and escapes set flags as they are decoded. A raw
/// control character cannot be in a JSON string; only an escape can put one there. What layout replaces
/// (`ControlCharacters.mayNeedReplacing(_:includingLayoutControls: false)`) is then DEL, a C1 control (lead byte
/// C2) or a bidi control (lead byte E2), raw or escaped, or an escaped control other than tab, line feed and
/// carriage return: a string with none of those lead bytes and none of those escapes needs no scan for them.
package struct StringContentFacts {
    /// The bytes of the plain runs, OR-ed a word at a time: a lane with its top bit set says a byte outside ASCII.
    package var rawBits: UInt64 = 0
    /// The words of ASCII among them, each with one added to every lane, OR-ed: only DEL (0x7F) sets a top bit.
    package var asciiBitsPlusOne: UInt64 = 0
    /// The words outside ASCII, with the top bit set in every lane that may be DEL, C2 or E2.
    package var suspectLanes: UInt64 = 0
    /// Whether an escape decoded to a character outside ASCII.
    package var escapedNonASCII = false
    /// Whether an escape decoded to a character that layout replaces.
    package var escapedUnsafe = false
    /// Whether an escape decoded to a carriage return.
    package var escapedCarriageReturn = false

    /// Facts of no content yet.
    package init() {}

    /// Whether every character of the string is ASCII.
    package var isASCII: Bool { ByteLanes.isASCII(rawBits) && !escapedNonASCII }

    /// Whether the string may have a character that `ControlCharacters.mayNeedReplacing(_:includingLayoutControls:
    /// false)` finds; exactly whether it has one when the string is ASCII.
    package var mayNeedReplacing: Bool {
        ByteLanes.anyFlagged(asciiBitsPlusOne | suspectLanes) || escapedUnsafe
    }

    /// For a string of ASCII: whether it has a carriage return.
    package var asciiHasCarriageReturn: Bool { escapedCarriageReturn }

    /// Records a plain run's word, of which only the lowest `count` bytes belong to the string.
    @inline(__always)
    package mutating func add(_ word: UInt64, keeping count: Int = 8) {
        let kept = count == 8 ? word : word & ((1 &<< UInt64(count &* 8)) &- 1)
        rawBits |= kept
        if ByteLanes.isASCII(kept) {
            asciiBitsPlusOne |= ByteLanes.asciiLanesPlusOne(kept)
        } else {
            // Lanes above a true one may be flagged too, which only costs a scan.
            suspectLanes |=
                ByteLanes.lanes(of: kept, equalTo: 0x7F) | ByteLanes.lanes(of: kept, equalTo: 0xC2)
                | ByteLanes.lanes(of: kept, equalTo: 0xE2)
        }
    }

    /// Records the sixteen-byte vectors of a plain run: their bytes OR-ed, and their lanes equal to DEL, C2 or
    /// E2 OR-ed as 0x80.
    @inline(__always)
    package mutating func add(vectorBits: SIMD16<UInt8>, suspects: SIMD16<UInt8>) {
        let bits = unsafeBitCast(vectorBits, to: SIMD2<UInt64>.self)
        rawBits |= bits[0] | bits[1]
        let flagged = unsafeBitCast(suspects, to: SIMD2<UInt64>.self)
        suspectLanes |= flagged[0] | flagged[1]
    }

    /// Records one byte of a plain run.
    @inline(__always)
    package mutating func add(byte: UInt8) {
        rawBits |= UInt64(byte)
        if byte == 0x7F || byte == 0xC2 || byte == 0xE2 { suspectLanes |= 0x80 }
    }

    /// Records a character an escape stands for.
    @inline(__always)
    package mutating func addEscaped(_ value: UInt32) {
        if value < 0x20 {
            // Escaped line breaks and tabs are most escapes; layout keeps them.
            if value == 0x0D {
                escapedCarriageReturn = true
            } else if value != 0x0A && value != 0x09 {
                escapedUnsafe = true
            }
        } else if value >= 0x7F {
            if value >= 0x80 { escapedNonASCII = true }
            if let scalar = Unicode.Scalar(value), ControlCharacters.placeholder(for: scalar) != nil {
                escapedUnsafe = true
            }
        }
    }
}
