import ModalModel

/// JSON text for the few places that write JSON (action strings, the JSON layout).
///
/// A stand-in for ModalModel's JSON writer: each function is one call to swap when that lands.
package enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    ///
    /// Every scalar `ControlCharacters` would replace (C0, DEL, C1, bidi controls) and U+2028/U+2029 are
    /// written as `\uXXXX`, so the literal holds no raw control byte and also parses as JavaScript.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if ControlCharacters.placeholder(for: scalar) != nil || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u"
                    let hex = String(scalar.value, radix: 16)
                    out += String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// A JSON number: integers without a fraction, other finite values in their shortest round-trip form,
    /// non-finite values as `null` (JSON has no spelling for them).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A JSON value as compact JSON text, members in their original order.
    package static func serialize(_ value: JSONValue) -> String {
        var out = ""
        serialize(value, into: &out)
        return out
    }

    private static func serialize(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number):
            if let integer = number.exactInteger { out += String(integer) } else { out += Self.number(number.double) }
        case .string(let text): out += quoted(text)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                serialize(item.value, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += quoted(member.key)
                out += ":"
                serialize(member.value.value, into: &out)
            }
            out += "}"
        }
    }
}
