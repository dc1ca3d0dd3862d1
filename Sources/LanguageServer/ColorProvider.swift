import ModalModel
import PositionedJSON

/// Answers `textDocument/documentColor` and `textDocument/colorPresentation`.
package struct ColorProvider {
    /// The analysed document.
    package let sourceMap: JSONSourceMap

    /// Creates the provider for an analysed document.
    package init(sourceMap: JSONSourceMap) { self.sourceMap = sourceMap }

    /// Every colour value the format reads (a style's `color` and `bg_color`, a button's `bg_color` and
    /// `fg_color`) that parses: the byte range of the text inside its quotes, and the colour.
    package func colors() -> [(start: Int, end: Int, color: ModalColor)] {
        var found: [(start: Int, end: Int, color: ModalColor)] = []
        for modal in ModalSource(sourceMap).modalNodes {
            for (list, keys) in [("styles", ["color", "bg_color"]), ("buttons", ["bg_color", "fg_color"])] {
                guard case .array(let items)? = modal.value[list] else { continue }
                for item in items {
                    guard case .object(let members) = item.value else { continue }
                    for member in members where keys.contains(member.key) {
                        guard case .string(let text) = member.value.value, let color = ModalColor(cssText: text)
                        else { continue }
                        let end = sourceMap.end(of: member.value)
                        found.append((member.value.byteOffset + 1, max(member.value.byteOffset + 1, end - 1), color))
                    }
                }
            }
        }
        return found
    }

    /// The colour as the protocol writes it: channels from 0 to 1.
    package static func json(_ color: ModalColor) -> JSONValue {
        [
            "red": .number(JSONNumber(Double(color.red) / 255)),
            "green": .number(JSONNumber(Double(color.green) / 255)),
            "blue": .number(JSONNumber(Double(color.blue) / 255)),
            "alpha": .number(JSONNumber(Double(color.alpha) / 255)),
        ]
    }

    /// The colour from the protocol's form, or nil when a channel is missing or outside 0…1.
    package static func color(_ json: JSONValue?) -> ModalColor? {
        func channel(_ key: String) -> UInt8? {
            guard let value = json[key]?.doubleValue, value >= 0, value <= 1 else { return nil }
            return UInt8((value * 255).rounded())
        }
        guard let red = channel("red"), let green = channel("green"), let blue = channel("blue"),
            let alpha = channel("alpha")
        else { return nil }
        return ModalColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// How a colour can be written: `#RRGGBB` when opaque, `#RRGGBBAA` (alpha last, as CSS) otherwise.
    package static func presentations(of color: ModalColor) -> [String] {
        color.alpha == 255 ? [color.hexRGB] : [color.hexText]
    }
}
