/// The characters that a JSON writer never writes raw: whoever reads the source could not see them, or they
/// would reorder or break the lines around them.
///
/// One list for every writer of JSON (`CanonicalJSONWriter`, which the encoder, the language server's
/// formatting and `modalkit fix` use, and `JSONWriter` for reports), so a document that is written, formatted or
/// fixed keeps its `\u` escapes of bidi controls, invisible separators and other non-printing characters: an
/// RLO written raw is the "Trojan Source" hazard. Escaping never changes what a string means.
///
/// The list is the controls (Cc), the line and paragraph separators (Zl, Zp), the interlinear annotation
/// characters U+FFF9–U+FFFB and the default-ignorable code points (UCD `DerivedCoreProperties.txt`), less those
/// that change how the visible text around them looks rather than hide anything: the joiners ZWNJ and ZWJ
/// (emoji sequences, Persian and Indic text) and the variation selectors (emoji presentation, CJK variants).
/// Tag characters stay on the list although subdivision flags use them: invisible tags can smuggle text.
extension ControlCharacters {
    /// The non-ASCII stretches of the list, sorted; the ASCII part is the controls below U+0020 and DEL.
    @usableFromInline package static let hiddenScalarRanges: [ClosedRange<UInt32>] = [
        0x0080...0x009F,  // C1 controls
        0x00AD...0x00AD,  // SOFT HYPHEN
        0x034F...0x034F,  // COMBINING GRAPHEME JOINER
        0x061C...0x061C,  // ARABIC LETTER MARK
        0x115F...0x1160,  // HANGUL CHOSEONG and JUNGSEONG FILLER
        0x17B4...0x17B5,  // KHMER VOWEL INHERENT AQ, AA
        0x180E...0x180E,  // MONGOLIAN VOWEL SEPARATOR
        0x200B...0x200B,  // ZERO WIDTH SPACE
        0x200E...0x200F,  // LRM, RLM
        0x2028...0x202E,  // LINE and PARAGRAPH SEPARATOR; LRE, RLE, PDF, LRO, RLO
        0x2060...0x206F,  // WORD JOINER, invisible operators, isolates, deprecated format characters
        0x3164...0x3164,  // HANGUL FILLER
        0xFEFF...0xFEFF,  // ZERO WIDTH NO-BREAK SPACE (byte order mark)
        0xFFA0...0xFFA0,  // HALFWIDTH HANGUL FILLER
        0xFFF0...0xFFFB,  // unassigned default-ignorables; interlinear annotation
        0x1BCA0...0x1BCA3,  // SHORTHAND FORMAT controls
        0x1D173...0x1D17A,  // MUSICAL SYMBOL BEGIN/END BEAM, TIE, SLUR, PHRASE
        0xE0000...0xE00FF,  // LANGUAGE TAG, tag characters, unassigned
        0xE01F0...0xE0FFF,  // unassigned default-ignorables after the variation selectors supplement
    ]

    /// Whether a JSON writer keeps `scalar` as a `\u` escape (see the list above).
    @inlinable
    @_spi(Kernel) public static func isHiddenInSource(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value < 0x20 || value == 0x7F }
        for range in hiddenScalarRanges {
            if value < range.lowerBound { return false }
            if value <= range.upperBound { return true }
        }
        return false
    }

    /// Whether a scalar whose UTF-8 starts with `leadByte` may be on the list: the lead bytes of the non-ASCII
    /// ranges (C2, CD, D8, E1, E2, E3, EF, F0, F3), so that text in most scripts is never decoded to check.
    @inlinable @inline(__always)
    @_spi(Kernel) public static func mayStartHiddenScalar(leadByte: UInt8) -> Bool {
        switch leadByte {
        case 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3: true
        default: false
        }
    }

    /// The scalar starting at `offset` of valid UTF-8 `utf8`, with its length in bytes, when a JSON writer keeps
    /// it escaped; nil otherwise. Looks no further than the lead byte for most text.
    @inlinable
    @_spi(Kernel) public static func hiddenScalar(inUTF8 utf8: UnsafeBufferPointer<UInt8>, at offset: Int)
        -> (scalar: Unicode.Scalar, byteCount: Int)?
    {
        let lead = utf8[offset]
        if lead < 0x80 {
            return lead < 0x20 || lead == 0x7F ? (Unicode.Scalar(lead), 1) : nil
        }
        guard mayStartHiddenScalar(leadByte: lead) else { return nil }
        let byteCount = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard offset + byteCount <= utf8.count else { return nil }
        var value = UInt32(lead) & (byteCount == 2 ? 0x1F : byteCount == 3 ? 0x0F : 0x07)
        for index in 1..<byteCount { value = value << 6 | UInt32(utf8[offset + index] & 0x3F) }
        guard let scalar = Unicode.Scalar(value), isHiddenInSource(scalar) else { return nil }
        return (scalar, byteCount)
    }

    /// Appends the JSON escape of `scalar`: `\uXXXX` in lower-case hex, as a surrogate pair above the BMP.
    @usableFromInline package static func appendJSONEscape(of scalar: Unicode.Scalar, to out: inout [UInt8]) {
        func appendUnit(_ unit: UInt16) {
            out.append(UInt8(ascii: "\\"))
            out.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = UInt8(unit >> UInt16(shift) & 0xF)
                out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        }
        for unit in String(scalar).utf16 { appendUnit(unit) }
    }
}
