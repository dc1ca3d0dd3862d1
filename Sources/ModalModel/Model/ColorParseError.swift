/// Why a text is not a colour, with the fix: the hint `invalid-color` diagnostics carry.
public struct ColorParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was given.
    public var text: String
    /// What is wrong and how to fix it, such as `"#12345" has 5 hex digits; use 3, 4, 6 or 8`.
    public var reason: String

    /// `"<text>" is not a colour: <reason>`.
    public var description: String { "\(JSONWriter.quoted(text)) is not a colour: \(reason)" }

    /// Works out why `text` is not a colour (it must not parse).
    init(text: String) {
        self.text = text
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
            reason = "did you mean '\(name)'?"
        }
        self.reason = reason
    }
}

extension ModalColor {
    /// Parses any colour form of the format (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, a CSS name), saying why not.
    public static func parse(_ text: String) throws(ColorParseError) -> ModalColor {
        guard let color = ModalColor(cssText: text) else { throw ColorParseError(text: text) }
        return color
    }

    /// Parses hex digits, with or without the leading `#`: `RGB`, `RGBA`, `RRGGBB` or `RRGGBBAA` (alpha last).
    public init(hex: String) throws(ColorParseError) {
        let text = hex.hasPrefix("#") ? hex : "#" + hex
        guard let color = ModalColor(cssText: text), text.dropFirst().allSatisfy(\.isHexDigit) else {
            throw ColorParseError(text: hex)
        }
        self = color
    }
}
