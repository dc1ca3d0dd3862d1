@_spi(Kernel) import TextKernel

/// A range of a message counted in UTF-16 code units, as JavaScript string indices and `NSRange` count.
///
/// APIs that count for you: `ModalBuilder.append`, `UTF16Range(_:in:)` from a `Range<String.Index>`, and
/// `UTF16Range(of:in:)`. Offsets counted another way convert on purpose: `init(codePointOffset:codePointLength:in:)`
/// (Python's `len`), `init(graphemeClusterOffset:graphemeClusterLength:in:)` (Swift's `String.count`) and
/// `init(utf8Offset:utf8Length:in:)` (Go's `len`, Rust's `str::len`). `String.count` and `Character` offsets
/// are not UTF-16 offsets: `validate()` warns with `range-unit-mismatch` when ranges look counted that way.
public struct UTF16Range: Sendable, Hashable {
    /// The first UTF-16 unit covered (`apply_to.from`).
    public var utf16Offset: Int
    /// How many UTF-16 units are covered (`apply_to.length`).
    public var utf16Length: Int

    /// Creates a range from an offset and a length in UTF-16 units.
    public init(utf16Offset: Int, utf16Length: Int) {
        self.utf16Offset = utf16Offset
        self.utf16Length = utf16Length
    }

    /// The offset one past the last unit covered; `Int.max` (or `Int.min`) when the sum lies beyond `Int`, so
    /// a range built in code with any two integers never traps.
    public var utf16End: Int { utf16Offset.addingSaturating(utf16Length) }
}
