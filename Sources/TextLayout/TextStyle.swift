import ModalModel

/// The attributes of a stretch of message text as the modal's styles resolve them, and where its link came from.
///
/// The attributes are `StyleAttributes` in their separated form (`StyleAttributes.separated`), so that each one
/// is unset (nil), on or off and combining styles applies only what is set. They read through the style
/// (`style.color`, `style.isBold`). Named `TextStyle` rather than `ModalStyle` so that it does not clash with
/// `ModalModel.ModalStyle` (a JSON `styles` entry) for users of the umbrella `ModalKit` module.
@dynamicMemberLookup
package struct TextStyle: Sendable, Hashable {
    /// What the text is drawn with.
    package private(set) var attributes: StyleAttributes
    /// The index in `Modal.styles` of the entry `link` comes from, so a link knows its source without a search.
    package var linkStyleIndex: Int?

    /// Creates a style; every attribute defaults to unset.
    package init(_ attributes: StyleAttributes = .plain, linkStyleIndex: Int? = nil) {
        self.attributes = attributes.separated
        self.linkStyleIndex = linkStyleIndex
    }

    /// An attribute, or a resolved view of them such as `isBold`.
    package subscript<Value>(dynamicMember keyPath: KeyPath<StyleAttributes, Value>) -> Value {
        attributes[keyPath: keyPath]
    }
}
