/// One `apply_to` as written: offsets in whatever unit the server counted, not yet read as UTF-16.
package struct CountedRange: Sendable, Hashable {
    /// `apply_to.from`.
    package var from: Int
    /// `apply_to.length`.
    package var length: Int

    /// Creates a range from the two numbers.
    package init(from: Int, length: Int) {
        self.from = from
        self.length = length
    }
}

/// Which unit the ranges of a modal were counted in, when it is not the format's UTF-16, and what they mean.
package struct RangeUnitVerdict: Sendable, Hashable {
    /// Why the unit is believed.
    package enum Evidence: Sendable, Hashable {
        /// Read in `unit`, every range starts and ends at a word or character boundary, and read in UTF-16
        /// they do not: the `range-unit-mismatch` warning.
        case wordBoundaries
        /// Read in UTF-16 some range runs off the end or splits a surrogate pair (already an error), and read as
        /// code points every range lies inside the message on character boundaries.
        case onlyInBoundsReading
    }

    /// The unit the ranges were counted in.
    package var unit: RangeUnit
    /// Other units that give the very same ranges (code points and grapheme clusters agree on text without
    /// clusters of several scalars), so the numbers may have come from any of them.
    package var equivalentUnits: [RangeUnit] = []
    /// Why.
    package var evidence: Evidence
    /// The ranges as the format counts them, one for each range given, in order.
    package var utf16Ranges: [UTF16Range]
}

/// Works out which unit the `apply_to` offsets of one modal were counted in, by how their ends sit in the text.
///
/// A server counts every offset of a modal the same way, so the units are scored for the whole modal at once:
/// UTF-16 (the format's), code points (Python), grapheme clusters (Swift) and UTF-8 bytes (Go, Rust). An end is
/// clean when it lies in bounds, on a grapheme cluster boundary, not between two word characters and without
/// white space just inside the range (styled words rarely start or end with a space). The rule stays silent
/// unless
/// - some UTF-16 end is not clean (so a modal whose ranges are all consistent with UTF-16 is never flagged),
/// - another reading (or several giving the same ranges) is clean at every end, better than any other such
///   reading, and convincing where it places ends differently from UTF-16 (see `Evidence`): in CJK text or
///   between emoji any position is a boundary, which says little, and a correct file may style part of a word.
package enum RangeUnitInference {
    /// The unit the ranges of `message` were counted in, when it is not UTF-16; nil when UTF-16 explains them.
    ///
    /// Pure, and the one conversion every client uses: the validator's warning, `modalkit fix`, SARIF fixes and
    /// editor quick fixes.
    package static func verdict(message: String, ranges: [CountedRange]) -> RangeUnitVerdict? {
        verdict(message: message, ranges: ranges, utf16Positions: nil)
    }

    /// The same, given where the ends of `ranges` (`edgeOffsets(of:)`) fall read as UTF-16, which the validator
    /// has worked out already for its own range checks.
    static func verdict(
        message: String, ranges: [CountedRange], utf16Positions: [UnitPositions.Position]?
    ) -> RangeUnitVerdict? {
        guard !ranges.isEmpty else { return nil }
        var contiguous = message
        return contiguous.withUTF8 { bytes in
            let uniformPrefix = UnitPositions.uniformPrefixLength(bytes)
            return ranges.withUnsafeBufferPointer { ranges in
                withEdges(of: ranges) { edges in
                    if let utf16Positions {
                        return utf16Positions.withUnsafeBufferPointer { positions in
                            verdict(
                                message: message, bytes: bytes, uniformPrefix: uniformPrefix, ranges: ranges,
                                edges: edges, utf16Positions: positions)
                        }
                    }
                    return withUnsafeTemporaryAllocation(of: UnitPositions.Position.self, capacity: 2 * ranges.count) {
                        _ = UnitPositions.resolve(
                            edges, unit: .utf16, in: bytes, uniformPrefix: uniformPrefix, message: message, into: $0,
                            while: { _, _ in true })
                        return verdict(
                            message: message, bytes: bytes, uniformPrefix: uniformPrefix, ranges: ranges, edges: edges,
                            utf16Positions: UnsafeBufferPointer($0))
                    }
                }
            }
        }
    }

    /// The verdict over temporary storage: `bytes` is the UTF-8 of `message`, `uniformPrefix` its
    /// `UnitPositions.uniformPrefixLength`, `edges` the ends of `ranges` (`withEdges(of:)`), and `utf16Positions`
    /// where they fall read as UTF-16. A valid modal makes no allocation here.
    static func verdict(
        message: String, bytes: UnsafeBufferPointer<UInt8>, uniformPrefix: Int,
        ranges: UnsafeBufferPointer<CountedRange>,
        edges: UnitPositions.Edges, utf16Positions: UnsafeBufferPointer<UnitPositions.Position>
    ) -> RangeUnitVerdict? {
        guard !ranges.isEmpty, uniformPrefix < bytes.count,
            UnitPositions.hasNonASCII(UnsafeBufferPointer(rebasing: bytes[uniformPrefix...]))
        else { return nil }
        let edgeCount = edges.offsets.count
        return withUnsafeTemporaryAllocation(of: End.self, capacity: edgeCount) {
            (utf16Ends: UnsafeMutableBufferPointer<End>) -> RangeUnitVerdict? in
            var hasFault = false
            var utf16IsValid = true
            // An end in the message's leading ASCII falls at the same place in every reading: when one there is
            // not clean, no reading is clean at every end, and only the in-bounds fallback below is left to try.
            var everyReadingFails = false
            for index in 0..<edgeCount {
                let end = end(at: index, of: ranges, position: utf16Positions[index])
                utf16Ends.initializeElement(at: index, to: end)
                guard end.fault != nil else { continue }
                hasFault = true
                if end.fault == .invalid { utf16IsValid = false }
                let offset = edges.offsets[index]
                if offset >= 0 && offset < uniformPrefix { everyReadingFails = true }
            }
            guard hasFault, !(everyReadingFails && utf16IsValid) else { return nil }

            // With no character outside the BMP, code points count as UTF-16 does: that reading puts every end
            // where UTF-16 does, so it can never convince nor be the in-bounds fallback, and is not walked.
            let hasAstral = UnitPositions.hasAstral(bytes)
            let otherUnits = everyReadingFails ? [] : hasAstral ? Self.unitsOutsideTheBMP : Self.unitsInTheBMP
            var candidates: [(verdict: RangeUnitVerdict, score: Int)] = []
            withUnsafeTemporaryAllocation(of: UnitPositions.Position.self, capacity: edgeCount) {
                (positions: UnsafeMutableBufferPointer<UnitPositions.Position>) -> Void in
                for unit in otherUnits {
                    // A reading must be clean at every end: given up at its first bad one.
                    guard
                        UnitPositions.resolve(
                            edges, unit: unit, in: bytes, uniformPrefix: uniformPrefix, message: message,
                            into: positions,
                            while: { (index: Int, position: UnitPositions.Position) -> Bool in
                                end(at: index, of: ranges, position: position).fault == nil
                            })
                    else { continue }
                    var evidence = Evidence()
                    for index in 0..<edgeCount {
                        let unitEnd = end(at: index, of: ranges, position: positions[index])
                        guard utf16Ends[index].utf16Offset != unitEnd.utf16Offset else { continue }
                        evidence.add(utf16Fault: utf16Ends[index].fault, isWordEdge: unitEnd.isWordEdge)
                    }
                    guard evidence.isConvincing else { continue }
                    let utf16Ranges = Self.converted(
                        (0..<edgeCount).map { end(at: $0, of: ranges, position: positions[$0]) })
                    if let same = candidates.firstIndex(where: { $0.verdict.utf16Ranges == utf16Ranges }) {
                        candidates[same].verdict.equivalentUnits.append(unit)
                    } else {
                        let verdict = RangeUnitVerdict(unit: unit, evidence: .wordBoundaries, utf16Ranges: utf16Ranges)
                        candidates.append((verdict, evidence.score))
                    }
                }
            }
            // Two readings that disagree: the better one only when it is strictly better.
            candidates.sort { $0.score > $1.score }
            if let best = candidates.first, candidates.count == 1 || candidates[1].score < best.score {
                return best.verdict
            }
            guard !utf16IsValid && hasAstral else { return nil }
            let codePoints = [UnitPositions.Position](unsafeUninitializedCapacity: edgeCount) {
                (positions: inout UnsafeMutableBufferPointer<UnitPositions.Position>, count: inout Int) -> Void in
                _ = UnitPositions.resolve(
                    edges, unit: .codePoints, in: bytes, uniformPrefix: uniformPrefix, message: message,
                    into: positions, while: { _, _ in true })
                count = edgeCount
            }
            let codePointEnds = codePoints.indices.map { end(at: $0, of: ranges, position: codePoints[$0]) }
            let onClusterBoundaries = codePointEnds.allSatisfy { $0.fault != .invalid && $0.fault != .splitsCluster }
            let utf16Ranges = Self.converted(codePointEnds)
            let literal = ranges.map { UTF16Range(utf16Offset: $0.from, utf16Length: $0.length) }
            guard onClusterBoundaries, utf16Ranges != literal else { return nil }
            return RangeUnitVerdict(unit: .codePoints, evidence: .onlyInBoundsReading, utf16Ranges: utf16Ranges)
        }
    }

    /// The readings other than UTF-16, for a message with characters outside the BMP and for one without.
    private static let unitsOutsideTheBMP: [RangeUnit] = [.codePoints, .graphemeClusters, .utf8Bytes]
    private static let unitsInTheBMP: [RangeUnit] = [.graphemeClusters, .utf8Bytes]

    /// Calls `body` with the ends of `ranges` (`edgeOffsets(of:)`) and their order, in temporary storage.
    static func withEdges<Result>(
        of ranges: UnsafeBufferPointer<CountedRange>, _ body: (UnitPositions.Edges) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * ranges.count) { offsets in
            for (index, range) in ranges.enumerated() {
                let (end, overflow) = range.from.addingReportingOverflow(range.length)
                offsets.initializeElement(at: 2 * index, to: range.from)
                offsets.initializeElement(at: 2 * index + 1, to: overflow ? -1 : end)
            }
            return UnitPositions.Edges.with(UnsafeBufferPointer(offsets), body)
        }
    }

    /// What the ends that UTF-16 and another reading place differently say for the other reading.
    ///
    /// Only some ends tell the readings apart. A UTF-16 end past the end of the message or inside a character
    /// is broken, which correct files almost never are (they get errors or `range-splits-grapheme` already). A
    /// UTF-16 end inside a word, or with white space just inside the range, is loose: a correct file may style
    /// part of a word on purpose, but then the other reading's end seldom lands at a word edge as well. An end of
    /// the other reading that lands between emoji or CJK characters says nothing, since any position there is
    /// a boundary.
    struct Evidence {
        /// UTF-16 ends that are broken.
        var brokenInUTF16 = 0
        /// Ends loose in UTF-16 whose other reading is a word edge.
        var looseAgainstWordEdges = 0
        /// Ends of the other reading at a word edge.
        var wordEdges = 0
        /// Ends the two readings place differently.
        var movedEnds = 0

        mutating func add(utf16Fault: Fault?, isWordEdge: Bool) {
            switch utf16Fault {
            case .invalid?, .splitsCluster?: brokenInUTF16 += 1
            case .insideWord?, .padded?: if isWordEdge { looseAgainstWordEdges += 1 }
            case nil: break
            }
            if isWordEdge { wordEdges += 1 }
            movedEnds += 1
        }

        /// One broken UTF-16 end; or two loose ones that the other reading puts at word edges; or one, when the
        /// other reading puts every end that moved (two at least) at a word edge.
        var isConvincing: Bool {
            brokenInUTF16 >= 1 || looseAgainstWordEdges >= 2
                || (looseAgainstWordEdges >= 1 && movedEnds >= 2 && wordEdges == movedEnds)
        }

        /// How strongly, for choosing between two readings that both convince.
        var score: Int { 4 * brokenInUTF16 + 2 * looseAgainstWordEdges + wordEdges }
    }

    /// What can be wrong with one end of a range read in some unit.
    enum Fault: Equatable {
        /// White space just inside the range.
        case padded
        /// Between two word characters.
        case insideWord
        /// Inside a grapheme cluster.
        case splitsCluster
        /// Past the end of the message, or inside one scalar.
        case invalid
    }

    /// One end of a range read in some unit.
    struct End {
        /// Where it falls in UTF-16; nil when invalid.
        var utf16Offset: Int?
        /// What is wrong with it, if anything.
        var fault: Fault?
        /// Whether a word character lies on exactly one side (the ends of the message count as non-word).
        var isWordEdge = false
    }

    /// The offsets of the ends of `ranges`, start then end of each; -1 for an end that overflows.
    static func edgeOffsets(of ranges: [CountedRange]) -> [Int] {
        var edgeOffsets: [Int] = []
        edgeOffsets.reserveCapacity(ranges.count * 2)
        for range in ranges {
            let (end, overflow) = range.from.addingReportingOverflow(range.length)
            edgeOffsets.append(range.from)
            edgeOffsets.append(overflow ? -1 : end)
        }
        return edgeOffsets
    }

    /// End `index` of `ranges` (start then end of each), which falls at `position`.
    @inline(__always)
    static func end(
        at index: Int, of ranges: UnsafeBufferPointer<CountedRange>, position: UnitPositions.Position
    ) -> End {
        guard let utf16Offset = position.utf16Offset else { return End(utf16Offset: nil, fault: .invalid) }
        guard position.isClusterBoundary else { return End(utf16Offset: utf16Offset, fault: .splitsCluster) }
        let (before, after) = (position.before, position.after)
        if before == .word && after == .word { return End(utf16Offset: utf16Offset, fault: .insideWord) }
        let isStart = index % 2 == 0
        if ranges[index / 2].length > 0 && (isStart ? after : before) == .space {
            return End(utf16Offset: utf16Offset, fault: .padded)
        }
        return End(utf16Offset: utf16Offset, fault: nil, isWordEdge: (before == .word) != (after == .word))
    }

    /// The UTF-16 ranges of ends that are all valid.
    static func converted(_ ends: [End]) -> [UTF16Range] {
        stride(from: 0, to: ends.count, by: 2).map { index in
            let from = ends[index].utf16Offset ?? 0
            return UTF16Range(utf16Offset: from, utf16Length: (ends[index + 1].utf16Offset ?? from) - from)
        }
    }
}
