/// One-line meanings of the format's keys and enumerated values, from FORMAT.md's tables, for hover.
///
/// Keyed by the kind of object that holds the key, since `bg_color` means one thing on a style and another
/// on a button.
package enum FormatMeanings {
    /// The kinds of object the format has.
    package enum ObjectKind: String, Sendable {
        case modal, style, range = "apply_to", button
    }

    /// The meaning of `key` in an object of `kind`, or nil for a key the format does not define.
    package static func meaning(ofKey key: String, in kind: ObjectKind) -> String? {
        switch (kind, key) {
        case (.modal, "msg"): "The message text (required). Line breaks are \\n, \\r\\n, \\r, U+2028 and U+2029."
        case (.modal, "styles"): "Attributes over ranges of msg, applied in array order."
        case (.modal, "buttons"): "Action buttons below the message, in display order."
        case (.modal, "text_align"): "Alignment of the message lines: left, center, right, start (default) or end."
        case (.modal, "max_lines"): "The most lines the message may take; text beyond them is cut with …."
        case (.modal, "direction"): "The base direction of the message's paragraphs: ltr, rtl or auto (default)."
        case (.style, "apply_to"): "The range of msg the style covers (required), in UTF-16 code units."
        case (.style, "font_style"): "The font: normal, bold, italic, bold_italic, underline or strikethrough."
        case (.style, "underline"): "Underline, combined with font_style."
        case (.style, "strikethrough"): "Strike through, combined with font_style."
        case (.style, "font_size"): "Size in points (a number > 0)."
        case (.style, "color"): "Text colour: #RGB, #RGBA, #RRGGBB, #RRGGBBAA (alpha last) or a CSS name."
        case (.style, "bg_color"): "Background colour: #RGB, #RGBA, #RRGGBB, #RRGGBBAA (alpha last) or a CSS name."
        case (.style, "link"): "Makes the range a link that can be focused and activated: an action string."
        case (.range, "from"): "Where the range starts, in UTF-16 code units from the start of msg."
        case (.range, "length"): "How many UTF-16 code units the range covers."
        case (.button, "label"): "The visible label (required, not only white space)."
        case (.button, "action"): "What pressing the button does (required): an action string."
        case (.button, "bg_color"): "The button's background colour."
        case (.button, "fg_color"): "The label's colour."
        default: nil
        }
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
        case ("action", "close"), ("link", "close"): "Dismiss this modal and show the next (or end)."
        case ("action", "next"), ("link", "next"): "Go to the next modal."
        case ("action", "prev"), ("link", "prev"): "Go to the previous modal."
        default: nil
        }
    }

    /// The enumerated values of a key, in FORMAT.md's order, for completion.
    package static func values(forKey key: String) -> [String] {
        switch key {
        case "font_style": ["normal", "bold", "italic", "bold_italic", "underline", "strikethrough"]
        case "text_align": ["left", "center", "right", "start", "end"]
        case "direction": ["ltr", "rtl", "auto"]
        default: []
        }
    }
}
