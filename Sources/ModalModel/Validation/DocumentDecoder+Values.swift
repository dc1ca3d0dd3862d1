import PositionedJSON

/// Value readers: strings, booleans, colours and actions, and how a value is described in a message.
extension DocumentDecoder {
    /// The value of an enumerated key, or nil after reporting a value of the wrong type or one the format does
    /// not list; `problem` words the error from the key, the quoted value and the allowed values.
    mutating func enumerated<Value: RawRepresentable>(
        _ member: JSONMember, as field: some ObjectField, _ code: DiagnosticCode,
        problem: (_ key: String, _ quoted: String, _ allowed: [String]) -> String, otherwise fallbackHint: String? = nil
    ) -> Value? where Value.RawValue == String {
        collector.push(.key(member.key))  // the member's key is the field's: it was matched by it
        defer { collector.pop() }
        guard let text = string(member, key: nil) else { return nil }
        if let value = Value(rawValue: text) { return value }
        let allowed = field.formatKey.value.allowedValues
        let suggestion = Suggestions.closest(to: text, among: allowed)
        collector.error(
            code, problem(member.key, JSONWriter.quoted(text), allowed), at: member.value.byteOffset,
            hint: suggestion.map { "did you mean '\($0)'?" } ?? fallbackHint)
        return nil
    }

    mutating func string(_ member: JSONMember, key: String?) -> String? {
        if case .string(let text) = member.value.value { return text }
        if let key { collector.push(.key(key)) }
        var hint: String?
        switch member.value.value {
        case .number, .bool, .null: hint = "write it in double quotes: \(JSONWriter.quoted(describe(member.value)))"
        case .array: hint = "join the parts into one string"
        default: break
        }
        collector.error(
            .wrongType, "\(member.key) must be a string, but it is \(member.value.value.kindDescription)",
            at: member.value.byteOffset, hint: hint)
        if key != nil { collector.pop() }
        return nil
    }

    mutating func boolean(_ member: JSONMember) -> Bool? {
        if case .bool(let value) = member.value.value { return value }
        collector.push(.key(member.key))
        var hint: String?
        if case .string(let text) = member.value.value, text == "true" || text == "false" {
            hint = "write \(text) without quotes"
        }
        collector.error(
            .wrongType, "\(member.key) must be true or false, not \(describe(member.value))",
            at: member.value.byteOffset, hint: hint)
        collector.pop()
        return nil
    }

    mutating func color(_ member: JSONMember, pushingKey: Bool = true) -> ModalColor? {
        if pushingKey { collector.push(.key(member.key)) }
        defer { if pushingKey { collector.pop() } }
        guard case .string(let text) = member.value.value else {
            var hint = "write a colour such as \"#ff8800\""
            if case .number(let number) = member.value.value, let value = number.exactInteger, value >= 0,
                value <= 0xFFFFFF
            {
                let hex = String(value, radix: 16)
                hint = "write colours as strings: \"#\(String(repeating: "0", count: max(0, 6 - hex.count)) + hex)\""
            }
            collector.error(
                .invalidColor, "\(member.key) must be a colour string, not \(describe(member.value))",
                at: member.value.byteOffset, hint: hint)
            return nil
        }
        if let color = ModalColor(cssText: text) { return color }
        let hint = ColorParseError(text: text).reason
        collector.error(
            .invalidColor, "\(JSONWriter.quoted(text)) is not a colour", at: member.value.byteOffset, hint: hint)
        return nil
    }

    mutating func action(_ member: JSONMember, pushingKey: Bool = true) -> ModalAction? {
        if pushingKey { collector.push(.key(member.key)) }
        defer { if pushingKey { collector.pop() } }
        guard case .string(let text) = member.value.value else {
            collector.error(
                .invalidAction, "\(member.key) must be an action string, not \(describe(member.value))",
                at: member.value.byteOffset,
                hint: ModalAction.actionFormsHint)
            return nil
        }
        switch ModalAction.parsing(text) {
        case .success(let parsed):
            for warning in parsed.warnings {
                collector.warning(
                    warning.diagnosticCode, warning.message, at: member.value.byteOffset, hint: warning.hint)
            }
            return parsed.action
        case .failure(let error):
            collector.error(error.diagnosticCode, error.message, at: member.value.byteOffset, hint: error.hint)
            return nil
        }
    }

    /// A number as written in the source (`1E-400`, not the `0.0` it rounds to), at most 40 characters.
    func numberLiteral(_ node: JSONNode) -> String {
        let bytes = source.bytes
        guard case .number = node.value, node.byteOffset >= 0, node.byteOffset < bytes.count else {
            return describe(node)
        }
        var end = node.byteOffset
        while end < bytes.count, end - node.byteOffset < 40,
            bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: ".")
                || bytes[end] | 0x20 == UInt8(ascii: "e") || (0x30...0x39).contains(bytes[end])
        {
            end += 1
        }
        if end == node.byteOffset { return describe(node) }
        return String(decoding: bytes[node.byteOffset..<end], as: UTF8.self)
            + (end < bytes.count
                && (0x30...0x39).contains(bytes[end]) ? "…" : "")
    }

    func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .number(let number):
            if let value = number.exactInteger { return String(value) }
            return String(number.double)
        case .string(let text):
            return text.unicodeScalars.count > 40 ? "a string" : JSONWriter.quoted(text)
        default:
            return node.value.kindDescription
        }
    }

    mutating func wrongType(_ node: JSONNode, expected: String) {
        collector.error(
            .wrongType, "expected \(expected), but found \(node.value.kindDescription)", at: node.byteOffset)
    }

}
