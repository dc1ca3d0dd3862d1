/// Resolving a long paragraph's levels a part at a time, cut where no rule reaches across, so that the
/// resolver's working arrays (some twenty bytes a character) follow the part, not the paragraph.
///
/// A paragraph is cut only between two characters that are both strong (L, R or AL), outside every isolate, with
/// no bracket open under BD16 and no explicit embedding or override anywhere before. At such a cut no rule of
/// UAX #9 reaches across:
/// - X1–X10: no embedding is open, so both sides are in the one level run at the paragraph level;
/// - W1–W7 look back or ahead only as far as the nearest strong character, which each side has at the cut;
/// - N0: no bracket pair spans the cut, and the search for context before an opening bracket stops at the
///   strong character before it; N1–N2 resolve runs of neutrals between strong characters, and none spans
///   the cut;
/// - sos and eot are never consulted at the cut, because the characters on either side are strong.
/// Each part is then resolved as a paragraph of its own at the same paragraph level, and the levels are the
/// same as resolving the whole paragraph.
extension BidiParagraph {
    /// The levels of the paragraph `scalars` at `paragraphLevel`, resolved in parts of at least
    /// `minimumPartCount` characters where it can be cut, appended to `levels`.
    ///
    /// With `stoppingAfter`, it stops at the first cut after that many characters, so that the first lines of
    /// a long paragraph cost only their own levels; returns false when it stopped before the end.
    @discardableResult
    static func appendLevels(
        of scalars: some Sequence<Unicode.Scalar>, paragraphLevel: UInt8, minimumPartCount: Int,
        stoppingAfter limit: Int = .max, to levels: inout [UInt8]
    ) -> Bool {
        let table = BidiPropertyTable.shared
        // In a left-to-right paragraph a stretch with no scalar able to raise a level (R, AL, AN, an explicit
        // control) between two cuts resolves to all 0 (every European number and neutral then follows L or
        // sos, which is L), so it gets its zeros without the resolver. A part is resolved from the last cut
        // before its first raising scalar up to the first cut after its last one, once the clean stretch after
        // that cut is `cleanRunCount` long: a long paragraph with a few right-to-left words pays the resolver
        // for those words' neighbourhoods only.
        let zeroesCleanParts = paragraphLevel == 0
        let cleanRunCount = 64
        // A clean part's zeros are appended at its first cut after this many scalars, not at every cut.
        let cleanFlushCount = 4_096
        var resolved = 0
        var part: [Unicode.Scalar] = []
        var partRaises = false
        // In a clean part: its last cut. In a part that raises: the first cut after its last raising scalar.
        var lastCut = 0
        var cleanCut: Int?
        var openBrackets: [UInt32] = []
        var isolateDepth = 0
        var canCut = true
        var previousIsStrong = false
        // Appends the levels of the part, resolving its first `resolvedEnd` scalars and giving the rest
        // (clean, after a cut) level 0, and starts a new part.
        func flush(resolvingUpTo resolvedEnd: Int) {
            if resolvedEnd > 0 {
                levels.append(
                    contentsOf: BidiParagraph(scalars: part[..<resolvedEnd], paragraphLevel: paragraphLevel).levels)
            }
            levels.append(contentsOf: repeatElement(0, count: part.count - resolvedEnd))
            resolved += part.count
            part.removeAll(keepingCapacity: true)
            partRaises = false
            lastCut = 0
            cleanCut = nil
        }
        for scalar in scalars {
            let properties = table.properties(scalarValue: scalar.value)
            let bidiClass = properties.bidiClass
            let isStrong = bidiClass == .L || bidiClass == .R || bidiClass == .AL
            if canCut && isStrong && previousIsStrong && isolateDepth == 0 && openBrackets.isEmpty {
                var flushed = true
                if zeroesCleanParts && !partRaises {
                    lastCut = part.count
                    if part.count >= cleanFlushCount { flush(resolvingUpTo: 0) } else { flushed = false }
                } else if part.count >= minimumPartCount {
                    flush(resolvingUpTo: zeroesCleanParts ? cleanCut ?? part.count : part.count)
                } else if zeroesCleanParts, let cleanCut, part.count - cleanCut >= cleanRunCount {
                    flush(resolvingUpTo: cleanCut)
                } else {
                    if cleanCut == nil && partRaises { cleanCut = part.count }
                    flushed = false
                }
                if flushed && resolved >= limit { return false }
            }
            let raises: Bool
            switch bidiClass {
            case .R, .AL, .AN:
                raises = true
            case .LRE, .RLE, .LRO, .RLO, .PDF, .B:
                canCut = false
                raises = true
            case .LRI, .RLI, .FSI:
                isolateDepth += 1
                raises = true
            case .PDI:
                if isolateDepth > 0 { isolateDepth -= 1 }
                raises = true
            default:
                raises = false
            }
            if raises {
                if zeroesCleanParts && !partRaises && lastCut > 0 {
                    // The clean stretch before the part's last cut gets its zeros; the part now starts there.
                    levels.append(contentsOf: repeatElement(0, count: lastCut))
                    resolved += lastCut
                    part.removeSubrange(..<lastCut)
                    lastCut = 0
                }
                partRaises = true
                cleanCut = nil
            }
            part.append(scalar)
            previousIsStrong = isStrong
            guard canCut, isolateDepth == 0, properties.isOpeningBracket || properties.isClosingBracket,
                let key = table.bracketPairKey(scalar.value)
            else { continue }
            // BD16 over the paragraph's outermost isolating run sequence.
            if properties.isOpeningBracket {
                if openBrackets.count == BidiParagraph.maxBracketDepth {
                    // BD16 stops pairing here for the rest of the sequence; a part could not know.
                    canCut = false
                } else {
                    openBrackets.append(key)
                }
            } else if let match = openBrackets.lastIndex(of: key) {
                openBrackets.removeSubrange(match...)
            }
        }
        if !part.isEmpty {
            flush(resolvingUpTo: !zeroesCleanParts ? part.count : !partRaises ? 0 : cleanCut ?? part.count)
        }
        return true
    }
}
