import PositionedJSON

extension DocumentDecoder {
    /// Warns (`range-unit-mismatch`) when the ranges of a modal read as whole words in another unit than
    /// UTF-16 and not in UTF-16, at the first range that moves.
    ///
    /// Runs only for a message with text outside ASCII and at least one style: in ASCII every unit counts alike.
    mutating func checkRangeUnits(
        styles: [JSONNode], message: String, measure: inout MessageMeasure, edgePositions: [UnitPositions.Position]?
    ) {
        guard !measure.countedRanges.isEmpty, measure.utf16Count != message.utf8.count,
            var verdict = RangeUnitInference.verdict(
                message: message, ranges: measure.countedRanges, utf16Positions: edgePositions),
            verdict.evidence == .wordBoundaries
        else { return }
        // Only now read the literals again, for where they are: `modalkit fix` and editors read them the same way.
        let literals = RangeLiteral.ranges(inStyles: styles)
        if literals.map(\.range) != measure.countedRanges {
            guard let literalVerdict = RangeUnitInference.verdict(message: message, ranges: literals.map(\.range))
            else { return }
            verdict = literalVerdict
        }
        guard verdict.evidence == .wordBoundaries,
            let first = zip(literals, verdict.utf16Ranges).first(where: {
                $0.0.range.from != $0.1.utf16Offset || $0.0.range.length != $0.1.utf16Length
            })?.0
        else { return }
        collector.push(.key(ModalField.styles.key))
        collector.push(.index(first.styleIndex))
        collector.push(.key(StyleField.applyTo.key))
        collector.warning(
            .rangeUnitMismatch, RangeUnitMismatch.message(verdict), at: first.applyTo.byteOffset,
            hint: RangeUnitMismatch.hint(verdict, literals: literals, message: message))
        collector.pop()
        collector.pop()
        collector.pop()
    }
}
