/// Terminal cell widths of grapheme clusters.
public enum CellWidth {
    /// Cells a grapheme cluster takes in a terminal: 0, 1 or 2.
    ///
    /// PROVISIONAL: a rough stand-in until the generated Unicode tables land.
    public static func of(_ cluster: Character, ambiguousIsWide: Bool = false) -> Int {
        guard let first = cluster.unicodeScalars.first else { return 0 }
        let v = first.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1FAFF).contains(v)
            || (0x20000...0x3FFFD).contains(v)
        {
            return 2
        }
        return 1
    }

    /// Cells a string takes: the sum over its grapheme clusters.
    public static func of(_ text: some StringProtocol, ambiguousIsWide: Bool = false) -> Int {
        var total = 0
        for cluster in text { total += of(cluster, ambiguousIsWide: ambiguousIsWide) }
        return total
    }
}
