import PositionedJSON

/// Range diagnostics: `apply_to` read against the message, and where each range end falls.
extension DocumentDecoder {
    mutating func decodeRange(_ node: JSONNode, message: String, measure: inout MessageMeasure) -> UTF16Range? {
        guard
            let fields = objectFields(
                node, as: RangeField.self, subject: "apply_to",
                example: "\"apply_to\": {\"from\": 0, \"length\": 5}")
        else { return nil }
        let members = fields.members
        var from: Int?
        var length: Int?
        if let member = fields[.from] {
            from = rangeNumber(member, name: "from")
        } else {
            missingKey(RangeField.from, in: node, fields: members)
        }
        if let member = fields[.length] {
            length = rangeNumber(member, name: "length")
        } else {
            missingKey(RangeField.length, in: node, fields: members)
        }
        guard let from, let length, let fromMember = fields[.from], let lengthMember = fields[.length] else {
            return nil
        }
        measure.countedRanges.append(CountedRange(from: from, length: length))
        let countedIndex = measure.countedRanges.count - 1
        let (end, overflow) = from.addingReportingOverflow(length)
        if overflow {
            collector.add(
                .error, .rangeOverflow, "from + length overflows: \(from) + \(length) is too large",
                at: lengthMember.value.byteOffset, hint: "the range must lie inside msg", pointerSuffix: .key("length"))
            return nil
        }
        let range = UTF16Range(utf16Offset: from, utf16Length: length)
        let unitCount = checksRangeBounds ? measure.utf16Count : Int.max
        if from > unitCount || end > unitCount {
            let atFrom = from > unitCount
            let describedRange = "{from: \(from), length: \(length)}"
            let problem =
                atFrom
                ? "the range \(describedRange) starts at UTF-16 offset \(from), past the end of msg"
                : "the range \(describedRange) ends at UTF-16 offset \(end), past the end of msg"
            collector.add(
                .error, .rangeOutOfBounds, problem + " (msg is \(unitCount) UTF-16 units long)",
                at: (atFrom ? fromMember : lengthMember).value.byteOffset,
                hint: unitHint(message, from: from, length: length)
                    ?? "offsets and lengths count UTF-16 code units, as JavaScript's .length does",
                pointerSuffix: .key(atFrom ? "from" : "length"))
            return nil
        }
        measure.pendingBoundaries.append(
            PendingBoundary(
                styleIndex: measure.currentStyleIndex, countedIndex: countedIndex, from: from, length: length,
                fromByteOffset: fromMember.value.byteOffset, lengthByteOffset: lengthMember.value.byteOffset))
        if length == 0 {
            collector.add(
                .warning, .rangeEmpty, "the range has length 0, so the style applies to nothing",
                at: lengthMember.value.byteOffset, hint: "remove the style or give it a length",
                pointerSuffix: .key("length"))
        }
        return range
    }

    /// Checks where every range end of a modal falls, in one walk over the message: inside a surrogate pair
    /// is an error, inside a grapheme cluster a warning. Returns the indices of the styles with an error.
    mutating func checkBoundaries(
        _ measure: MessageMeasure, message: String, edgePositions: [UnitPositions.Position]?
    ) -> Set<Int> {
        let pending = measure.pendingBoundaries
        guard !pending.isEmpty, let edgePositions else { return [] }
        var failed: Set<Int> = []
        // A hostile document can split thousands of characters; the first few get full descriptions and
        // hints (each costs a walk over the message), the rest are counted in one note.
        var listed = 0
        var unlisted = 0
        for boundary in pending {
            for end in 0..<2 {
                let isStart = end == 0
                let offset = isStart ? boundary.from : boundary.from + boundary.length
                let name = isStart ? "from" : "length"
                let byteOffset = isStart ? boundary.fromByteOffset : boundary.lengthByteOffset
                let verb = isStart ? "starts" : "ends"
                // In bounds (the range was checked), so no UTF-16 offset means inside a surrogate pair.
                let position = edgePositions[boundary.countedIndex * 2 + end]
                let splitsSurrogate = position.utf16Offset == nil
                if splitsSurrogate {
                    failed.insert(boundary.styleIndex)
                } else if position.isClusterBoundary {
                    continue
                }
                if listed == Self.maxListedBoundaries {
                    if splitsSurrogate { collector.countError() }
                    unlisted += 1
                    continue
                }
                listed += 1
                let detailed = listed <= Self.maxDetailedBoundaries
                if splitsSurrogate {
                    emitBoundary(
                        .error, .rangeSplitsSurrogate,
                        "the range \(verb) at UTF-16 offset \(offset), between the two halves of the surrogate pair of "
                            + measure.scalars(around: offset),
                        boundary: boundary, name: name, byteOffset: byteOffset, message: detailed ? message : nil,
                        fallbackHint:
                            "characters outside the BMP (most emoji) take two UTF-16 units; move the boundary before or after it"
                    )
                } else {
                    emitBoundary(
                        .warning, .rangeSplitsGrapheme,
                        "the range \(verb) at UTF-16 offset \(offset), inside one character (between "
                            + measure.scalars(around: offset) + "), so part of it is styled differently",
                        boundary: boundary, name: name, byteOffset: byteOffset, message: detailed ? message : nil,
                        fallbackHint: "move the boundary to the start or end of the whole character")
                }
            }
        }
        if unlisted > 0, let first = pending.first {
            collector.push(.key("styles"))
            collector.add(
                .note, .rangeBoundaries, "\(unlisted) more range ends inside characters are not listed",
                at: first.fromByteOffset, hint: nil)
            collector.pop()
        }
        return failed
    }

    /// Where the ends of every counted range of a modal fall read as UTF-16 (`RangeUnitInference.edgeOffsets`
    /// order), for the boundary check and the unit rule; nil when the message is ASCII without a carriage
    /// return, where every offset in bounds is a scalar and grapheme boundary (only CR LF joins two ASCII
    /// scalars) and the unit rule has nothing to read.
    static func edgePositions(of measure: MessageMeasure, in message: String) -> [UnitPositions.Position]? {
        guard !measure.countedRanges.isEmpty,
            UnitPositions.uniformPrefixLength(message) < message.utf8.count
        else { return nil }
        return UnitPositions.resolve(
            RangeUnitInference.edgeOffsets(of: measure.countedRanges), unit: .utf16, in: message)
    }

    /// Range-end diagnostics listed per modal, and how many of those get the hints that walk the message.
    static let maxListedBoundaries = 100
    static let maxDetailedBoundaries = 5

    private mutating func emitBoundary(
        _ severity: Severity, _ code: DiagnosticCode, _ text: String, boundary: PendingBoundary, name: String,
        byteOffset: Int, message: String?, fallbackHint: String
    ) {
        collector.push(.key("styles"))
        collector.push(.index(boundary.styleIndex))
        collector.push(.key("apply_to"))
        collector.add(
            severity, code, text, at: byteOffset,
            hint: message.flatMap { text in unitHint(text, from: boundary.from, length: boundary.length) }
                ?? fallbackHint,
            pointerSuffix: .key(name))
        collector.pop()
        collector.pop()
        collector.pop()
    }

    /// A specific hint when the range makes sense in another unit: code points (Python's len) or UTF-8 bytes.
    ///
    /// Each hint walks the message, so a document gets only the first 20 of them (`detailedHintsLeft`): a hostile one with
    /// thousands of bad ranges over a long message must not take minutes.
    mutating func unitHint(_ message: String, from: Int, length: Int) -> String? {
        guard detailedHintsLeft > 0 else { return nil }
        detailedHintsLeft -= 1
        let scalars = message.unicodeScalars
        let hasAstral = scalars.contains { $0.value > 0xFFFF }
        if hasAstral, let range = Self.convert(message, from: from, length: length, view: scalars) {
            return "the offsets look like code points (what Python's len counts), but the format counts UTF-16 "
                + "code units, and each character outside the BMP (such as most emoji) counts 2: "
                + "use {\"from\": \(range.utf16Offset), \"length\": \(range.utf16Length)}"
        }
        let hasNonASCII = message.utf8.contains { $0 >= 0x80 }
        if hasNonASCII, let range = Self.convert(message, from: from, length: length, view: message.utf8) {
            return "the offsets look like UTF-8 byte counts, but the format counts UTF-16 code units: "
                + "use {\"from\": \(range.utf16Offset), \"length\": \(range.utf16Length)}"
        }
        return nil
    }

    /// The UTF-16 range that (from, length) in `view`'s units means, when both ends fall on grapheme boundaries.
    static func convert<View: BidirectionalCollection>(
        _ message: String, from: Int, length: Int, view: View
    ) -> UTF16Range? where View.Index == String.Index {
        guard let start = view.index(view.startIndex, offsetBy: from, limitedBy: view.endIndex),
            let end = view.index(start, offsetBy: length, limitedBy: view.endIndex),
            start.samePosition(in: message) != nil, end.samePosition(in: message) != nil
        else { return nil }
        let utf16From = message.utf16.distance(from: message.utf16.startIndex, to: start)
        let utf16Length = message.utf16.distance(from: start, to: end)
        if utf16From == from && utf16Length == length { return nil }
        return UTF16Range(utf16Offset: utf16From, utf16Length: utf16Length)
    }

    mutating func rangeNumber(_ member: JSONMember, name: String) -> Int? {
        collector.push(.key(name))
        defer { collector.pop() }
        guard case .number(let number) = member.value.value else {
            var hint = "write a number such as 0"
            if case .string(let text) = member.value.value, Int(text) != nil {
                hint = "write the number without quotes: \(text)"
            }
            collector.error(
                .wrongType, "\(name) must be a non-negative whole number, not \(describe(member.value))",
                at: member.value.byteOffset, hint: hint)
            return nil
        }
        guard let value = number.exactInteger else {
            // A whole-looking double below 2^63 is a literal that rounded to it (`1E-400`, `2.0000000000000001`):
            // the literal itself has a fraction, so say that rather than "too large".
            if number.double == number.double.rounded(.towardZero), abs(number.double) >= 0x1p63 {
                collector.error(
                    .rangeOverflow, "\(name) \(numberLiteral(member.value)) is too large",
                    at: member.value.byteOffset, hint: "the range must lie inside msg")
            } else {
                collector.error(
                    .rangeNotInteger, "\(name) \(numberLiteral(member.value)) is not a whole number",
                    at: member.value.byteOffset, hint: "offsets and lengths count whole UTF-16 code units")
            }
            return nil
        }
        if value < 0 {
            collector.error(
                .rangeNegative, "\(name) is \(value), but offsets and lengths cannot be negative",
                at: member.value.byteOffset, hint: "count from 0, the start of msg")
            return nil
        }
        return value
    }
}

/// A range end to check once all of a modal's styles are read.
struct PendingBoundary {
    var styleIndex: Int
    /// Its index in `MessageMeasure.countedRanges`.
    var countedIndex: Int
    var from: Int
    var length: Int
    var fromByteOffset: Int
    var lengthByteOffset: Int
}
