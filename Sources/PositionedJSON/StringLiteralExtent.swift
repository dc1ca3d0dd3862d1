/// Where a string literal of JSON source ends, found from its opening quote without parsing it: for edits and
/// editor features that work on the bytes around a value the parser has placed.
package enum StringLiteralExtent {
    /// The offset just past the closing quote of the string literal whose opening quote is at `start`, or the
    /// end of the line when the literal is not closed on it (a half-typed string in an editor). In valid JSON
    /// the line never ends first, since a string cannot hold a raw line break.
    package static func end(from start: Int, in bytes: [UInt8]) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            case 0x0A, 0x0D: return index
            default: index += 1
            }
        }
        return bytes.count
    }
}
