/// Cell widths of the grapheme clusters of a `WrapSource`, measured with `CellWidth` and remembered per scalar.
///
/// Printable ASCII is one cell and is answered without asking `CellWidth`; single-scalar clusters in the BMP are
/// cached for long texts, where the same CJK or Latin-1 scalars come back many times. Multi-scalar clusters
/// (emoji sequences, combining marks) are measured as a whole, because their width is not a sum of parts.
struct WrapWidths {
    /// Whether East Asian Ambiguous characters are two cells.
    let ambiguousIsWide: Bool
    /// Width of each BMP scalar seen so far, `unknown` where not yet measured; empty when caching does not pay.
    private var bmpCache: [UInt8]
    private static let unknown: UInt8 = 0xFF
    /// Below this many scalars, filling a 64 KiB cache costs more than it saves.
    private static let cacheThreshold = 8192

    /// Creates a measurer for a text of `scalarCount` scalars.
    init(ambiguousIsWide: Bool, scalarCount: Int) {
        self.ambiguousIsWide = ambiguousIsWide
        bmpCache = scalarCount >= Self.cacheThreshold ? [UInt8](repeating: Self.unknown, count: 0x1_0000) : []
    }

    /// The width of one scalar that forms a cluster on its own (never a tab or a line break).
    @inline(__always)
    mutating func width(ofSingle scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x1_0000 && !bmpCache.isEmpty {
            let cached = bmpCache[Int(value)]
            if cached != Self.unknown { return Int(cached) }
            let measured = Self.clamp(CellWidth.of(Character(scalar), ambiguousIsWide: ambiguousIsWide))
            bmpCache[Int(value)] = UInt8(measured)
            return measured
        }
        return Self.clamp(CellWidth.of(Character(scalar), ambiguousIsWide: ambiguousIsWide))
    }

    /// The width of the cluster made of `scalars[start..<end]`.
    @inline(__always)
    mutating func width(of scalars: UnsafeBufferPointer<Unicode.Scalar>, _ start: Int, _ end: Int) -> Int {
        if end == start + 1 { return width(ofSingle: scalars[start]) }
        return width(ofCluster: UnsafeBufferPointer(rebasing: scalars[start..<end]))
    }

    /// The width of a multi-scalar cluster given as its scalars.
    @inline(never)
    private func width(ofCluster scalars: UnsafeBufferPointer<Unicode.Scalar>) -> Int {
        // `WrapSource` found the cluster with the rules of `Character`, so it is one cluster in isolation too,
        // and its scalars are measured as they are: making a `String` to find it again cost most of the time
        // spent on emoji sequences and marks.
        Self.clamp(CellWidth.of(clusterScalars: scalars, ambiguousIsWide: ambiguousIsWide))
    }

    /// Widths outside 0...254 would break column arithmetic or the cache; no real cluster has one.
    @inline(__always)
    private static func clamp(_ width: Int) -> Int { min(max(width, 0), 254) }
}
