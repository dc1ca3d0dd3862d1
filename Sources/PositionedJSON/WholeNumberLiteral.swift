/// A JSON number written as 1 to 17 digits, without a leading zero and not followed by a fraction or an
/// exponent, read straight from its bytes: the fast readers take offsets, lengths and small data this way,
/// and leave every other form to `JSONScanner.parseNumber`. At this length the integer is exact in a double, so
/// the scanner makes the same value of such a literal: the integer, and the double nearest it.
@_spi(JSON) public enum WholeNumberLiteral {
    /// The value of the literal at `start` of the `count` bytes at `base`, and where it ends; nil for any other
    /// form (a sign, a leading zero, 18 digits or more, a fraction or an exponent after the digits).
    @inlinable @inline(__always)
    @_spi(JSON) public static func read(_ base: UnsafePointer<UInt8>, count: Int, at start: Int) -> (
        value: Int, end: Int
    )? {
        var end = start
        var value = 0
        while end < count, end - start < 18 {
            let digit = base[end] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            end += 1
        }
        let digits = end - start
        guard digits > 0, digits < 18, digits == 1 || base[start] != UInt8(ascii: "0") else { return nil }
        if end < count {
            switch base[end] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return (value, end)
    }
}
