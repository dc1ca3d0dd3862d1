/// A replacement of a byte range of a source file.
package struct SourceEdit: Sendable, Equatable {
    /// The UTF-8 byte offset of the first replaced byte.
    package var byteOffset: Int
    /// How many bytes are replaced.
    package var byteLength: Int
    /// What replaces them.
    package var replacement: String

    /// Creates an edit.
    package init(byteOffset: Int, byteLength: Int, replacement: String) {
        self.byteOffset = byteOffset
        self.byteLength = byteLength
        self.replacement = replacement
    }

    /// `bytes` with the edits applied; the edits must not overlap.
    package static func apply(_ edits: [SourceEdit], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for edit in edits.sorted(by: { $0.byteOffset > $1.byteOffset }) {
            out.replaceSubrange(
                edit.byteOffset..<(edit.byteOffset + edit.byteLength), with: Array(edit.replacement.utf8))
        }
        return out
    }
}
