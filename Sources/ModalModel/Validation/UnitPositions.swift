/// Where offsets counted in a unit a server may use fall in a message, found in one walk over its UTF-8 bytes
/// that stops after the largest offset and skips ASCII eight bytes at a time.
///
/// No table of the whole message is built: validating a document runs this for every modal with text outside
/// ASCII, so it costs about what the range-boundary check already costs.
enum UnitPositions {
    /// What a grapheme cluster is, for telling whether a boundary lies inside a word.
    enum ClusterKind: UInt8 {
        /// A letter, digit, mark or connector (`_`): part of a word.
        case word
        /// White space, line breaks included.
        case space
        /// Punctuation, symbols, emoji, and the CJK ideographs and kana that stand as words of their own.
        case other
    }

    /// Where one offset falls.
    struct Position: Equatable {
        /// The UTF-16 offset of the position; nil past the end or inside a scalar's encoding.
        var utf16Offset: Int?
        /// Whether a grapheme cluster starts (or the text ends) there.
        var isClusterBoundary = false
        /// The kinds of the clusters before and after; nil at the ends of the text or inside a cluster.
        var before: ClusterKind?
        var after: ClusterKind?

        static let invalid = Position(utf16Offset: nil)
    }

    /// The position of each offset, counted in `unit`; `result[i]` is where `offsets[i]` falls.
    static func resolve(_ offsets: [Int], unit: RangeUnit, in message: String) -> [Position] {
        var result = [Position](repeating: .invalid, count: offsets.count)
        var order = Array(offsets.indices)
        order.sort { offsets[$0] < offsets[$1] }
        var next = 0
        while next < order.count && offsets[order[next]] < 0 { next += 1 }
        if next == order.count { return result }
        var text = message
        text.withUTF8 { bytes in
            var boundaries = GraphemeBoundaries()
            var utf8Offset = 0
            var utf16Offset = 0
            var count = 0  // the offset in `unit` of the current position
            var clusterStart = -1  // UTF-8 offset of the cluster that ends at the current position
            var previousIsASCII = true
            var previousByte: UInt8 = 0
            while true {
                // Eight ASCII bytes after an ASCII scalar, none a CR, with no offset wanted inside them: every
                // count moves by eight and each byte is a cluster of its own.
                while previousIsASCII, previousByte != 0x0D, utf8Offset + 8 <= bytes.count,
                    offsets[order[next]] > count + 8
                {
                    let word = UnsafeRawPointer(bytes.baseAddress! + utf8Offset).loadUnaligned(as: UInt64.self)
                    let carriageReturns = word ^ 0x0D0D_0D0D_0D0D_0D0D
                    let hasCarriageReturn =
                        (carriageReturns &- 0x0101_0101_0101_0101) & ~carriageReturns & 0x8080_8080_8080_8080 != 0
                    guard word & 0x8080_8080_8080_8080 == 0, !hasCarriageReturn else { break }
                    previousByte = UInt8(truncatingIfNeeded: word >> 56)
                    _ = boundaries.startsCluster(Unicode.Scalar(previousByte))
                    clusterStart = utf8Offset + 7
                    utf8Offset += 8
                    utf16Offset += 8
                    count += 8
                }
                let atEnd = utf8Offset == bytes.count
                var length = 0
                var startsCluster = true
                var scalar = Unicode.Scalar(UInt8(0))
                if !atEnd {
                    let decoded = ValidUTF8.scalar(in: bytes, at: utf8Offset)
                    length = decoded.length
                    // Valid UTF-8 from a Swift string always decodes to a valid scalar.
                    scalar = Unicode.Scalar(decoded.value).unsafelyUnwrapped
                    startsCluster = boundaries.startsCluster(scalar)
                }
                // Grapheme offsets name cluster boundaries only; inside a cluster they wait for its end.
                if unit != .graphemeClusters || startsCluster {
                    if next < order.count && offsets[order[next]] == count {
                        var before: ClusterKind? = nil
                        if startsCluster && clusterStart >= 0 {
                            before = kind(
                                of: Unicode.Scalar(ValidUTF8.scalar(in: bytes, at: clusterStart).value)
                                    .unsafelyUnwrapped)
                        }
                        let position = Position(
                            utf16Offset: utf16Offset, isClusterBoundary: startsCluster, before: before,
                            after: startsCluster && !atEnd ? kind(of: scalar) : nil)
                        while next < order.count && offsets[order[next]] == count {
                            result[order[next]] = position
                            next += 1
                        }
                    }
                    if atEnd { break }
                    // Offsets inside this scalar's encoding stay invalid.
                    let width = unit == .utf8Bytes ? length : unit == .utf16 ? (length == 4 ? 2 : 1) : 1
                    while next < order.count && offsets[order[next]] < count + width { next += 1 }
                    if next == order.count { break }
                }
                if atEnd { break }
                if startsCluster {
                    clusterStart = utf8Offset
                    if unit == .graphemeClusters { count += 1 }
                }
                previousIsASCII = length == 1
                previousByte = length == 1 ? bytes[utf8Offset] : 0
                switch unit {
                case .utf16: count += length == 4 ? 2 : 1
                case .codePoints: count += 1
                case .graphemeClusters: break
                case .utf8Bytes: count += length
                }
                utf8Offset += length
                utf16Offset += length == 4 ? 2 : 1
            }
        }
        return result
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
        if properties.isIdeographic || isKana(value) { return .other }
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
