import ModalModel
import Screen

/// The one JSON line the preview prints when an action ends it.
///
/// `{"modal":I,"button":J,"label":"…","action":{…}}`, or `"link":K` (the style's index) for a link.
/// The action encoding matches the one the renderers use; `encode(_:)` is the single place to swap it for theirs.
enum OutcomeJSON {
    /// The line for activating `focusable` on the modal at `modalIndex` (0-based), without a newline.
    static func line(modalIndex: Int, focusable: Focusable) -> String {
        var out = "{\"modal\":\(modalIndex),"
        switch focusable.kind {
        case .button(let index): out += "\"button\":\(index),"
        case .link(let styleIndex): out += "\"link\":\(styleIndex),"
        }
        out += "\"label\":"
        appendQuoted(focusable.label, to: &out)
        out += ",\"action\":"
        out += encode(focusable.action)
        out += "}"
        return out
    }

    /// An action as a JSON object: `{"type":"close"}`, `{"type":"url","url":"…"}`, and so on.
    static func encode(_ action: Action) -> String {
        var out = "{\"type\":"
        switch action {
        case .close: out += "\"close\""
        case .next: out += "\"next\""
        case .previous: out += "\"prev\""
        case .openURL(let url):
            out += "\"url\",\"url\":"
            appendQuoted(url, to: &out)
        case .command(let scheme, let name, let data):
            out += "\"command\",\"scheme\":"
            appendQuoted(scheme, to: &out)
            out += ",\"name\":"
            appendQuoted(name, to: &out)
            out += ",\"data\":"
            if let data { append(data, to: &out) } else { out += "null" }
        case .custom(let name):
            out += "\"custom\",\"name\":"
            appendQuoted(name, to: &out)
        }
        out += "}"
        return out
    }

    /// Appends a JSON value, object members in their order (duplicates kept, as parsed).
    static func append(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number):
            if let integer = number.exactInteger {
                out += String(integer)
            } else {
                // Swift prints finite doubles as the shortest round-tripping form, which is valid JSON
                // ("0.1", "1e-05", "1e+16").
                out += number.double.description
            }
        case .string(let text): appendQuoted(text, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                append(element.value, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                appendQuoted(member.key, to: &out)
                out += ":"
                append(member.value.value, to: &out)
            }
            out += "}"
        }
    }

    /// Appends a JSON string literal in which no control character survives raw: C0, DEL and C1 controls,
    /// and the line and paragraph separators (which break JavaScript readers), are `\u` escapes.
    static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                    let hex = String(value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
