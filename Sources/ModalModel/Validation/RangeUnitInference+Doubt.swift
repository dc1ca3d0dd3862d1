extension RangeUnitInference {
    /// The units other than UTF-16 in which every range of `message` starts and ends cleanly (on a word or
    /// character boundary, not padded) at other places than in UTF-16: readings that leave the unit in doubt
    /// when `verdict` does not choose one, whether they were too weak to convince, tied, or UTF-16 is clean too.
    ///
    /// A fixer that changes such a modal for another reason cannot say its ranges are right. A correct file can
    /// be in doubt as well, which is why this never decides a conversion.
    package static func doubtfulUnits(message: String, ranges: [CountedRange]) -> [RangeUnit] {
        guard !ranges.isEmpty, !UnitPositions.isASCII(message) else { return [] }
        let offsets = edgeOffsets(of: ranges)
        let utf16Positions = UnitPositions.resolve(offsets, unit: .utf16, in: message)
        return ranges.withUnsafeBufferPointer { ranges in
            let utf16Ends = utf16Positions.indices.map { end(at: $0, of: ranges, position: utf16Positions[$0]) }
            return [RangeUnit.codePoints, .graphemeClusters, .utf8Bytes].filter { unit in
                let positions = UnitPositions.resolve(offsets, unit: unit, in: message)
                let ends = positions.indices.map { end(at: $0, of: ranges, position: positions[$0]) }
                return ends.allSatisfy { $0.fault == nil }
                    && zip(ends, utf16Ends).contains { $0.utf16Offset != $1.utf16Offset }
            }
        }
    }
}
