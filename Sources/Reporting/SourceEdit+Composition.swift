/// Edits made in passes, each pass counting offsets in the bytes the previous one left, as edits of the
/// original bytes: what an editor needs to apply a fix of several passes in one go.
extension SourceEdit {
    /// The edits of the original bytes that give what `earlier` and then `later` give, where `earlier` are
    /// edits of the original bytes and `later` edits of their result; sorted, none overlapping.
    ///
    /// An edit of `later` that meets a replacement of `earlier` is merged with it into one edit, so the result
    /// is right whatever the two touch.
    package static func composed(_ earlier: [SourceEdit], then later: [SourceEdit]) -> [SourceEdit] {
        var merged = earlier.sorted { $0.byteOffset < $1.byteOffset }.map(Piece.init)
        // From the end backwards: an edit changes no offset before it, so the offsets of the edits still to
        // come, which lie before it, stay valid in `merged`.
        for edit in later.sorted(by: { $0.byteOffset > $1.byteOffset }) {
            let start = edit.byteOffset
            let end = edit.byteOffset + edit.byteLength
            var delta = 0  // how much longer the edited bytes are than the original, before the current piece
            var firstMet: (index: Int, editedStart: Int, delta: Int)?
            var lastMet: (index: Int, editedEnd: Int, delta: Int)?
            var insertAt = merged.count
            for (index, piece) in merged.enumerated() {
                let editedStart = piece.originalStart + delta
                let editedEnd = editedStart + piece.replacement.count
                if editedEnd < start {
                    delta += piece.replacement.count - (piece.originalEnd - piece.originalStart)
                    continue
                }
                if editedStart > end {
                    insertAt = index
                    break
                }
                if firstMet == nil { firstMet = (index, editedStart, delta) }
                delta += piece.replacement.count - (piece.originalEnd - piece.originalStart)
                lastMet = (index, editedEnd, delta)
            }
            guard let first = firstMet, let last = lastMet else {
                let originalStart = start - delta
                merged.insert(
                    Piece(
                        originalStart: originalStart, originalEnd: originalStart + edit.byteLength,
                        replacement: Array(edit.replacement.utf8)),
                    at: insertAt)
                continue
            }
            let firstPiece = merged[first.index]
            let lastPiece = merged[last.index]
            let originalStart =
                start >= first.editedStart ? firstPiece.originalStart : start - first.delta
            let originalEnd = end <= last.editedEnd ? lastPiece.originalEnd : end - last.delta
            var replacement: [UInt8] = []
            if start > first.editedStart { replacement += firstPiece.replacement.prefix(start - first.editedStart) }
            replacement += Array(edit.replacement.utf8)
            if end < last.editedEnd { replacement += lastPiece.replacement.suffix(last.editedEnd - end) }
            merged.replaceSubrange(
                first.index...last.index,
                with: [Piece(originalStart: originalStart, originalEnd: originalEnd, replacement: replacement)])
        }
        return merged.map {
            SourceEdit(
                byteOffset: $0.originalStart, byteLength: $0.originalEnd - $0.originalStart,
                replacement: String(decoding: $0.replacement, as: UTF8.self))
        }
    }

    /// Where an offset of the edited bytes was in the original: the start of the replaced bytes when it lies
    /// inside a replacement. `edits` are edits of the original bytes that do not overlap.
    package static func originalOffset(of editedOffset: Int, under edits: [SourceEdit]) -> Int {
        var delta = 0
        for edit in edits.sorted(by: { $0.byteOffset < $1.byteOffset }) {
            let editedStart = edit.byteOffset + delta
            if editedOffset < editedStart { break }
            if editedOffset < editedStart + edit.replacement.utf8.count { return edit.byteOffset }
            delta += edit.replacement.utf8.count - edit.byteLength
        }
        return editedOffset - delta
    }

    /// An edit as the byte range of the original it replaces; replacements stay bytes, so that merging can
    /// cut them anywhere.
    private struct Piece {
        var originalStart: Int
        var originalEnd: Int
        var replacement: [UInt8]

        init(originalStart: Int, originalEnd: Int, replacement: [UInt8]) {
            self.originalStart = originalStart
            self.originalEnd = originalEnd
            self.replacement = replacement
        }

        init(_ edit: SourceEdit) {
            self.init(
                originalStart: edit.byteOffset, originalEnd: edit.byteOffset + edit.byteLength,
                replacement: Array(edit.replacement.utf8))
        }
    }
}
