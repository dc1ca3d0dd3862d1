/// The model as the JSON of the format: the keys, value forms and key order FORMAT.md gives.
///
/// Keys whose value is the default (`text_align: left`, `direction: auto`, empty `styles` and `buttons`) are left
/// out, so that every value has exactly one encoding.
extension ModalDocument {
    /// The document as JSON: an array of modals, or one modal object when it was read from one.
    public var wireValue: JSONValue {
        if !isArray && modals.count == 1 { return modals[0].wireValue }
        return .array(modals.map { JSONNode(value: $0.wireValue, byteOffset: 0) })
    }
}

extension Modal {
    /// The modal as a JSON object.
    public var wireValue: JSONValue {
        var members = [JSONMember(key: "msg", value: .string(message))]
        if !styles.isEmpty {
            members.append(
                JSONMember(key: "styles", value: .array(styles.map { JSONNode(value: $0.wireValue, byteOffset: 0) })))
        }
        if !buttons.isEmpty {
            members.append(
                JSONMember(key: "buttons", value: .array(buttons.map { JSONNode(value: $0.wireValue, byteOffset: 0) })))
        }
        if textAlignment != .left {
            members.append(JSONMember(key: "text_align", value: .string(textAlignment.rawValue)))
        }
        if let maxLines { members.append(JSONMember(key: "max_lines", value: .number(JSONNumber(maxLines)))) }
        if direction != .auto { members.append(JSONMember(key: "direction", value: .string(direction.rawValue))) }
        return .object(members)
    }
}

extension Style {
    /// The style as a JSON object, `apply_to` first.
    public var wireValue: JSONValue {
        var members = [JSONMember(key: "apply_to", value: range.wireValue)]
        if let fontStyle { members.append(JSONMember(key: "font_style", value: .string(fontStyle.rawValue))) }
        if let underline { members.append(JSONMember(key: "underline", value: .bool(underline))) }
        if let strikethrough { members.append(JSONMember(key: "strikethrough", value: .bool(strikethrough))) }
        if let fontSize { members.append(JSONMember(key: "font_size", value: .number(JSONNumber(fontSize)))) }
        if let color { members.append(JSONMember(key: "color", value: .string(color.hexText))) }
        if let backgroundColor { members.append(JSONMember(key: "bg_color", value: .string(backgroundColor.hexText))) }
        if let link { members.append(JSONMember(key: "link", value: .string(link.text))) }
        return .object(members)
    }
}

extension UTF16Range {
    /// The range as `{"from": …, "length": …}`.
    public var wireValue: JSONValue {
        .object([
            JSONMember(key: "from", value: .number(JSONNumber(utf16Offset))),
            JSONMember(key: "length", value: .number(JSONNumber(utf16Length))),
        ])
    }
}

extension Button {
    /// The button as a JSON object.
    public var wireValue: JSONValue {
        var members = [
            JSONMember(key: "label", value: .string(label)), JSONMember(key: "action", value: .string(action.text)),
        ]
        if let backgroundColor { members.append(JSONMember(key: "bg_color", value: .string(backgroundColor.hexText))) }
        if let foregroundColor { members.append(JSONMember(key: "fg_color", value: .string(foregroundColor.hexText))) }
        return .object(members)
    }
}

extension Color {
    /// `#rrggbb` when opaque, else `#rrggbbaa` (alpha last, as in CSS), lower case: nothing is lost.
    public var hexText: String {
        guard alpha != 255 else { return hexRGB }
        let digits: [Character] = Array("0123456789abcdef")
        return hexRGB + String([digits[Int(alpha >> 4)], digits[Int(alpha & 0xF)]])
    }
}
