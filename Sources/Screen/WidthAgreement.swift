import TextLayout

/// Whether terminals agree with layout on how far the cursor moves after a grapheme cluster.
///
/// Layout's widths come from the Unicode 15.0 tables (`CellWidth`, docs/widths.md). A terminal advances by
/// its own width of each code point, from whichever Unicode version its table follows. They agree on a
/// cluster when:
/// - it holds none of the parts of emoji sequences (ZWJ, variation selectors, the combining keycap, emoji
///   modifiers, tags, regional indicators), which terminals drawing per code point count differently from
///   ones that draw the whole sequence as one glyph;
/// - its code points' own widths add up to the layout's width; and
/// - every code point that takes a cell has the same width in every table from Unicode 9.0 on. Unicode 9.0
///   (2016) made emoji East Asian wide; the C libraries, terminals and pagers in use today follow 9.0 or a
///   later version. A wide character assigned after 9.0 (🥰, 🫠, CJK extensions) is unknown, and one cell
///   or none, to a terminal whose table is older than it; a code point unassigned in 15.0 that layout
///   reserves as a future emoji is unknown to all; and the symbols Unicode 16 widened (trigrams,
///   hexagrams, Tai Xuan Jing, counting rods) are one cell in 15.0 and two after it.
/// A single code point such as 🎁, ⌚ or 漢 is therefore agreed on, and so are decomposed accents.
package enum WidthAgreement {
    /// The newest Unicode version whose width tables every terminal is assumed to have.
    static let oldestTableVersion = (major: 9, minor: 0)

    /// Whether a terminal may advance the cursor by other than `cellWidth` after drawing `grapheme`.
    package static func terminalsMayDisagree(on grapheme: String, cellWidth: Int) -> Bool {
        let utf8 = grapheme.utf8
        // ASCII and the two-byte scripts (Latin, Greek, Cyrillic, Hebrew, Arabic…) have no emoji.
        if utf8.count == 1 || (utf8.count == 2 && utf8.first! < 0xE0) { return false }
        var scalarCells = 0
        for scalar in grapheme.unicodeScalars {
            if isSequencePart(scalar) { return true }
            let cells = CellWidth.of(scalar: scalar)
            if cells > 0 && !hasStableWidth(scalar, cellWidth: cells) { return true }
            scalarCells += cells
        }
        return scalarCells != cellWidth
    }

    /// `terminalsMayDisagree(on:cellWidth:)` for a grapheme that is the one scalar `scalar`.
    @inline(__always)
    package static func terminalsMayDisagree(onScalar scalar: Unicode.Scalar, cellWidth: Int) -> Bool {
        isSequencePart(scalar) || CellWidth.of(scalar: scalar) != cellWidth
            || !hasStableWidth(scalar, cellWidth: cellWidth)
    }

    /// Whether every table from Unicode 9.0 on gives `scalar` the `cellWidth` (1 or 2) layout's table gives it.
    @inline(__always)
    package static func hasStableWidth(_ scalar: Unicode.Scalar, cellWidth: Int) -> Bool {
        if cellWidth == 1 { return !isWidenedAfterLayoutTables(scalar.value) }
        // Below U+2300 the wide characters are Hangul leading jamo, assigned in Unicode 1.1.
        if scalar.value < 0x2300 { return true }
        guard let age = scalar.properties.age else { return false }
        return (age.major, age.minor) <= oldestTableVersion
    }

    /// The code points Unicode 16.0 made East Asian wide, which layout's 15.0 tables count as one cell.
    static func isWidenedAfterLayoutTables(_ value: UInt32) -> Bool {
        switch value {
        case 0x2630...0x2637, 0x268A...0x268F, 0x4DC0...0x4DFF, 0x1D300...0x1D356, 0x1D360...0x1D376: return true
        default: return false
        }
    }

    /// ZWJ, variation selectors, emoji modifiers, tags, regional indicators and the combining keycap: the
    /// parts of emoji sequences that terminals drawing per code point get wrong.
    package static func isSequencePart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE00...0xFE0F, 0x20E3, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F,
            0xE0100...0xE01EF:
            return true
        default: return false
        }
    }

    /// A code point's width in every table, for drawing a cluster without moving the cursor (`ClusterPlan`):
    /// −1, "not known", for a part of an emoji sequence and for a code point whose width tables disagree on
    /// (a regional indicator is one cell to the C library and two to Python's wcwidth and to layout).
    package static func agreedWidth(_ value: UInt32) -> Int {
        guard let scalar = Unicode.Scalar(value) else { return -1 }
        if isSequencePart(scalar) { return -1 }
        let cells = CellWidth.of(scalar: scalar)
        return cells > 0 && !hasStableWidth(scalar, cellWidth: cells) ? -1 : cells
    }
}
