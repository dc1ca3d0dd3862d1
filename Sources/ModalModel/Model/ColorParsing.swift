@_spi(Kernel) import TextKernel

extension ModalColor {
    /// Parses `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` (CSS order: alpha last) or a CSS named colour; nil when the
    /// text is none of these (`ModalColor.parse` says why, for callers outside the decoder's hot path).
    package init?(cssText text: String) {
        var text = text
        if text.utf8.first == UInt8(ascii: "#") {
            // Hex forms are parsed straight from the UTF-8 bytes: colours are in most styles of most documents.
            guard let color = text.withUTF8(Self.init(hexUTF8:)) else { return nil }
            self = color
            return
        }
        let name = text.lowercased()
        guard let rgb = CSSNamedColors.table[name] else { return nil }
        if name == "transparent" {
            self.init(red: 0, green: 0, blue: 0, alpha: 0)
        } else {
            self.init(red: UInt8(rgb >> 16), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
        }
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` from UTF-8 bytes; nil for anything else.
    ///
    /// Colours are in most styles and buttons, so the digits are read as the lanes of one word (`ByteLanes.hexDigitValues`)
    /// rather than digit by digit with a branch each.
    package init?(hexUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count - 1
        guard count == 3 || count == 4 || count == 6 || count == 8, bytes[0] == UInt8(ascii: "#") else { return nil }
        // The first digit in the lowest lane; lanes past the last digit hold "0".
        var lanes: UInt64 = count == 8 ? 0 : 0x3030_3030_3030_3030 << UInt64(8 * count)
        for index in 0..<count { lanes |= UInt64(bytes[1 + index]) << UInt64(8 * index) }
        guard let nibbles = ByteLanes.hexDigitValues(lanes) else { return nil }
        let channels: UInt64
        let hasAlpha = count == 4 || count == 8
        if count <= 4 {
            // #abc is #aabbcc: each nibble twice.
            channels = nibbles &* 0x11
        } else {
            // Two lanes a channel, the high nibble first: every other lane shifted up and joined to the next.
            let pairs = (nibbles & 0x00FF_00FF_00FF_00FF) << 4 | (nibbles >> 8) & 0x00FF_00FF_00FF_00FF
            channels = pairs & 0xFF | (pairs >> 8) & 0xFF00 | (pairs >> 16) & 0xFF_0000 | (pairs >> 24) & 0xFF00_0000
        }
        self.init(
            red: UInt8(truncatingIfNeeded: channels), green: UInt8(truncatingIfNeeded: channels >> 8),
            blue: UInt8(truncatingIfNeeded: channels >> 16),
            alpha: hasAlpha ? UInt8(truncatingIfNeeded: channels >> 24) : 0xFF)
    }
}

/// The CSS ModalColor Module Level 4 named colours (https://www.w3.org/TR/css-color-4/#named-colors), as 0xRRGGBB.
package enum CSSNamedColors {
    package static let table: [String: UInt32] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
        "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
        "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
        "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
        "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
        "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
        "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
        "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC,
        "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B,
        "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1,
        "darkviolet": 0x9400D3, "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969,
        "dimgrey": 0x696969, "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0,
        "forestgreen": 0x228B22, "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF,
        "gold": 0xFFD700, "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000,
        "greenyellow": 0xADFF2F, "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4,
        "indianred": 0xCD5C5C, "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C,
        "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD,
        "lightblue": 0xADD8E6, "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF,
        "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90,
        "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA,
        "lightskyblue": 0x87CEFA, "lightslategray": 0x778899, "lightslategrey": 0x778899,
        "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32,
        "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA,
        "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB,
        "mediumseagreen": 0x3CB371, "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A,
        "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585, "midnightblue": 0x191970,
        "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD,
        "navy": 0x000080, "oldlace": 0xFDF5E6, "olive": 0x808000, "olivedrab": 0x6B8E23,
        "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA,
        "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093,
        "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB,
        "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399,
        "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513,
        "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE,
        "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD,
        "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F,
        "steelblue": 0x4682B4, "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8,
        "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3,
        "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32,
        "transparent": 0x000000,
    ]
}
