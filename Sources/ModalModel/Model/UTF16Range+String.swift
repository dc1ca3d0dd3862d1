extension UTF16Range {
    /// The UTF-16 range of `range`, a range of indices into `message`.
    public init(_ range: Range<String.Index>, in message: String) {
        let utf16 = message.utf16
        let start = utf16.distance(from: utf16.startIndex, to: range.lowerBound)
        self.init(utf16Offset: start, utf16Length: utf16.distance(from: range.lowerBound, to: range.upperBound))
    }

    /// The range of the `occurrence`-th (0 for the first) appearance of `substring` in `message`, compared
    /// scalar by scalar; nil when there is no such occurrence or `substring` is empty.
    public init?(of substring: some StringProtocol, in message: String, occurrence: Int = 0) {
        let needle = Array(substring.utf16)
        guard !needle.isEmpty, occurrence >= 0 else { return nil }
        let haystack = Array(message.utf16)
        var found = 0
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
                if found == occurrence {
                    self.init(utf16Offset: start, utf16Length: needle.count)
                    return
                }
                found += 1
                start += needle.count
            } else {
                start += 1
            }
        }
        return nil
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
