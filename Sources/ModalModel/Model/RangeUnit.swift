/// A unit a server may count string offsets in; the format's own is `utf16`.
package enum RangeUnit: String, Sendable, Hashable, CaseIterable {
    /// UTF-16 code units: JavaScript's `length`, Java's and Kotlin's `String.length`, `NSString`, `NSRange`.
    case utf16
    /// Unicode scalars (code points): Python 3's `len()`.
    case codePoints
    /// Extended grapheme clusters: Swift's `String.count`.
    case graphemeClusters
    /// UTF-8 bytes: Go's `len()` and Rust's `str::len()`.
    case utf8Bytes

    /// What the unit is, in the plural: "grapheme clusters".
    package var name: String {
        switch self {
        case .utf16: "UTF-16 code units"
        case .codePoints: "code points"
        case .graphemeClusters: "grapheme clusters"
        case .utf8Bytes: "UTF-8 bytes"
        }
    }

    /// The APIs that count in the unit, as a diagnostic names them.
    package var usualSource: String {
        switch self {
        case .utf16: "JavaScript `length` or Java's `String.length()`"
        case .codePoints: "Python `len()`"
        case .graphemeClusters: "Swift `String.count`"
        case .utf8Bytes: "Go `len()` or Rust `str::len()`"
        }
    }
}
