import PositionedJSON

/// The model as the JSON of the format: the keys of `FormatVocabulary` in its order, with the value forms FORMAT.md gives.
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
        sink.key(ModalField.msg.key)
        sink.value(.string(message))
        if !styles.isEmpty {
            sink.key(ModalField.styles.key)
            sink.openArray()
            for style in styles { style.writeWire(to: &sink) }
            sink.closeArray()
        }
        if !buttons.isEmpty {
            sink.key(ModalField.buttons.key)
            sink.openArray()
            for button in buttons { button.writeWire(to: &sink) }
            sink.closeArray()
        }
        if textAlignment != .start {
            sink.key(ModalField.textAlign.key)
            sink.value(.string(textAlignment.rawValue))
        }
        if let maxLines {
            sink.key(ModalField.maxLines.key)
            sink.value(.number(JSONNumber(maxLines)))
        }
        if direction != .auto {
            sink.key(ModalField.direction.key)
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
        sink.key(StyleField.applyTo.key)
        range.writeWire(to: &sink)
        attributes.writeWire(to: &sink)
        sink.closeObject()
    }
}

extension StyleAttributes {
    /// Writes the members for the attributes that are set, in the format's key order.
    func writeWire(to sink: inout some WireSink) {
        if let fontStyle {
            sink.key(StyleField.fontStyle.key)
            sink.value(.string(fontStyle.rawValue))
        }
        if let underline {
            sink.key(StyleField.underline.key)
            sink.value(.bool(underline))
        }
        if let strikethrough {
            sink.key(StyleField.strikethrough.key)
            sink.value(.bool(strikethrough))
        }
        if let fontSize {
            sink.key(StyleField.fontSize.key)
            sink.value(.number(JSONNumber(fontSize)))
        }
        if let color {
            sink.key(StyleField.color.key)
            sink.value(.string(color.hexText))
        }
        if let backgroundColor {
            sink.key(StyleField.backgroundColor.key)
            sink.value(.string(backgroundColor.hexText))
        }
        if let link {
            sink.key(StyleField.link.key)
            sink.value(.string(link.text))
        }
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
        sink.key(RangeField.from.key)
        sink.value(.number(JSONNumber(utf16Offset)))
        sink.key(RangeField.length.key)
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
        sink.key(ButtonField.label.key)
        sink.value(.string(label))
        sink.key(ButtonField.action.key)
        sink.value(.string(action.text))
        if let backgroundColor {
            sink.key(ButtonField.backgroundColor.key)
            sink.value(.string(backgroundColor.hexText))
        }
        if let foregroundColor {
            sink.key(ButtonField.foregroundColor.key)
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
