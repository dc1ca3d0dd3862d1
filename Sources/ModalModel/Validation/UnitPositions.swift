/// Where offsets counted in a unit a server may use fall in a message, and what lies around them.
///
/// No table of the whole message is built: validating a document runs this for every modal with text outside
/// ASCII and ranges, so it walks only up to the largest offset and classifies only the text around each.
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
    ///
    /// The offsets are visited in increasing order, each reached from the one before. Code points, UTF-16 and
    /// UTF-8 are counted over the UTF-8 bytes directly (the UTF-16 view of a UTF-8 string would build its
    /// breadcrumbs, a pass and an allocation, for every message); grapheme clusters through the standard
    /// library. Only the text around each position is classified.
    static func resolve(_ offsets: [Int], unit: RangeUnit, in message: String) -> [Position] {
        if let positions = message.utf8.withContiguousStorageIfAvailable({
            resolve(offsets, unit: unit, in: message, bytes: $0)
        }) {
            return positions
        }
        var contiguous = message
        contiguous.makeContiguousUTF8()
        return resolve(offsets, unit: unit, in: contiguous)
    }

    private static func resolve(
        _ offsets: [Int], unit: RangeUnit, in message: String, bytes: UnsafeBufferPointer<UInt8>
    ) -> [Position] {
        var result = [Position](repeating: .invalid, count: offsets.count)
        var order = Array(offsets.indices)
        order.sort { offsets[$0] < offsets[$1] }
        let scalars = message.unicodeScalars
        let utf8 = message.utf8
        func isLead(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }
        // The last offset reached on a scalar boundary, its byte offset and its UTF-16 offset.
        var currentOffset = 0
        var currentByte = 0
        var currentUTF16Offset = 0
        offsets: for resultIndex in order {
            let offset = offsets[resultIndex]
            guard offset >= 0 else { continue }
            var remaining = offset - currentOffset
            var byte = currentByte
            var utf16Units = 0
            switch unit {
            case .utf16, .codePoints:
                while remaining > 0 {
                    // Eight ASCII bytes a step: one unit each in both counts.
                    while remaining >= 8 && byte + 8 <= bytes.count {
                        let word = UnsafeRawPointer(bytes.baseAddress! + byte).loadUnaligned(as: UInt64.self)
                        guard word & 0x8080_8080_8080_8080 == 0 else { break }
                        byte += 8
                        remaining -= 8
                        utf16Units += 8
                    }
                    guard remaining > 0 else { break }
                    // Past the end: so is every later offset.
                    guard byte < bytes.count else { break offsets }
                    let lead = bytes[byte]
                    let width = unit == .utf16 && lead >= 0xF0 ? 2 : 1
                    if width > remaining { continue offsets }  // between the two units of a surrogate pair
                    remaining -= width
                    utf16Units += lead >= 0xF0 ? 2 : 1
                    byte += 1
                    while byte < bytes.count && !isLead(bytes[byte]) { byte += 1 }
                }
            case .utf8Bytes:
                byte += remaining
                guard byte <= bytes.count else { break offsets }
                if byte < bytes.count && !isLead(bytes[byte]) { continue offsets }  // inside a scalar
                utf16Units = UTF16Offsets.count(inUTF8: UnsafeBufferPointer(rebasing: bytes[currentByte..<byte]))
            case .graphemeClusters:
                let from = utf8.index(utf8.startIndex, offsetBy: currentByte)
                guard let reached = message.index(from, offsetBy: remaining, limitedBy: message.endIndex) else {
                    break offsets
                }
                byte = utf8.distance(from: utf8.startIndex, to: reached)
                utf16Units = UTF16Offsets.count(inUTF8: UnsafeBufferPointer(rebasing: bytes[currentByte..<byte]))
            }
            currentUTF16Offset += utf16Units
            currentByte = byte
            currentOffset = offset
            let index = utf8.index(utf8.startIndex, offsetBy: byte)
            guard index.samePosition(in: message) != nil else {
                result[resultIndex] = Position(utf16Offset: currentUTF16Offset, isClusterBoundary: false)
                continue
            }
            result[resultIndex] = Position(
                utf16Offset: currentUTF16Offset, isClusterBoundary: true,
                before: index > message.startIndex ? kind(of: scalars[message.index(before: index)]) : nil,
                after: index < message.endIndex ? kind(of: scalars[index]) : nil)
        }
        return result
    }

    /// Whether `text` is all ASCII, eight bytes a step.
    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
            return !bytes[index...].contains { $0 >= 0x80 }
        }
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
        // One look-up of the general category settles most scalars; ideographs are letters (Lo) standing alone.
        switch scalar.properties.generalCategory {
        case .otherLetter:
            return scalar.properties.isIdeographic || isKana(value) ? .other : .word
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark:
            return .word
        case .modifierLetter:
            return isKana(value) ? .other : .word
        case .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return .space
        case .control:
            return value == 0x85 ? .space : .other
        default:
            return .other
        }
    }

    /// Hiragana, katakana (with the phonetic extensions) and half-width katakana.
    static func isKana(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0xFF66...0xFF9F).contains(value)
    }
}
