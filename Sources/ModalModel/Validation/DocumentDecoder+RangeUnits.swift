extension DocumentDecoder {
    /// Warns (`range-unit-mismatch`) when the ranges of a modal read as whole words in another unit than
    /// UTF-16 and not in UTF-16, at the first range that moves.
    ///
    /// Runs only for a message with text outside ASCII and at least one style: in ASCII every unit counts alike.
    mutating func checkRangeUnits(styles: [JSONNode], message: String, isASCII: Bool) {
        guard !styles.isEmpty, !isASCII else { return }
        let literals = RangeLiteral.ranges(inStyles: styles)
        guard let verdict = RangeUnitInference.verdict(message: message, ranges: literals.map(\.range)),
            verdict.evidence == .wordBoundaries,
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
