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
    /// One walk over the text up to the largest offset, after sorting the offsets: O(n + k log k) for k offsets.
    /// Calling `position(of:in:)` k times can cost O(n k), because telling whether an offset starts a grapheme
    /// cluster may look back over a whole cluster (a long run of combining marks or regional indicators).
    public static func positions(of utf16Offsets: [Int], in text: String) -> [UTF16Position] {
        var result = [UTF16Position](repeating: .outOfBounds, count: utf16Offsets.count)
        let order = utf16Offsets.indices.filter { utf16Offsets[$0] >= 0 }.sorted { utf16Offsets[$0] < utf16Offsets[$1] }
        var next = 0
        let scalars = text.unicodeScalars
        var scalarIndex = scalars.startIndex
        var nextCluster = text.startIndex
        var utf16Offset = 0
        while next < order.count && scalarIndex < scalars.endIndex {
            // Cluster starts come from stepping through the string's own characters, so they match `Character`.
            let isClusterStart = scalarIndex == nextCluster
            if isClusterStart { nextCluster = text.index(after: nextCluster) }
            while next < order.count && utf16Offsets[order[next]] == utf16Offset {
                result[order[next]] = .scalarBoundary(scalarIndex, isGraphemeBoundary: isClusterStart)
                next += 1
            }
            let units = UTF16.width(scalars[scalarIndex])
            while next < order.count && utf16Offsets[order[next]] < utf16Offset + units {
                result[order[next]] = .insideSurrogatePair
                next += 1
            }
            utf16Offset += units
            scalarIndex = scalars.index(after: scalarIndex)
        }
        while next < order.count && utf16Offsets[order[next]] == utf16Offset {
            result[order[next]] = .scalarBoundary(scalars.endIndex, isGraphemeBoundary: true)
            next += 1
        }
        return result
    }
}
