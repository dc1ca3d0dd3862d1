/// The keys an object of the format may have, as typed names for the decoder and the encoder.
///
/// The names come from `FormatVocabulary`: a field's position is the index of its key among its object's keys,
/// so the cases are declared in the vocabulary's order.
package protocol ObjectField: CaseIterable {
    /// The object whose keys these are.
    static var object: FormatObject { get }
    /// Every known key as written in JSON, in declaration order (`object.keyNames`, kept: the decoder reads it
    /// for every object).
    static var keys: [String] { get }
    /// The position of the key among the object's known keys.
    var position: Int { get }
}

extension ObjectField {
    /// The key as written in JSON.
    package var key: String { Self.keys[position] }
    /// The key's entry in the format's vocabulary.
    package var formatKey: FormatKey { Self.object.keys[position] }
}

/// The keys of a modal object.
package enum ModalField: Int, ObjectField {
    case msg, styles, buttons, textAlign, maxLines, direction

    package static let object = FormatObject.modal
    package static let keys = object.keyNames
    package var position: Int { rawValue }
}

/// The keys of a style object.
package enum StyleField: Int, ObjectField {
    case applyTo, fontStyle, underline, strikethrough, fontSize, color, backgroundColor, link

    package static let object = FormatObject.style
    package static let keys = object.keyNames
    package var position: Int { rawValue }
}

/// The keys of an `apply_to` range object.
package enum RangeField: Int, ObjectField {
    case from, length

    package static let object = FormatObject.range
    package static let keys = object.keyNames
    package var position: Int { rawValue }
}

/// The keys of a button object.
package enum ButtonField: Int, ObjectField {
    case label, action, backgroundColor, foregroundColor

    package static let object = FormatObject.button
    package static let keys = object.keyNames
    package var position: Int { rawValue }
}
