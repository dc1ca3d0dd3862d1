/// A piece of a line being built: consecutive clusters with one style and contiguous source, which becomes one
/// `LineSegment` when the line is finished.
struct WrapRun {
    /// What the run shows.
    enum Kind: UInt8 {
        /// Source clusters, shown as their sanitised text with tabs expanded.
        case text
        /// One cluster wider than the whole line, shown as `WrapMarks.tooWide`.
        case tooWide
    }

    /// Where a run ends: the fields that change while the run grows.
    struct End {
        /// One past the run's last scalar in `WrapSource.scalars`.
        var scalar = 0
        /// One past the run's last byte in `WrapSource.utf8`.
        var utf8 = 0
        /// One past the run's last UTF-16 unit of the message.
        var utf16 = 0
        /// Cells the run covers.
        var cellWidth = 0
        /// How many tabs the run holds.
        var tabCount = 0
    }

    var kind: Kind
    /// First scalar of the run in `WrapSource.scalars`.
    var scalarStart: Int
    /// The run's first byte in `WrapSource.utf8`.
    var utf8Start: Int
    /// Where the run's source starts, in UTF-16 units of the message.
    var utf16Start: Int
    /// Cell column of the run's first cell, before alignment.
    var column: Int
    /// The span giving the run's style.
    var spanIndex: Int
    /// The style group of that span: runs of one group always merge.
    var styleGroup: Int
    /// Index in the line's tab widths of the run's first tab (meaningful when it holds tabs).
    var firstTab: Int
    var end: End

    var scalarEnd: Int {
        get { end.scalar }
        set { end.scalar = newValue }
    }
    var utf8End: Int {
        get { end.utf8 }
        set { end.utf8 = newValue }
    }
    var utf16End: Int {
        get { end.utf16 }
        set { end.utf16 = newValue }
    }
    var cellWidth: Int {
        get { end.cellWidth }
        set { end.cellWidth = newValue }
    }
    var tabCount: Int {
        get { end.tabCount }
        set { end.tabCount = newValue }
    }

    /// Grows the run by one cluster whose own extent is `next` (its cell width and tab count, absolute ends).
    @inline(__always)
    mutating func extend(to next: End, firstTab: Int) {
        if next.tabCount > 0 && end.tabCount == 0 { self.firstTab = firstTab }
        end = End(
            scalar: next.scalar, utf8: next.utf8, utf16: next.utf16, cellWidth: end.cellWidth + next.cellWidth,
            tabCount: end.tabCount + next.tabCount)
    }

    /// The run's display text, as UTF-8 sliced from the wrapped text's `utf8` (so shared with it) unless it
    /// holds a tab, whose expansion needs bytes of its own.
    func text(utf8: [UInt8], tabWidths: [Int]) -> ArraySlice<UInt8> {
        switch kind {
        case .tooWide: return WrapMarks.tooWideUTF8
        case .text: break
        }
        if tabCount == 0 { return utf8[utf8Start..<utf8End] }
        var expanded: [UInt8] = []
        expanded.reserveCapacity(utf8End - utf8Start + tabCount * 7)
        var tab = firstTab
        // A tab byte never occurs inside a multi-byte UTF-8 sequence, so scanning bytes finds exactly the tabs.
        for byte in utf8[utf8Start..<utf8End] {
            if byte == 0x09 {
                expanded.append(contentsOf: repeatElement(0x20, count: tabWidths[tab]))
                tab += 1
            } else {
                expanded.append(byte)
            }
        }
        return expanded[...]
    }
}
