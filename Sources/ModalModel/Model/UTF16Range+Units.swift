/// Ranges counted in the units other languages' string APIs count in, converted to the format's UTF-16 on purpose.
///
/// Each throws when the range does not lie inside `message` or an end falls inside a character's encoding
/// (inside a scalar's UTF-8 bytes).
extension UTF16Range {
    /// The UTF-16 range of a range counted in Unicode scalars (code points), as Python 3's `len()` and slicing count.
    public init(codePointOffset: Int, codePointLength: Int, in message: String) throws(UTF16RangeError) {
        try self.init(
            offset: codePointOffset, length: codePointLength, in: message, view: message.unicodeScalars,
            unit: "code points")
    }

    /// The UTF-16 range of a range counted in grapheme clusters, as Swift's `String.count` and `Character`s count.
    public init(graphemeClusterOffset: Int, graphemeClusterLength: Int, in message: String) throws(UTF16RangeError) {
        try self.init(
            offset: graphemeClusterOffset, length: graphemeClusterLength, in: message, view: message,
            unit: "grapheme clusters")
    }

    /// The UTF-16 range of a range counted in UTF-8 bytes, as Go's `len()` and Rust's `str::len()` count.
    public init(utf8Offset: Int, utf8Length: Int, in message: String) throws(UTF16RangeError) {
        try self.init(offset: utf8Offset, length: utf8Length, in: message, view: message.utf8, unit: "UTF-8 bytes")
    }

    private init<View: BidirectionalCollection>(
        offset: Int, length: Int, in message: String, view: View, unit: String
    ) throws(UTF16RangeError) where View.Index == String.Index {
        let described = "{from: \(offset), length: \(length)} in \(unit)"
        guard offset >= 0, length >= 0,
            let start = view.index(view.startIndex, offsetBy: offset, limitedBy: view.endIndex),
            let end = view.index(start, offsetBy: length, limitedBy: view.endIndex)
        else {
            throw UTF16RangeError(
                "the range \(described) lies outside the message, which is \(view.count) \(unit) long; "
                    + "check the offsets were counted in \(unit)")
        }
        guard let lower = start.samePosition(in: message.unicodeScalars),
            let upper = end.samePosition(in: message.unicodeScalars)
        else {
            throw UTF16RangeError(
                "the range \(described) starts or ends inside a character's encoding; "
                    + "check the offsets were counted in \(unit)")
        }
        self.init(lower..<upper, in: message)
    }
}
