/// Grapheme cluster boundaries by the rules of the standard library's `Character`, fed one scalar at a time.
///
/// The one place that names the standard library's underscored `Unicode._CharacterRecognizer`, which has no
/// promise of staying as it is: `GraphemeRecognizerTests` hold it to the Unicode test file and to `Character`,
/// so a change in it fails there first. It keeps no more than that recognizer, so callers that restart it per
/// cluster pay nothing for the wrapper.
@_spi(Kernel) public struct GraphemeRecognizer {
    @usableFromInline package var recognizer = Unicode._CharacterRecognizer()

    /// A recognizer at the start of a text: the first scalar fed starts a cluster.
    @inlinable @inline(__always)
    @_spi(Kernel) public init() {}

    /// Whether a grapheme cluster starts before `scalar`, the next scalar of the text (true for the first).
    @inlinable @inline(__always)
    @_spi(Kernel) public mutating func startsCluster(before scalar: Unicode.Scalar) -> Bool {
        recognizer.hasBreak(before: scalar)
    }
}
