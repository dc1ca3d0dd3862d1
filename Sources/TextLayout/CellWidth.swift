import ModalModel
@_spi(Kernel) import TextKernel

/// Terminal cell widths of grapheme clusters.
///
/// A cluster takes the width of its first scalar that takes any room: 2 for East_Asian_Width W or F
/// and for Emoji_Presentation, 1 for the rest, and for East Asian ambiguous characters 1 or 2 as asked.
/// Combining marks, joiners, variation selectors, format characters, default-ignorables, Hangul
/// vowel and trailing jamo, and controls take none. A cluster is 2 cells when it is an emoji
/// presentation sequence (VS16 after a base listed in emoji-variation-sequences.txt, keycaps
/// included), an emoji modifier sequence, or a ZWJ sequence that joins a pictograph; it is never
/// wider than 2. docs/widths.md explains the choices and how they compare with wcwidth.
package enum CellWidth {
    /// Cells a grapheme cluster takes in a terminal: 0, 1 or 2.
    package static func of(_ cluster: Character, ambiguousIsWide: Bool = false) -> Int {
        cluster.utf8.withContiguousStorageIfAvailable { of(utf8: $0, ambiguousIsWide: ambiguousIsWide) }
            ?? of(clusterScalars: cluster.unicodeScalars, ambiguousIsWide: ambiguousIsWide)
    }

    /// Cells a grapheme cluster takes, given as its UTF-8 bytes (for callers that keep byte ranges).
    ///
    /// `utf8` must be one extended grapheme cluster (UAX #29) of valid UTF-8; empty input is 0 cells.
    package static func of(utf8: UnsafeBufferPointer<UInt8>, ambiguousIsWide: Bool = false) -> Int {
        let count = utf8.count
        if count == 0 { return 0 }
        let lead = utf8[0]
        if lead < 0x80 {
            // Printable ASCII is 1 cell unless marks follow it (a keycap such as "1️⃣" is wider).
            if count == 1 { return lead >= 0x20 && lead < 0x7F ? 1 : 0 }
        } else if count <= 4 && count == (lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4) {
            return of(scalarValue: ValidUTF8.scalar(in: utf8, at: 0).value, ambiguousIsWide: ambiguousIsWide)
        }
        return of(clusterScalars: UTF8ScalarSequence(utf8: utf8), ambiguousIsWide: ambiguousIsWide)
    }

    /// Calls `body` with the UTF-8 offset range and cell width of each grapheme cluster of `text`, in order.
    package static func forEachCluster(
        in text: String, ambiguousIsWide: Bool = false, _ body: (_ utf8Range: Range<Int>, _ cellWidth: Int) -> Void
    ) {
        var storage = text
        storage.withUTF8 { bytes in
            forEachCluster(
                inUTF8: bytes, ambiguousIsWide: ambiguousIsWide,
                asciiRun: { run in
                    for offset in run {
                        body(offset..<offset + 1, bytes[offset] >= 0x20 && bytes[offset] < 0x7F ? 1 : 0)
                    }
                }, cluster: body)
        }
    }

    /// Walks the grapheme clusters of `bytes`, valid UTF-8 of whole scalars: the clusters are exactly the
    /// `Character`s of the string they spell, found without building a `String` or a `Character`.
    ///
    /// - Runs of ASCII bytes that are each a cluster by themselves go to `asciiRun` at once: between two
    ///   ASCII scalars other than CR LF there is always a boundary (UAX #29 GB3, GB999; no ASCII scalar is
    ///   Extend, SpacingMark or Prepend). A run gives up its last byte when non-ASCII follows, which may be
    ///   a mark on it. An ASCII control in a run takes no cell; printable ASCII takes one.
    /// - Every other cluster goes to `cluster` with its width. A scalar that takes part in no rule but GB999
    ///   (`UTF16Offsets.joinsNoNeighbour`) followed by another such scalar is a cluster by itself; elsewhere the
    ///   standard library's grapheme recognizer, the one behind `Character`, is fed the cluster's scalars from
    ///   its first, as `String.index(after:)` starts from a boundary with no state before it.
    package static func forEachCluster(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, ambiguousIsWide: Bool,
        asciiRun: (_ utf8Range: Range<Int>) -> Void, cluster: (_ utf8Range: Range<Int>, _ cellWidth: Int) -> Void
    ) {
        let count = bytes.count
        let takesRuns = FastPaths.isOn(.asciiClusterRuns)
        let takesShortcuts = FastPaths.isOn(.graphemeShortcuts)
        var offset = 0
        while offset < count {
            if takesRuns {
                var runEnd = offset
                // Eight printable bytes at a time first: no CR and no lead byte among them. The byte loop below
                // settles the word where that stops.
                while runEnd &+ 8 <= count
                    && ByteLanes.isPrintableASCII(
                        UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + runEnd).loadUnaligned(as: UInt64.self))
                {
                    runEnd &+= 8
                }
                while runEnd < count && bytes[runEnd] < 0x80
                    && !(bytes[runEnd] == 0x0D && runEnd + 1 < count && bytes[runEnd + 1] == 0x0A)
                {
                    runEnd += 1
                }
                if runEnd < count && bytes[runEnd] >= 0x80 && runEnd > offset { runEnd -= 1 }
                if runEnd > offset {
                    asciiRun(offset..<runEnd)
                    offset = runEnd
                    continue
                }
            }
            var end: Int
            let lead = bytes[offset]
            let (value, length) = ValidUTF8.scalar(in: bytes, at: offset)
            let next = offset + length
            if takesShortcuts && lead != 0x0D && UTF16Offsets.joinsNoNeighbour(value)
                && (next == count || UTF16Offsets.joinsNoNeighbour(ValidUTF8.scalar(in: bytes, at: next).value))
            {
                end = next
            } else if takesShortcuts, let marked = plainlyMarkedClusterEnd(bytes, first: value, from: next) {
                end = marked
            } else {
                var recognizer = GraphemeRecognizer()
                // Valid UTF-8 decodes to valid scalars.
                _ = recognizer.startsCluster(before: Unicode.Scalar(value).unsafelyUnwrapped)
                end = next
                while end < count {
                    let (following, followingLength) = ValidUTF8.scalar(in: bytes, at: end)
                    if recognizer.startsCluster(before: Unicode.Scalar(following).unsafelyUnwrapped) { break }
                    end += followingLength
                }
            }
            cluster(
                offset..<end,
                of(utf8: UnsafeBufferPointer(rebasing: bytes[offset..<end]), ambiguousIsWide: ambiguousIsWide))
            offset = end
        }
    }

    /// Where the cluster that starts with `first` ends when it is `first` and marks that settle it without the
    /// recognizer: `first` joins no neighbour and is no control, each scalar from `offset` on up to the end is
    /// an Extend scalar of `UTF16Offsets.isPlainExtend` (GB9: no boundary before it), and what follows them joins
    /// no neighbour (after Extend only GB999 applies to it). Nil when that is not so.
    @inline(__always)
    private static func plainlyMarkedClusterEnd(
        _ bytes: UnsafeBufferPointer<UInt8>, first: UInt32, from offset: Int
    ) -> Int? {
        // Below U+0300 the controls are C0, DEL, C1 and the soft hyphen; the other scalars that join no
        // neighbour hold none.
        guard UTF16Offsets.joinsNoNeighbour(first), first >= 0x20, !(first >= 0x7F && first < 0xA0), first != 0xAD
        else { return nil }
        var end = offset
        while end < bytes.count {
            let (value, length) = ValidUTF8.scalar(in: bytes, at: end)
            if UTF16Offsets.isPlainExtend(value) {
                end += length
                continue
            }
            return end > offset && UTF16Offsets.joinsNoNeighbour(value) ? end : nil
        }
        return end > offset ? end : nil
    }

    /// Cells a string takes: the sum over its grapheme clusters.
    package static func of(_ text: some StringProtocol, ambiguousIsWide: Bool = false) -> Int {
        var total = 0
        if let string = text as? String {
            forEachCluster(in: string, ambiguousIsWide: ambiguousIsWide) { _, cells in total += cells }
            return total
        }
        for cluster in text { total += of(cluster, ambiguousIsWide: ambiguousIsWide) }
        return total
    }

    /// Cells one scalar takes on its own (as a cluster of one): 0, 1 or 2.
    package static func of(scalar: Unicode.Scalar, ambiguousIsWide: Bool = false) -> Int {
        of(scalarValue: scalar.value, ambiguousIsWide: ambiguousIsWide)
    }

    /// Cells a grapheme cluster takes, given as its scalars (for callers that segment text themselves).
    ///
    /// `scalars` must be one extended grapheme cluster (UAX #29); an empty sequence is 0 cells.
    package static func of(clusterScalars scalars: some Sequence<Unicode.Scalar>, ambiguousIsWide: Bool = false) -> Int
    {
        let table = UnicodePropertyTable.shared
        var width = 0
        var isFirst = true
        var previousIsVariationBase = false
        var previousIsJoiner = false
        for scalar in scalars {
            let properties = table.properties(scalar)
            if !isFirst {
                // Emoji presentation sequence (keycaps too), modifier sequence, or ZWJ pictograph sequence.
                if scalar.value == 0xFE0F && previousIsVariationBase { return 2 }
                if properties.isEmojiModifier { return 2 }
                if previousIsJoiner && properties.isExtendedPictographic { return 2 }
            }
            if width == 0 { width = cells(properties.widthKind, ambiguousIsWide: ambiguousIsWide) }
            previousIsVariationBase = properties.isEmojiVariationBase
            previousIsJoiner = scalar.value == 0x200D
            isFirst = false
        }
        return width
    }

    @inline(__always)
    static func of(scalarValue: UInt32, ambiguousIsWide: Bool) -> Int {
        cells(
            UnicodePropertyTable.shared.properties(scalarValue: scalarValue).widthKind, ambiguousIsWide: ambiguousIsWide
        )
    }

    @inline(__always)
    static func cells(_ kind: UnicodeProperties.WidthKind, ambiguousIsWide: Bool) -> Int {
        switch kind {
        case .zero: return 0
        case .narrow: return 1
        case .wide: return 2
        case .ambiguous: return ambiguousIsWide ? 2 : 1
        }
    }
}

/// The scalars of valid UTF-8 bytes, decoded without building a String.
struct UTF8ScalarSequence: Sequence, IteratorProtocol {
    let utf8: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(utf8: UnsafeBufferPointer<UInt8>) { self.utf8 = utf8 }

    mutating func next() -> Unicode.Scalar? {
        guard offset < utf8.count else { return nil }
        let lead = utf8[offset]
        if lead < 0x80 {
            offset += 1
            return Unicode.Scalar(lead)
        }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for i in 1..<length where offset + i < utf8.count { value = value << 6 | UInt32(utf8[offset + i] & 0x3F) }
        offset += length
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
