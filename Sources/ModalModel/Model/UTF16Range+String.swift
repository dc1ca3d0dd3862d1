import PositionedJSON

extension UTF16Range {
    /// The UTF-16 range of `range`, a range of indices into `message`.
    public init(_ range: Range<String.Index>, in message: String) {
        let utf16 = message.utf16
        let start = utf16.distance(from: utf16.startIndex, to: range.lowerBound)
        self.init(utf16Offset: start, utf16Length: utf16.distance(from: range.lowerBound, to: range.upperBound))
    }

    /// The range of the `occurrence`-th (0 for the first) appearance of `substring` in `message`, matched
    /// Character by Character as `String` compares, so a match never starts or ends inside a grapheme cluster;
    /// throws when `substring` is empty or has no such occurrence.
    public init(of substring: some StringProtocol, in message: String, occurrence: Int = 0) throws(UTF16RangeError) {
        guard !substring.isEmpty else {
            throw UTF16RangeError("the text to find is empty; give the text the range should cover")
        }
        guard occurrence >= 0 else {
            throw UTF16RangeError("occurrence \(occurrence) is negative; 0 is the first appearance")
        }
        var found: Range<String.Index>?
        var count = 0
        for match in message.ranges(of: substring) {
            if count == occurrence {
                found = match
                break
            }
            count += 1
        }
        guard let found else {
            let quoted = JSONWriter.quoted(String(substring))
            throw UTF16RangeError(
                count == 0
                    ? "\(quoted) does not occur in the message; check the text, or build the message with ModalBuilder"
                    : "\(quoted) occurs \(count) time\(count == 1 ? "" : "s") in the message, so there is no occurrence "
                        + "\(occurrence) (0 is the first)")
        }
        self.init(found, in: message)
    }

    /// The indices of `message` this range covers; throws when an end is outside the message or inside a
    /// surrogate pair.
    public func stringRange(in message: String) throws(UTF16RangeError) -> Range<String.Index> {
        let utf16 = message.utf16
        let unitCount = utf16.count
        guard utf16Offset >= 0, utf16Length >= 0, utf16End <= unitCount else {
            throw UTF16RangeError(
                "the range \(self) lies outside the message, which is \(unitCount) UTF-16 units long; "
                    + "count offsets in UTF-16 units, or make the range with UTF16Range(of:in:)")
        }
        let start = utf16.index(utf16.startIndex, offsetBy: utf16Offset)
        let end = utf16.index(start, offsetBy: utf16Length)
        guard let lower = start.samePosition(in: message.unicodeScalars),
            let upper = end.samePosition(in: message.unicodeScalars)
        else {
            throw UTF16RangeError(
                "the range \(self) starts or ends inside a surrogate pair (a character outside the BMP, such as "
                    + "most emoji, is 2 UTF-16 units); move the end to a character boundary")
        }
        return lower..<upper
    }
}

extension UTF16Range: CustomStringConvertible {
    /// `{from: 3, length: 5}`, as diagnostics name ranges.
    public var description: String { "{from: \(utf16Offset), length: \(utf16Length)}" }
}
