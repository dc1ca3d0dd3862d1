/// A decoded modal document: the modals a server sent, in order.
public struct ModalDocument: Sendable, Hashable {
    /// The modals, in document order.
    public var modals: [Modal]
    /// Whether the document was a top-level array (`[...]`) rather than one modal object.
    public var isArray: Bool

    /// Creates a document from its modals.
    public init(modals: [Modal], isArray: Bool = true) {
        self.modals = modals
        self.isArray = isArray
    }
}
