/// Where a UTF-16 offset of a message falls.
public enum UTF16Position: Sendable, Equatable {
    /// On a Unicode scalar boundary; `isGraphemeBoundary` tells whether it also starts a grapheme cluster.
    case scalarBoundary(String.Index, isGraphemeBoundary: Bool)
    /// Between the two halves of a surrogate pair (inside one astral character).
    case insideSurrogatePair
    /// Past the end of the message.
    case outOfBounds
}

/// The one place where UTF-16 offsets from the format become positions in a Swift string.
public enum UTF16Offsets {
    /// Resolves a UTF-16 offset of `text` (0...utf16 count).
    public static func position(of utf16Offset: Int, in text: String) -> UTF16Position {
        let utf16 = text.utf16
        guard utf16Offset >= 0,
            let index = utf16.index(utf16.startIndex, offsetBy: utf16Offset, limitedBy: utf16.endIndex)
        else { return .outOfBounds }
        guard let scalarIndex = index.samePosition(in: text.unicodeScalars) else { return .insideSurrogatePair }
        return .scalarBoundary(scalarIndex, isGraphemeBoundary: scalarIndex.samePosition(in: text) != nil)
    }
}

extension UTF16Offsets {
    /// Resolves many UTF-16 offsets of `text` at once; `result[i]` is `position(of: utf16Offsets[i], in: text)`.
    ///
    /// One walk over the scalars up to the largest offset, after sorting the offsets: O(n + k log k) for k offsets.
    /// Calling `position(of:in:)` k times can cost O(n k), because telling whether an offset starts a grapheme
    /// cluster may look back over a whole cluster (a long run of combining marks or regional indicators).
    public static func positions(of utf16Offsets: [Int], in text: String) -> [UTF16Position] {
        var result = [UTF16Position](repeating: .outOfBounds, count: utf16Offsets.count)
        let order = utf16Offsets.indices.filter { utf16Offsets[$0] >= 0 }.sorted { utf16Offsets[$0] < utf16Offsets[$1] }
        // Found offsets as UTF-8 offsets first; string indices are made from them after the walk.
        var found: [(resultIndex: Int, utf8Offset: Int, isGraphemeBoundary: Bool)] = []
        found.reserveCapacity(order.count)
        var next = 0
        var utf8Offset = 0
        var utf16Offset = 0
        var text = text
        text.withUTF8 { bytes in
            var boundaries = GraphemeBoundaries()
            while next < order.count && utf8Offset < bytes.count {
                let lead = bytes[utf8Offset]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                var value = UInt32(lead)
                if length > 1 {
                    value &= 0xFF >> (length + 1)
                    for continuation in 1..<length { value = value << 6 | UInt32(bytes[utf8Offset + continuation] & 0x3F) }
                }
                // Valid UTF-8 from a Swift string always decodes to a valid scalar.
                let isClusterStart = boundaries.startsCluster(Unicode.Scalar(value).unsafelyUnwrapped)
                while next < order.count && utf16Offsets[order[next]] == utf16Offset {
                    found.append((order[next], utf8Offset, isClusterStart))
                    next += 1
                }
                let units = length == 4 ? 2 : 1
                while next < order.count && utf16Offsets[order[next]] < utf16Offset + units {
                    result[order[next]] = .insideSurrogatePair
                    next += 1
                }
                utf16Offset += units
                utf8Offset += length
            }
            while next < order.count && utf16Offsets[order[next]] == utf16Offset {
                found.append((order[next], utf8Offset, true))
                next += 1
            }
        }
        let utf8 = text.utf8
        for position in found {
            // On native UTF-8 strings this offsetting is constant time.
            let index = utf8.index(utf8.startIndex, offsetBy: position.utf8Offset)
            result[position.resultIndex] = .scalarBoundary(index, isGraphemeBoundary: position.isGraphemeBoundary)
        }
        return result
    }
}

/// Grapheme cluster starts of a scalar sequence fed in order, by the rules of Swift's `Character`.
///
/// Two scalars below U+0300 always have a boundary between them except CR LF (no scalar below U+0300 is Extend,
/// SpacingMark, Prepend, ZWJ or a regional indicator); everything else goes through the standard library's own
/// recognizer, the one behind `Character`, restarted from the previous scalar after the shortcut. That scalar is
/// below U+0300 and began a cluster (or is the LF of CR LF, after which every rule breaks), and the only state that
/// outlives a boundary is the pairing of regional indicators, which are never below U+0300.
struct GraphemeBoundaries {
    private var previous: Unicode.Scalar? = nil
    private var recognizer = Unicode._CharacterRecognizer()
    private var recognizerIsCurrent = false

    /// Whether `scalar`, the next scalar of the text, starts a grapheme cluster.
    @inline(__always)
    mutating func startsCluster(_ scalar: Unicode.Scalar) -> Bool {
        defer { previous = scalar }
        guard let previous else { return true }
        if previous.value < 0x300 && scalar.value < 0x300 {
            recognizerIsCurrent = false
            return !(previous == "\r" && scalar == "\n")
        }
        if !recognizerIsCurrent {
            recognizer = Unicode._CharacterRecognizer()
            _ = recognizer.hasBreak(before: previous)
            recognizerIsCurrent = true
        }
        return recognizer.hasBreak(before: scalar)
    }
}
