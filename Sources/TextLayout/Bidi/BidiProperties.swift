/// The per-scalar data of UAX #9 in one byte: Bidi_Class, whether a mirrored glyph exists, and the paired
/// bracket type.
///
/// Bit layout (written by Scripts/gen_unicode_tables.py): bits 0–4 the `BidiClass` raw value, bit 5 a mirrored
/// glyph exists (BidiMirroring.txt), bit 6 opening and bit 7 closing paired bracket (BidiBrackets.txt).
struct BidiProperties: Sendable {
    /// The packed byte.
    let rawValue: UInt8

    /// The Bidi_Class.
    @inline(__always) var bidiClass: BidiClass {
        BidiClass(rawValue: rawValue & 0x1F).unsafelyUnwrapped
    }

    /// Whether BidiMirroring.txt gives the scalar a mirrored glyph (rule L4).
    @inline(__always) var hasMirroredGlyph: Bool { rawValue & 0x20 != 0 }

    /// Whether the scalar is an opening paired bracket (Bidi_Paired_Bracket_Type Open).
    @inline(__always) var isOpeningBracket: Bool { rawValue & 0x40 != 0 }

    /// Whether the scalar is a closing paired bracket (Bidi_Paired_Bracket_Type Close).
    @inline(__always) var isClosingBracket: Bool { rawValue & 0x80 != 0 }
}

/// The decoded bidi tables; built once, on first use, and never freed.
struct BidiPropertyTable: @unchecked Sendable {
    // Unsafe pointers into allocations that live for the whole process, as in `UnicodePropertyTable`.
    private let stage1: UnsafePointer<UInt16>
    private let stage2: UnsafePointer<UInt8>
    /// Sorted scalars with a mirrored glyph, and the glyph at the same index.
    private let mirrorKeys: UnsafeBufferPointer<UInt32>
    private let mirrorValues: UnsafePointer<UInt32>
    /// Sorted paired brackets, and the canonical opening bracket of each one's pair at the same index.
    private let bracketKeys: UnsafeBufferPointer<UInt32>
    private let bracketValues: UnsafePointer<UInt32>

    /// The tables, decoded from `BidiTableData` at first access.
    static let shared = BidiPropertyTable()

    private static let blockShift: UInt32 = 8

    private init() {
        precondition(BidiTableData.blockShift == Self.blockShift, "generated bidi table uses another block size")
        let stage1Bytes = Self.decode(BidiTableData.stage1Base64, byteCount: BidiTableData.stage1Count * 2)
        let words = UnsafeMutablePointer<UInt16>.allocate(capacity: BidiTableData.stage1Count)
        for i in 0..<BidiTableData.stage1Count {
            words[i] = UInt16(stage1Bytes[2 * i]) | UInt16(stage1Bytes[2 * i + 1]) << 8
        }
        stage1Bytes.deallocate()
        stage1 = UnsafePointer(words)
        stage2 = UnsafePointer(
            Self.decode(BidiTableData.stage2Base64, byteCount: BidiTableData.stage2Count).baseAddress!)
        (mirrorKeys, mirrorValues) = Self.decodePairs(BidiTableData.mirrorsBase64, count: BidiTableData.mirrorCount)
        (bracketKeys, bracketValues) = Self.decodePairs(
            BidiTableData.bracketsBase64, count: BidiTableData.bracketCount)
    }

    private static func decode(_ text: StaticString, byteCount: Int) -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: byteCount)
        let written = Base64.decode(text, into: bytes)
        precondition(written == byteCount, "generated bidi table has the wrong size")
        return bytes
    }

    private static func decodePairs(_ text: StaticString, count: Int) -> (
        UnsafeBufferPointer<UInt32>, UnsafePointer<UInt32>
    ) {
        let bytes = decode(text, byteCount: count * 8)
        defer { bytes.deallocate() }
        let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        let values = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        func word(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        for i in 0..<count {
            keys[i] = word(8 * i)
            values[i] = word(8 * i + 4)
        }
        return (UnsafeBufferPointer(start: keys, count: count), UnsafePointer(values))
    }

    /// The bidi properties of a scalar value; `scalarValue` must be a valid scalar (below 0x110000).
    @inline(__always) func properties(scalarValue: UInt32) -> BidiProperties {
        let block = UInt32(stage1[Int(truncatingIfNeeded: scalarValue &>> Self.blockShift)])
        return BidiProperties(
            rawValue: stage2[Int(truncatingIfNeeded: block &<< Self.blockShift | (scalarValue & 0xFF))])
    }

    /// Whether a scalar value can give a level other than 0 in a left-to-right paragraph: classes R, AL, AN and
    /// the explicit embedding, override and isolate controls. All of them lie in the ranges tested first (checked
    /// against the tables when they were generated for Unicode 15.0), so most scalars need no table look-up.
    @inline(__always) func canRaiseLevel(_ value: UInt32) -> Bool {
        guard
            (value >= 0x590 && value < 0x900) || (value >= 0x200F && value <= 0x2069)
                || (value >= 0xFB1D && value < 0xFF00) || (value >= 0x1_0800 && value < 0x1_1000)
                || (value >= 0x1_E800 && value < 0x1_F000)
        else { return false }
        switch properties(scalarValue: value).bidiClass {
        case .R, .AL, .AN, .LRE, .RLE, .LRO, .RLO, .PDF, .LRI, .RLI, .FSI, .PDI: return true
        default: return false
        }
    }

    /// The Bidi_Class of a scalar.
    @inline(__always) func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        properties(scalarValue: scalar.value).bidiClass
    }

    /// The mirrored glyph of a scalar (Bidi_Mirroring_Glyph), or nil when it has none.
    func mirroredGlyph(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let index = Self.find(scalar.value, in: mirrorKeys) else { return nil }
        return Unicode.Scalar(mirrorValues[index])
    }

    /// The key shared by both brackets of a pair (the canonical opening bracket), or nil for a non-bracket.
    func bracketPairKey(_ scalarValue: UInt32) -> UInt32? {
        guard let index = Self.find(scalarValue, in: bracketKeys) else { return nil }
        return bracketValues[index]
    }

    private static func find(_ value: UInt32, in keys: UnsafeBufferPointer<UInt32>) -> Int? {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == value ? low : nil
    }
}
