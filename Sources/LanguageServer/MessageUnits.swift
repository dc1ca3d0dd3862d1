/// A message's UTF-16 code units, read once, so that the text of each of many ranges is found without
/// walking the message from its start: what keeps an outline or the hints of thousands of styles linear.
package struct MessageUnits: Sendable {
    /// The code units of the message.
    package let units: [UInt16]

    /// Reads the units of `message`.
    package init(_ message: String) { units = Array(message.utf16) }

    /// The units a range covers, clipped to the message.
    package func clipped(from: Int, length: Int) -> Range<Int> {
        let start = min(max(from, 0), units.count)
        let sum = from.addingReportingOverflow(length)
        let end = min(max(start, sum.overflow ? units.count : sum.partialValue), units.count)
        return start..<end
    }

    /// The text a UTF-16 range covers, clipped to the message (a split surrogate shows as U+FFFD).
    package func coveredText(from: Int, length: Int) -> String {
        String(decoding: units[clipped(from: from, length: length)], as: UTF16.self)
    }

    /// The first `characterCount` characters of `coveredText(from:length:)` (all of it when shorter), reading
    /// only about as many units as they take, so that a range over the whole message costs no more than a
    /// short one.
    package func coveredPrefix(from: Int, length: Int, characterCount: Int) -> String {
        let range = clipped(from: from, length: length)
        var window = max(16, characterCount * 4)
        while true {
            let end = min(range.upperBound, range.lowerBound + window)
            let text = String(decoding: units[range.lowerBound..<end], as: UTF16.self)
            if end == range.upperBound { return String(text.prefix(characterCount)) }
            // The last character of a cut window may go on past the cut; the ones before it are whole.
            if text.count > characterCount { return String(text.prefix(characterCount)) }
            window *= 2
        }
    }
}
