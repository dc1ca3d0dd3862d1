extension UTF16Range {
    /// The UTF-16 range of `range`, a range of indices into `message`.
    public init(_ range: Range<String.Index>, in message: String) {
        let utf16 = message.utf16
        let start = utf16.distance(from: utf16.startIndex, to: range.lowerBound)
        self.init(utf16Offset: start, utf16Length: utf16.distance(from: range.lowerBound, to: range.upperBound))
    }

    /// The range of the `occurrence`-th (0 for the first) appearance of `substring` in `message`, matched
    /// Character by Character as `String` compares, so a match never starts or ends inside a grapheme cluster;
    /// nil when there is no such occurrence or `substring` is empty.
    public init?(of substring: some StringProtocol, in message: String, occurrence: Int = 0) {
        guard !substring.isEmpty, occurrence >= 0 else { return nil }
        let found = message.ranges(of: substring).dropFirst(occurrence).first
        guard let found else { return nil }
        self.init(found, in: message)
    }

    /// The indices of `message` this range covers, or nil when an end is outside the message or inside a
    /// surrogate pair.
    public func stringRange(in message: String) -> Range<String.Index>? {
        let utf16 = message.utf16
        guard utf16Offset >= 0, utf16Length >= 0, utf16End <= utf16.count else { return nil }
        let start = utf16.index(utf16.startIndex, offsetBy: utf16Offset)
        let end = utf16.index(start, offsetBy: utf16Length)
        guard let lower = start.samePosition(in: message.unicodeScalars),
            let upper = end.samePosition(in: message.unicodeScalars)
        else { return nil }
        return lower..<upper
    }
}
