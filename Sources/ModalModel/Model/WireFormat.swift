/// The model as the JSON of the format: the keys, value forms and key order FORMAT.md gives.
///
/// Keys whose value is the default (`text_align: left`, `direction: auto`, empty `styles` and `buttons`) are left
/// out, so that every value has exactly one encoding.
extension ModalDocument {
    /// The document as JSON: an array of modals, or one modal object when it was read from one.
    package var wireValue: JSONValue {
        var sink = ValueSink()
        writeWire(to: &sink)
        return sink.result
    }

    func writeWire(to sink: inout some WireSink) {
        if !isArray && modals.count == 1 { return modals[0].writeWire(to: &sink) }
        sink.openArray()
        for modal in modals { modal.writeWire(to: &sink) }
        sink.closeArray()
    }
}

extension Modal {
    /// The modal as a JSON object.
    package var wireValue: JSONValue {
        var sink = ValueSink()
        writeWire(to: &sink)
        return sink.result
    }

    func writeWire(to sink: inout some WireSink) {
        sink.openObject()
        sink.key("msg")
        sink.value(.string(message))
        if !styles.isEmpty {
            sink.key("styles")
            sink.openArray()
            for style in styles { style.writeWire(to: &sink) }
            sink.closeArray()
        }
        if !buttons.isEmpty {
            sink.key("buttons")
            sink.openArray()
            for button in buttons { button.writeWire(to: &sink) }
            sink.closeArray()
        }
        if textAlignment != .start {
            sink.key("text_align")
            sink.value(.string(textAlignment.rawValue))
        }
        if let maxLines {
            sink.key("max_lines")
            sink.value(.number(JSONNumber(maxLines)))
        }
        if direction != .auto {
            sink.key("direction")
            sink.value(.string(direction.rawValue))
        }
        sink.closeObject()
    }
}

extension ModalStyle {
    /// The style as a JSON object, `apply_to` first.
    package var wireValue: JSONValue {
        var sink = ValueSink()
        writeWire(to: &sink)
        return sink.result
    }

    func writeWire(to sink: inout some WireSink) {
        sink.openObject()
        sink.key("apply_to")
        range.writeWire(to: &sink)
        if let fontStyle {
            sink.key("font_style")
            sink.value(.string(fontStyle.rawValue))
        }
        if let underline {
            sink.key("underline")
            sink.value(.bool(underline))
        }
        if let strikethrough {
            sink.key("strikethrough")
            sink.value(.bool(strikethrough))
        }
        if let fontSize {
            sink.key("font_size")
            sink.value(.number(JSONNumber(fontSize)))
        }
        if let color {
            sink.key("color")
            sink.value(.string(color.hexText))
        }
        if let backgroundColor {
            sink.key("bg_color")
            sink.value(.string(backgroundColor.hexText))
        }
        if let link {
            sink.key("link")
            sink.value(.string(link.text))
        }
        sink.closeObject()
    }
}

extension UTF16Range {
    /// The range as `{"from": …, "length": …}`.
    package var wireValue: JSONValue {
        var sink = ValueSink()
        writeWire(to: &sink)
        return sink.result
    }

    func writeWire(to sink: inout some WireSink) {
        sink.openObject()
        sink.key("from")
        sink.value(.number(JSONNumber(utf16Offset)))
        sink.key("length")
        sink.value(.number(JSONNumber(utf16Length)))
        sink.closeObject()
    }
}

extension ModalButton {
    /// The button as a JSON object.
    package var wireValue: JSONValue {
        var sink = ValueSink()
        writeWire(to: &sink)
        return sink.result
    }

    func writeWire(to sink: inout some WireSink) {
        sink.openObject()
        sink.key("label")
        sink.value(.string(label))
        sink.key("action")
        sink.value(.string(action.text))
        if let backgroundColor {
            sink.key("bg_color")
            sink.value(.string(backgroundColor.hexText))
        }
        if let foregroundColor {
            sink.key("fg_color")
            sink.value(.string(foregroundColor.hexText))
        }
        sink.closeObject()
    }
}

extension ModalColor {
    /// `#rrggbb` when opaque, else `#rrggbbaa` (alpha last, as in CSS), lower case: nothing is lost.
    public var hexText: String {
        guard alpha != 255 else { return hexRGB }
        let digits: [Character] = Array("0123456789abcdef")
        return hexRGB + String([digits[Int(alpha >> 4)], digits[Int(alpha & 0xF)]])
    }
}
