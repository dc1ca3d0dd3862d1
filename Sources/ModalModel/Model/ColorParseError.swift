import PositionedJSON

/// Why a text is not a colour, with the fix: the hint `invalid-color` diagnostics carry.
///
/// Every colour form needs its `#`, as the format does: `ModalColor.parse` and `ModalColor(hex:)` refuse `ff8800`
/// alike and say to write `#ff8800`.
public struct ColorParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was given.
    public var text: String
    /// What is wrong and how to fix it, such as `"#12345" has 5 hex digits; use 3, 4, 6 or 8`.
    public var reason: String
    /// Whether `text` is a colour, but a name where only hex digits are taken (`ModalColor(hex: "red")`).
    let isNameWhereHexIsWanted: Bool

    /// `"<text>" is not a colour: <reason>`, or `"<text>" is a colour name, not hex: <reason>`.
    public var description: String {
        let what = isNameWhereHexIsWanted ? "is a colour name, not hex" : "is not a colour"
        return "\(JSONWriter.quoted(text)) \(what): \(reason)"
    }

    /// Works out why `text` is not a colour (it must not parse). For `ModalColor(hex:)` (`forHex`), a misspelt
    /// name is answered with the hex of the name it resembles: a name would be refused there in turn.
    init(text: String, forHex: Bool = false) {
        self.text = text
        self.isNameWhereHexIsWanted = false
        var reason = "use #RGB, #RRGGBB, #RRGGBBAA (alpha last, as in CSS) or a CSS colour name"
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            if digits.allSatisfy(\.isHexDigit) {
                reason = "\(JSONWriter.quoted(text)) has \(digits.count) hex digits; use 3, 4, 6 or 8"
            } else {
                reason = "\(JSONWriter.quoted(text)) has characters that are not hex digits (0-9, a-f)"
            }
        } else if text.count == 6 || text.count == 8 || text.count == 3, text.allSatisfy(\.isHexDigit) {
            reason = "add the '#': \"#\(text)\""
        } else if text.lowercased().hasPrefix("0x") {
            reason = "write it as \"#\(text.dropFirst(2))\""
        } else if let name = Suggestions.closest(to: text, among: CSSNamedColors.table.keys.sorted()) {
            if forHex, let color = ModalColor(cssText: name) {
                reason = "did you mean \(JSONWriter.quoted(color.hexText)), the hex of '\(name)'?"
            } else {
                reason = "did you mean '\(name)'?"
            }
        }
        self.reason = reason
    }

    /// `name`, a CSS colour name, given where hex digits are wanted.
    init(nameWhereHexIsWanted name: String, hexText: String) {
        self.text = name
        self.isNameWhereHexIsWanted = true
        self.reason =
            "ModalColor(hex:) takes \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\": write \(JSONWriter.quoted(hexText)), "
            + "or use ModalColor.parse(\(JSONWriter.quoted(name))) for names"
    }
}

extension ModalColor {
    /// Parses any colour form of the format (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, a CSS name), saying why not.
    public static func parse(_ text: String) throws(ColorParseError) -> ModalColor {
        guard let color = ModalColor(cssText: text) else { throw ColorParseError(text: text) }
        return color
    }

    /// Parses a hex colour with its `#`, as the format writes it: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`
    /// (alpha last). A CSS name is refused with the hex to write instead, and so is a misspelt one; `parse(_:)`
    /// takes names.
    public init(hex: String) throws(ColorParseError) {
        guard let color = ModalColor(cssText: hex) else { throw ColorParseError(text: hex, forHex: true) }
        guard hex.hasPrefix("#") else {
            throw ColorParseError(nameWhereHexIsWanted: hex, hexText: color.hexText)
        }
        self = color
    }
}
