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
