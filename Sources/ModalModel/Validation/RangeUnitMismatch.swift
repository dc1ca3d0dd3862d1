import PositionedJSON

/// The words of the `range-unit-mismatch` warning, and the before-and-after lines `modalkit fix` prints.
package enum RangeUnitMismatch {
    /// How many ranges the hint shows the words of; the corrected numbers are given for all of them.
    static let describedRanges = 3

    /// "the offsets look like Swift `String.count` (grapheme clusters), not UTF-16 code units".
    /// With equivalent units, each is named: "… like Python `len()` (code points) or Swift `String.count` …".
    package static func message(_ verdict: RangeUnitVerdict) -> String {
        let units = ([verdict.unit] + verdict.equivalentUnits).map { "\($0.usualSource) (\($0.name))" }
        return "the offsets look like \(units.joined(separator: " or ")), not UTF-16 code units, "
            + "so the styles cover the wrong text"
    }

    /// The corrected ranges, and the text covered now and after the fix, for the first few ranges that move.
    package static func hint(_ verdict: RangeUnitVerdict, literals: [RangeLiteral], message: String) -> String {
        var changes: [String] = []
        var corrected: [String] = []
        for (literal, range) in zip(literals, verdict.utf16Ranges) {
            let written = UTF16Range(utf16Offset: literal.range.from, utf16Length: literal.range.length)
            guard written != range else { continue }
            corrected.append(
                "styles/\(literal.styleIndex) {\"from\": \(range.utf16Offset), \"length\": \(range.utf16Length)}")
            if changes.count < describedRanges {
                changes.append(
                    coveredText(written, in: message) + " becomes " + coveredText(range, in: message))
            } else if changes.count == describedRanges {
                changes.append("…")
            }
        }
        return "counted in \(verdict.unit.name) they cover whole words: " + changes.joined(separator: ", ")
            + "; use " + corrected.joined(separator: ", ") + " (modalkit fix converts them all)"
    }

    /// The text of `message` a range covers, quoted as JSON (control characters escaped), the middle of long
    /// text left out; a phrase instead when the range does not lie inside the message on scalar boundaries.
    package static func coveredText(_ range: UTF16Range, in message: String) -> String {
        guard let indices = try? range.stringRange(in: message) else {
            return range.utf16End > message.utf16.count ? "(past the end of msg)" : "(half a character)"
        }
        let text = message[indices]
        guard text.count > 32 else { return JSONWriter.quoted(String(text)) }
        return JSONWriter.quoted(String(text.prefix(14)) + "…" + String(text.suffix(14)))
    }
}
