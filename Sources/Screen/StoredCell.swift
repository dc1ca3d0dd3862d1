/// A grapheme cluster as a cell stores it: its UTF-8 bytes inline when they fit in 15 bytes (nearly every
/// cluster; the longest emoji sequences are the exception), else an index into the grid's list of long ones.
///
/// Cells are plain values with no reference counting, so a grid is allocated, copied, compared and freed
/// as bytes; that is most of what drawing and rendering a modal costs.
package struct StoredGrapheme: Hashable, Sendable {
    /// Bytes 0–7 of the UTF-8, little-endian; for a long cluster, its index in `CellGrid.longGraphemes`.
    package var low: UInt64
    /// Bytes 8–14 of the UTF-8; the top byte holds the byte count, or `longMarker` for a long cluster.
    package var high: UInt64

    @usableFromInline static let longMarker: UInt64 = 0xFF

    /// The right half of a wide cluster: no bytes.
    package static let continuation = StoredGrapheme(low: 0, high: 0)
    /// A blank cell: one space.
    package static let blank = StoredGrapheme(byte: 0x20)

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// A one-byte (ASCII) grapheme.
    package init(byte: UInt8) {
        low = UInt64(byte)
        high = 1 << 56
    }

    /// The grapheme stored inline, or nil when its UTF-8 is longer than 15 bytes.
    init?(inline text: String) {
        var text = text
        guard let stored = text.withUTF8({ StoredGrapheme(inlineUTF8: $0) }) else { return nil }
        self = stored
    }

    /// The grapheme stored inline from its UTF-8 bytes, or nil when they are longer than 15 bytes.
    init?(inlineUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        if count > 15 { return nil }
        var low: UInt64 = 0
        var high: UInt64 = UInt64(count) << 56
        for index in 0..<min(count, 8) { low |= UInt64(utf8[index]) << (8 * UInt64(index)) }
        if count > 8 { for index in 8..<count { high |= UInt64(utf8[index]) << (8 * UInt64(index - 8)) } }
        self.low = low
        self.high = high
    }

    /// A reference to the long grapheme at `index`.
    init(longIndex index: Int) {
        low = UInt64(index)
        high = Self.longMarker << 56
    }

    /// Whether the bytes live in the grid's list of long graphemes.
    @inlinable @inline(__always) package var isLong: Bool { high >> 56 == Self.longMarker }

    /// Whether this is the right half of a wide cluster.
    @inlinable @inline(__always) package var isContinuation: Bool { low == 0 && high == 0 }

    /// The number of UTF-8 bytes of an inline grapheme.
    package var inlineCount: Int { Int(high >> 56) }

    /// The single byte of a one-byte grapheme, or nil.
    @inlinable @inline(__always) package var singleByte: UInt8? {
        high == 1 << 56 ? UInt8(truncatingIfNeeded: low) : nil
    }

    /// The scalar of a grapheme that is one scalar of two or three UTF-8 bytes (most non-ASCII text: Latin,
    /// Greek, Cyrillic, Hebrew, Arabic, CJK, kana), or nil; read straight from the stored bytes.
    @inlinable package var singleTwoOrThreeByteScalar: Unicode.Scalar? {
        let lead = UInt32(truncatingIfNeeded: low & 0xFF)
        let second = UInt32(truncatingIfNeeded: (low >> 8) & 0x3F)
        switch high {
        case 2 << 56 where lead >= 0xC2 && lead < 0xE0:
            return Unicode.Scalar((lead & 0x1F) << 6 | second)
        case 3 << 56 where lead >= 0xE0 && lead < 0xF0:
            let third = UInt32(truncatingIfNeeded: (low >> 16) & 0x3F)
            return Unicode.Scalar((lead & 0x0F) << 12 | second << 6 | third)
        default:
            return nil
        }
    }

    /// Writes the inline bytes (none for a continuation) at `destination`, which has room for 15, and
    /// returns how many were written; for an inline grapheme only.
    @inlinable @inline(__always) package func copyInlineBytes(to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let count = Int(high >> 56)
        if count == 1 {
            destination.pointee = UInt8(truncatingIfNeeded: low)
            return 1
        }
        withInlineBytes { destination.update(from: $0.baseAddress.unsafelyUnwrapped, count: $0.count) }
        return count
    }

    /// Appends the inline bytes to `out` in one copy: the call other modules make once a cell, where a
    /// generic closure of theirs would run unspecialised.
    package func appendInlineBytes(to out: inout [UInt8]) {
        withInlineBytes { out.append(contentsOf: $0) }
    }

    /// Calls `body` with the inline bytes, typed: appending a raw buffer to an array goes a byte at a time,
    /// a typed one in one copy.
    package func withInlineBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeBytes(of: (low, high)) { raw in
            body(
                UnsafeBufferPointer(
                    start: raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self),
                    count: Int(high >> 56)))
        }
    }
}

/// One cell as a grid stores it: the grapheme and the index of its style in the grid's style table.
package struct StoredCell: Hashable, Sendable {
    package var grapheme: StoredGrapheme
    package var styleIndex: UInt32
}
