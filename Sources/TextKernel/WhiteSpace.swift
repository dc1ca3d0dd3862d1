/// The scalars with the Unicode White_Space property (PropList.txt), told apart without the standard library's
/// property look-up, which a hot path pays for every scalar it asks about.
package enum WhiteSpace {
    /// Whether `value` is a White_Space scalar. `WhiteSpaceTests` hold it equal to
    /// `Unicode.Scalar.Properties.isWhitespace` over every scalar.
    @inline(__always)
    package static func contains(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
