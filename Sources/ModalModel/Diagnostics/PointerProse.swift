/// How messages write a JSON pointer for a reader.
///
/// Pointers themselves follow RFC 6901: the whole document is the empty pointer `""`, and `/` would be the member
/// with the empty key. An empty pointer reads as nothing in a sentence, so every message names it
/// `the document root` instead, and writes any other pointer as it is.
package enum PointerProse {
    /// The words for the root in a message.
    package static let documentRoot = "the document root"

    /// `pointer` as a message writes it: `/styles/0`, or `the document root` for the empty pointer.
    package static func place(_ pointer: String) -> String {
        pointer.isEmpty ? documentRoot : pointer
    }
}
