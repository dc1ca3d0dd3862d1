import ModalModel

/// The string form of an action, as a link target and in the JSON layout's `link` field.
public enum ActionText {
    /// The action written the way the format spells it: `close`, `next`, `prev`, the URL itself,
    /// `SCHEME://invoke/cmd/NAME[/data/PERCENT-ENCODED-JSON]`, or the custom name.
    ///
    /// The result is not sanitised: it may hold whatever the message held.
    public static func string(for action: Action) -> String {
        switch action {
        case .close: return "close"
        case .next: return "next"
        case .previous: return "prev"
        case .openURL(let url): return url
        case .custom(let name): return name
        case .command(let scheme, let name, let data):
            var out = scheme + "://invoke/cmd/" + name
            if let data {
                out += "/data/"
                out += percentEncoded(JSONText.serialize(data))
            }
            return out
        }
    }

    /// `text` with every UTF-8 byte outside RFC 3986's unreserved set written as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
