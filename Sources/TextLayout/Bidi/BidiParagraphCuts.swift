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
        var resolved = 0
        var part: [Unicode.Scalar] = []
        var openBrackets: [UInt32] = []
        var isolateDepth = 0
        var canCut = true
        var previousIsStrong = false
        for scalar in scalars {
            let properties = table.properties(scalarValue: scalar.value)
            let bidiClass = properties.bidiClass
            let isStrong = bidiClass == .L || bidiClass == .R || bidiClass == .AL
            if canCut && isStrong && previousIsStrong && isolateDepth == 0 && openBrackets.isEmpty
                && part.count >= minimumPartCount
            {
                levels.append(contentsOf: BidiParagraph(scalars: part, paragraphLevel: paragraphLevel).levels)
                resolved += part.count
                part.removeAll(keepingCapacity: true)
                if resolved >= limit { return false }
            }
            part.append(scalar)
            previousIsStrong = isStrong
            switch bidiClass {
            case .LRE, .RLE, .LRO, .RLO, .PDF, .B: canCut = false
            case .LRI, .RLI, .FSI: isolateDepth += 1
            case .PDI: if isolateDepth > 0 { isolateDepth -= 1 }
            default: break
            }
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
            levels.append(contentsOf: BidiParagraph(scalars: part, paragraphLevel: paragraphLevel).levels)
        }
        return true
    }
}
