/// Where every scalar boundary of a message falls in each unit a server may count in, and what kind of
/// character lies on each side of every grapheme cluster boundary: the facts range-unit inference scores.
///
/// Built in one walk over the UTF-8 bytes with the grapheme rules of `Character`; offsets are `Int32` because
/// a decoded message never holds 2^31 bytes.
struct MessageUnitTable {
    /// What a grapheme cluster is, for telling whether a boundary lies inside a word.
    enum ClusterKind: UInt8 {
        /// A letter, digit or connector (`_`): part of a word.
        case word
        /// White space, line breaks included.
        case space
        /// Punctuation, symbols, emoji, and the CJK ideographs and kana that stand as words of their own.
        case other
    }

    /// `utf16Offsets[k]` and `utf8Offsets[k]`: the offsets of scalar boundary `k` (0...scalar count).
    private(set) var utf16Offsets: [Int32] = []
    private(set) var utf8Offsets: [Int32] = []
    /// The cluster boundary that scalar boundary `k` is, or -1 when it lies inside a grapheme cluster.
    private(set) var clusterAtScalar: [Int32] = []
    /// `clusterStarts[g]`: the scalar boundary where cluster `g` starts; the last entry is the scalar count.
    private(set) var clusterStarts: [Int32] = []
    /// The kind of each cluster, from its first scalar.
    private(set) var clusterKinds: [ClusterKind] = []

    init(_ message: String) {
        var text = message
        text.withUTF8 { bytes in
            utf16Offsets.reserveCapacity(bytes.count + 1)
            utf8Offsets.reserveCapacity(bytes.count + 1)
            clusterAtScalar.reserveCapacity(bytes.count + 1)
            var boundaries = GraphemeBoundaries()
            var utf8Offset = 0
            var utf16Offset: Int32 = 0
            var scalarIndex: Int32 = 0
            while utf8Offset < bytes.count {
                let (value, length) = ValidUTF8.scalar(in: bytes, at: utf8Offset)
                // Valid UTF-8 from a Swift string always decodes to a valid scalar.
                let scalar = Unicode.Scalar(value).unsafelyUnwrapped
                utf16Offsets.append(utf16Offset)
                utf8Offsets.append(Int32(utf8Offset))
                if boundaries.startsCluster(scalar) {
                    clusterAtScalar.append(Int32(clusterStarts.count))
                    clusterStarts.append(scalarIndex)
                    clusterKinds.append(Self.kind(of: scalar))
                } else {
                    clusterAtScalar.append(-1)
                }
                utf16Offset += length == 4 ? 2 : 1
                utf8Offset += length
                scalarIndex += 1
            }
            utf16Offsets.append(utf16Offset)
            utf8Offsets.append(Int32(utf8Offset))
            clusterAtScalar.append(Int32(clusterStarts.count))
            clusterStarts.append(scalarIndex)
        }
    }

    /// The number of scalars.
    var scalarCount: Int { clusterStarts[clusterStarts.count - 1].asInt }

    /// The scalar boundary that `offset`, counted in `unit`, names; nil past the end or inside a scalar
    /// (between the halves of a surrogate pair, or the bytes of a UTF-8 sequence).
    func scalarBoundary(ofOffset offset: Int, in unit: RangeUnit) -> Int? {
        guard offset >= 0 else { return nil }
        switch unit {
        case .codePoints: return offset <= scalarCount ? offset : nil
        case .graphemeClusters: return offset < clusterStarts.count ? clusterStarts[offset].asInt : nil
        case .utf16: return Self.index(of: offset, in: utf16Offsets)
        case .utf8Bytes: return Self.index(of: offset, in: utf8Offsets)
        }
    }

    /// The UTF-16 offset of scalar boundary `k`.
    func utf16Offset(ofScalarBoundary k: Int) -> Int { utf16Offsets[k].asInt }

    /// The cluster boundary that scalar boundary `k` is, or nil inside a grapheme cluster.
    func clusterBoundary(ofScalarBoundary k: Int) -> Int? {
        let cluster = clusterAtScalar[k]
        return cluster < 0 ? nil : cluster.asInt
    }

    /// The kind of the cluster before and after cluster boundary `g`; nil at the ends of the message.
    func kinds(aroundCluster g: Int) -> (before: ClusterKind?, after: ClusterKind?) {
        (g > 0 ? clusterKinds[g - 1] : nil, g < clusterKinds.count ? clusterKinds[g] : nil)
    }

    /// Binary search of a sorted offset table.
    private static func index(of offset: Int, in offsets: [Int32]) -> Int? {
        guard offset <= Int(Int32.max) else { return nil }
        let target = Int32(offset)
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low] == target ? low : nil
    }

    /// A simple approximation of UAX #29's word rules (which the standard library does not offer): letters,
    /// digits, marks and connectors make words; ideographs and kana stand alone like punctuation, since text
    /// in them has no spaces and telling their words apart takes a dictionary.
    static func kind(of scalar: Unicode.Scalar) -> ClusterKind {
        let value = scalar.value
        if value < 0x80 {
            switch UInt8(value) {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
                return .word
            case 0x09...0x0D, 0x20: return .space
            default: return .other
            }
        }
        let properties = scalar.properties
        if properties.isWhitespace { return .space }
        if properties.isIdeographic || Self.isKana(value) { return .other }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .nonspacingMark, .spacingMark,
            .enclosingMark:
            return .word
        default:
            return .other
        }
    }

    /// Hiragana, katakana (with the phonetic extensions) and half-width katakana.
    static func isKana(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0xFF66...0xFF9F).contains(value)
    }
}

extension Int32 {
    fileprivate var asInt: Int { Int(self) }
}
