/// The per-scalar Unicode properties that line breaking and cell widths need, in one 16-bit word.
///
/// Bit layout (written by Scripts/gen_unicode_tables.py): bits 0–5 the resolved line break class,
/// bits 6–7 the width kind, bit 8 Extended_Pictographic, bit 9 emoji-presentation-sequence base,
/// bit 10 Emoji_Modifier.
struct UnicodeProperties: Sendable {
    /// The packed word.
    let rawValue: UInt16

    /// The line break class after rule LB1.
    @inline(__always) var lineBreakClass: LineBreakClass {
        LineBreakClass(rawValue: UInt8(truncatingIfNeeded: rawValue & 0x3F)).unsafelyUnwrapped
    }

    /// The raw line break class number (the `LineBreakClass` raw value).
    @inline(__always) var lineBreakClassIndex: Int { Int(rawValue & 0x3F) }

    /// How many cells the scalar takes on its own, before cluster rules.
    @inline(__always) var widthKind: WidthKind {
        WidthKind(rawValue: UInt8(truncatingIfNeeded: (rawValue >> 6) & 3)).unsafelyUnwrapped
    }

    /// Extended_Pictographic (UTS #51): joins ZWJ emoji sequences.
    @inline(__always) var isExtendedPictographic: Bool { rawValue & 0x100 != 0 }

    /// Listed in emoji-variation-sequences.txt with an emoji style: VS16 after it makes it wide.
    @inline(__always) var isEmojiVariationBase: Bool { rawValue & 0x200 != 0 }

    /// Emoji_Modifier (the five skin tones).
    @inline(__always) var isEmojiModifier: Bool { rawValue & 0x400 != 0 }

    /// The width class of a scalar on its own.
    enum WidthKind: UInt8, Sendable {
        /// Takes no cell: controls, combining marks, format characters, default-ignorables, Hangul V/T jamo.
        case zero
        /// One cell.
        case narrow
        /// Two cells: East_Asian_Width W or F, or Emoji_Presentation.
        case wide
        /// East_Asian_Width A: one cell, or two in East Asian contexts.
        case ambiguous
    }
}

/// The decoded two-stage lookup tables; built once, on first use, and never freed.
struct UnicodePropertyTable: @unchecked Sendable {
    // Unsafe pointers into one allocation that lives for the whole process, so lookups skip
    // array bounds checks and retain/release on the hot path.
    private let stage1: UnsafePointer<UInt16>
    private let stage2: UnsafePointer<UInt8>
    private let values: UnsafePointer<UInt16>

    /// The tables, decoded from `UnicodeTableData` at first access.
    static let shared = UnicodePropertyTable()

    private init() {
        stage1 = Self.decodeWords(UnicodeTableData.stage1Base64, count: UnicodeTableData.stage1Count)
        values = Self.decodeWords(UnicodeTableData.valuesBase64, count: UnicodeTableData.valueCount)
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: UnicodeTableData.stage2Count)
        let written = Base64.decode(UnicodeTableData.stage2Base64, into: bytes)
        precondition(written == UnicodeTableData.stage2Count, "stage 2 table has the wrong size")
        stage2 = UnsafePointer(bytes.baseAddress!)
        precondition(UnicodeTableData.blockShift == Self.blockShift, "generated table uses another block size")
    }

    private static let blockShift: UInt32 = 7

    private static func decodeWords(_ text: StaticString, count: Int) -> UnsafePointer<UInt16> {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count * 2)
        defer { bytes.deallocate() }
        let written = Base64.decode(text, into: bytes)
        precondition(written == count * 2, "generated table has the wrong size")
        let words = UnsafeMutablePointer<UInt16>.allocate(capacity: count)
        for i in 0..<count {
            words[i] = UInt16(bytes[2 * i]) | UInt16(bytes[2 * i + 1]) << 8
        }
        return UnsafePointer(words)
    }

    /// The properties of a scalar.
    @inline(__always) func properties(_ scalar: Unicode.Scalar) -> UnicodeProperties {
        properties(scalarValue: scalar.value)
    }

    /// The properties of a scalar value; `scalarValue` must be a valid scalar (below 0x110000).
    @inline(__always) func properties(scalarValue: UInt32) -> UnicodeProperties {
        let block = UInt32(stage1[Int(truncatingIfNeeded: scalarValue &>> Self.blockShift)])
        let index = stage2[Int(truncatingIfNeeded: block &<< Self.blockShift | (scalarValue & 0x7F))]
        return UnicodeProperties(rawValue: values[Int(truncatingIfNeeded: index)])
    }
}
