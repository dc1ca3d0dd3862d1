/// A decoded modal document: the modals a server sent, in order.
///
/// A single modal object and the same modal in an array are unequal documents: `isArray` is part of the value,
/// because the encoder writes the form back (`{…}` or `[{…}]`) and equal values write equal bytes. Compare
/// `modals` to ask only whether two documents hold the same modals.
public struct ModalDocument: Sendable, Hashable {
    /// The modals, in document order.
    public var modals: [Modal]
    /// Whether the document was a top-level array (`[...]`) rather than one modal object; part of equality.
    public var isArray: Bool

    /// Creates a document from its modals.
    public init(modals: [Modal], isArray: Bool = true) {
        self.modals = modals
        self.isArray = isArray
    }
}
