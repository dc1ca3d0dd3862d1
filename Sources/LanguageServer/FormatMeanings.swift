import ModalModel

/// One-line meanings of the format's keys (from `FormatVocabulary`, the format's one table) and of its
/// enumerated values, for hover and completion.
package enum FormatMeanings {
    /// The kinds of object the format has.
    package typealias ObjectKind = FormatObject

    /// The meaning of `key` in an object of `kind` (the format's own table), or nil for a key it does not define.
    package static func meaning(ofKey key: String, in kind: ObjectKind) -> String? {
        kind.key(named: key)?.meaning
    }

    /// The meaning of an enumerated value of `key`, or nil.
    package static func meaning(ofValue value: String, forKey key: String) -> String? {
        switch (key, value) {
        case ("font_style", "normal"): "Turns bold and italic off."
        case ("font_style", "bold"): "Turns bold on and italic off."
        case ("font_style", "italic"): "Turns italic on and bold off."
        case ("font_style", "bold_italic"): "Turns bold and italic on."
        case ("font_style", "underline"): "Turns underline on; leaves bold and italic as they were."
        case ("font_style", "strikethrough"): "Turns strikethrough on; leaves bold and italic as they were."
        case ("text_align", "left"): "Lines start at the left edge."
        case ("text_align", "center"): "Lines are centred."
        case ("text_align", "right"): "Lines end at the right edge."
        case ("text_align", "start"): "The side the message's direction starts from (the default)."
        case ("text_align", "end"): "The side opposite the one the message's direction starts from."
        case ("direction", "ltr"): "Paragraphs run left to right."
        case ("direction", "rtl"): "Paragraphs run right to left."
        case ("direction", "auto"): "Each paragraph takes its direction from its first strong character (the default)."
        case ("action", _), ("link", _): ModalAction.builtins.first { $0.name == value }?.meaning
        default: nil
        }
    }

    /// The enumerated values of a key, in the format's order, for completion.
    package static func values(forKey key: String) -> [String] {
        FormatVocabulary.keys.first { $0.name == key && !$0.value.allowedValues.isEmpty }?.value.allowedValues ?? []
    }
}
