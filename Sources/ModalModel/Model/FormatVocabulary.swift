/// An object of the format, as messages name it: where a key may appear.
package enum FormatObject: String, Sendable, CaseIterable {
    case modal
    case style
    case range = "apply_to"
    case button

    /// The object's keys in the order the decoder reads them and the encoder writes them.
    package var keys: [FormatKey] { FormatVocabulary.keysByObject[ordinal] }

    /// The object's key names, in the same order.
    package var keyNames: [String] { FormatVocabulary.keyNamesByObject[ordinal] }

    /// The key named `name` in this object, if the format has one.
    package func key(named name: String) -> FormatKey? { keys.first { $0.name == name } }

    var ordinal: Int {
        switch self {
        case .modal: 0
        case .style: 1
        case .range: 2
        case .button: 3
        }
    }
}

/// What the value of a key may be.
package enum FormatValueType: Sendable, Hashable {
    case string
    /// A string with something other than white space in it.
    case label
    case boolean
    /// A whole number of at least 1 (`7.0` counts as 7).
    case positiveInteger
    /// A number within the given bounds, both included.
    case number(in: ClosedRange<Double>)
    /// A whole number of UTF-16 code units, at least 0 (`7.0` counts as 7).
    case utf16Count
    /// A colour string (FORMAT.md, Colours).
    case color
    /// An action string (FORMAT.md, Actions).
    case action
    /// An object of the given kind.
    case object(FormatObject)
    /// An array of objects of the given kind.
    case array(of: FormatObject)
    /// One of the given strings, exactly as written.
    case oneOf([String])

    /// The allowed values of an enumerated key; empty for every other type.
    package var allowedValues: [String] {
        if case .oneOf(let values) = self { return values }
        return []
    }
}

/// One key of the format: the single declaration that the decoder's field lists and messages, the did-you-mean
/// words, the encoder's key names and the checks of the schema and FORMAT.md are taken from.
package struct FormatKey: Sendable {
    /// The key as written in JSON.
    package let name: String
    /// The object the key belongs to.
    package let object: FormatObject
    /// What its value may be.
    package let value: FormatValueType
    /// Whether an object without the key is an error.
    package let isRequired: Bool
    /// Words people write for this key that are too far from it for an edit-distance match, lower case.
    package let aliases: [String]
    /// What the key means, in one line (for messages and editors' hover text).
    package let meaning: String
    /// The key with a typical value, as JSON: what a missing required key's hint suggests adding.
    package let example: String
}

/// The format's keys and enumerated values, declared once (FORMAT.md describes them in prose).
package enum FormatVocabulary {
    /// Every key, object by object, each object's keys in the order the decoder reads them.
    package static let keys: [FormatKey] = [
        FormatKey(
            name: "msg", object: .modal, value: .string, isRequired: true, aliases: ["message", "text", "body"],
            meaning: "The message text.", example: #""msg": "Hello""#),
        FormatKey(
            name: "styles", object: .modal, value: .array(of: .style), isRequired: false, aliases: ["style"],
            meaning: "Attributes over ranges of msg, applied in array order.",
            example: #""styles": [{"apply_to": {"from": 0, "length": 5}, "font_style": "bold"}]"#),
        FormatKey(
            name: "buttons", object: .modal, value: .array(of: .button), isRequired: false,
            aliases: ["button", "actions"], meaning: "Action buttons below the message, in display order.",
            example: #""buttons": [{"label": "OK", "action": "close"}]"#),
        FormatKey(
            name: "text_align", object: .modal, value: .oneOf(ModalTextAlignment.allCases.map(\.rawValue)),
            isRequired: false, aliases: ["textalign", "align", "alignment"],
            meaning: "Alignment of the message lines; start, the default, is the side the direction starts from.",
            example: #""text_align": "center""#),
        FormatKey(
            name: "max_lines", object: .modal, value: .positiveInteger, isRequired: false,
            aliases: ["maxlines", "lines"],
            meaning: "The most lines the message may take; text beyond them is cut and ends in an ellipsis.",
            example: #""max_lines": 3"#),
        FormatKey(
            name: "direction", object: .modal, value: .oneOf(TextDirection.allCases.map(\.rawValue)),
            isRequired: false, aliases: [],
            meaning:
                "The base direction of the paragraphs; auto, the default, takes it from the first strong character.",
            example: #""direction": "rtl""#),

        FormatKey(
            name: "apply_to", object: .style, value: .object(.range), isRequired: true, aliases: ["range", "applyto"],
            meaning: "The range of msg the style covers, in UTF-16 code units.",
            example: #""apply_to": {"from": 0, "length": 5}"#),
        FormatKey(
            name: "font_style", object: .style, value: .oneOf(FontStyle.allCases.map(\.rawValue)), isRequired: false,
            aliases: ["weight"], meaning: "The font.", example: #""font_style": "bold""#),
        FormatKey(
            name: "underline", object: .style, value: .boolean, isRequired: false, aliases: [],
            meaning: "Underline, combined with font_style.", example: #""underline": true"#),
        FormatKey(
            name: "strikethrough", object: .style, value: .boolean, isRequired: false, aliases: [],
            meaning: "Strike through, combined with font_style.", example: #""strikethrough": true"#),
        FormatKey(
            name: "font_size", object: .style, value: .number(in: FontSizeLimits.drawablePoints), isRequired: false,
            aliases: ["size", "fontsize"],
            meaning: "Size in points, from 1 to 1000; 6 to 200 reads well on a phone.", example: #""font_size": 24"#),
        FormatKey(
            name: "color", object: .style, value: .color, isRequired: false,
            aliases: ["colour", "textcolor", "foreground"], meaning: "Text colour.", example: ##""color": "#ff8800""##),
        FormatKey(
            name: "bg_color", object: .style, value: .color, isRequired: false,
            aliases: ["background", "backgroundcolor", "background_color"], meaning: "Background colour.",
            example: ##""bg_color": "#1f3a93""##),
        FormatKey(
            name: "link", object: .style, value: .action, isRequired: false, aliases: ["url", "href"],
            meaning: "Makes the range a link that can be focused and activated.",
            example: #""link": "https://example.com""#),

        FormatKey(
            name: "from", object: .range, value: .utf16Count, isRequired: true,
            aliases: ["start", "offset", "location"],
            meaning: "Where the range starts, in UTF-16 code units from the start of msg.", example: #""from": 0"#),
        FormatKey(
            name: "length", object: .range, value: .utf16Count, isRequired: true, aliases: ["len", "count"],
            meaning: "How long the range is, in UTF-16 code units.", example: #""length": 5"#),

        FormatKey(
            name: "label", object: .button, value: .label, isRequired: true, aliases: ["title", "name"],
            meaning: "The visible label.", example: #""label": "OK""#),
        FormatKey(
            name: "action", object: .button, value: .action, isRequired: true, aliases: ["onclick"],
            meaning: "What pressing the button does.", example: #""action": "close""#),
        FormatKey(
            name: "bg_color", object: .button, value: .color, isRequired: false,
            aliases: ["background", "backgroundcolor", "background_color"], meaning: "The button's background.",
            example: ##""bg_color": "#1f3a93""##),
        FormatKey(
            name: "fg_color", object: .button, value: .color, isRequired: false, aliases: [],
            meaning: "The label's colour.", example: ##""fg_color": "#ffffff""##),
    ]

    static let keysByObject: [[FormatKey]] = FormatObject.allCases.map { object in
        keys.filter { $0.object == object }
    }

    static let keyNamesByObject: [[String]] = keysByObject.map { $0.map(\.name) }

    /// Each alias, mapped to the key it stands for.
    package static let aliases: [String: String] = Dictionary(
        keys.flatMap { key in key.aliases.map { ($0, key.name) } }, uniquingKeysWith: { first, _ in first })

    /// Every key name once, then every enumerated value once, in declaration order.
    package static let words: [String] = {
        var seen: Set<String> = []
        return (keys.map(\.name) + keys.flatMap(\.value.allowedValues)).filter { seen.insert($0).inserted }
    }()
}

extension Array where Element == String {
    /// The words as a message lists them: "a, b or c".
    package var listedWithOr: String {
        guard count > 1 else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " or " + last!
    }
}
