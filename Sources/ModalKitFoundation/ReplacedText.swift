import Foundation

/// The characters of a message that `AttributedString(modal:)` shows as placeholders, kept beside them so that
/// converting back restores them rather than baking the placeholders into the message.
struct ReplacedText: Hashable, Sendable {
    /// The characters as sent, one scalar for each scalar of `shown`.
    var original: [Unicode.Scalar]
    /// Their placeholders, in the same order.
    var shown: [Unicode.Scalar]

    /// `shown` (a run's display text) cut into stretches: those equal to `original`, and those of placeholders
    /// with what they replace. Placeholders replace one scalar by one scalar of the same UTF-16 length.
    static func pieces(original: Substring, shown: String) -> [(shown: String, replaced: ReplacedText?)] {
        var pieces: [(shown: String, replaced: ReplacedText?)] = []
        var same = String.UnicodeScalarView()
        var replaced = ReplacedText(original: [], shown: [])
        func flushSame() {
            if !same.isEmpty { pieces.append((String(same), nil)) }
            same = String.UnicodeScalarView()
        }
        func flushReplaced() {
            if !replaced.shown.isEmpty {
                pieces.append((String(String.UnicodeScalarView(replaced.shown)), replaced))
            }
            replaced = ReplacedText(original: [], shown: [])
        }
        for (sent, drawn) in zip(original.unicodeScalars, shown.unicodeScalars) {
            if sent == drawn {
                flushReplaced()
                same.append(drawn)
            } else {
                flushSame()
                replaced.original.append(sent)
                replaced.shown.append(drawn)
            }
        }
        flushSame()
        flushReplaced()
        return pieces
    }

    /// `scalars` (the text now under this attribute, perhaps edited) with each placeholder that is still there
    /// turned back into the character it replaced, in order; anything else, typed into the stretch, stays.
    func restoring(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        var next = 0
        var out: [Unicode.Scalar] = []
        for scalar in scalars {
            if let match = shown[next...].firstIndex(of: scalar) {
                out.append(original[match])
                next = match + 1
            } else {
                out.append(scalar)
            }
        }
        return out
    }
}

/// The `ReplacedText` of a stretch of placeholders; in no scope, since it is no formatting.
@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
enum ReplacedTextAttribute: AttributedStringKey {
    typealias Value = ReplacedText
    static let name = "ModalKit.replacedText"
}
