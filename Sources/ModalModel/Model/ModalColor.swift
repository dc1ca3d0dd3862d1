/// An sRGB colour with straight (non-premultiplied) alpha, kept at full precision until output.
public struct ModalColor: Sendable, Hashable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#rrggbb`, lower case, alpha dropped.
    package var hexRGB: String {
        let digits: [Character] = Array("0123456789abcdef")
        var out = "#"
        for channel in [red, green, blue] {
            out.append(digits[Int(channel >> 4)])
            out.append(digits[Int(channel & 0xF)])
        }
        return out
    }

    /// This colour composited over an opaque `background` ("source over").
    public func blended(over background: ModalColor) -> ModalColor {
        if alpha == 255 { return self }
        let a = Int(alpha)
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Int(top) * a + Int(bottom) * (255 - a) + 127) / 255)
        }
        return ModalColor(
            red: mix(red, background.red), green: mix(green, background.green),
            blue: mix(blue, background.blue), alpha: 255)
    }
}

extension ModalColor: CustomStringConvertible {
    /// `#rrggbb`, or `#rrggbbaa` when the colour is not opaque: the text the format writes.
    public var description: String { hexText }
}
