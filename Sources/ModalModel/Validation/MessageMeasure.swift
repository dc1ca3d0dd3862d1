@_spi(Kernel) import TextKernel

/// Facts about a message that range checks need, worked out at most once per modal.
struct MessageMeasure {
    let message: String
    private var cachedUTF16Count: Int?
    /// The style being decoded, and the in-bounds ranges whose ends still need checking against the text.
    var currentStyleIndex = 0
    var pendingBoundaries: [PendingBoundary] = []
    /// Every range of the modal with whole numbers of at least 0, in style order, bounds unchecked: what the
    /// range-unit rule reads, gathered here so that it need not walk the styles' JSON again.
    var countedRanges: [CountedRange] = []

    init(_ message: String) { self.message = message }

    var utf16Count: Int {
        mutating get {
            if let cachedUTF16Count { return cachedUTF16Count }
            let count = UTF16Offsets.count(in: message)
            cachedUTF16Count = count
            return count
        }
    }

    /// The scalars on either side of a UTF-16 offset, described for a message: "'e' (U+0065) and U+0301",
    /// or the one astral character whose surrogate pair the offset splits: "'😀' (U+1F600)".
    ///
    /// Looks only at the two scalars, so a description costs the same however long the message or the
    /// cluster around the offset.
    func scalars(around offset: Int) -> String {
        let scalars = message.unicodeScalars
        guard let at = UTF16Offsets.scalarIndex(of: offset, in: message) else {
            // Inside a surrogate pair: the scalar starts one unit earlier.
            guard let start = UTF16Offsets.scalarIndex(of: offset - 1, in: message), start < scalars.endIndex
            else { return "the end" }
            return Self.describe(scalars[start])
        }
        let before = at > scalars.startIndex ? Self.describe(scalars[scalars.index(before: at)]) : "the start"
        let after = at < scalars.endIndex ? Self.describe(scalars[at]) : "the end"
        return before + " and " + after
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = scalar.codePointText
        if let placeholder = ControlCharacters.placeholder(for: scalar) {
            return "'\(Character(placeholder))' (\(code))"
        }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.isJoinControl
            || scalar.properties.isVariationSelector || scalar.properties.isEmojiModifier
        {
            return code  // invisible or combining on its own
        }
        return "'\(Character(scalar))' (\(code))"
    }
}
