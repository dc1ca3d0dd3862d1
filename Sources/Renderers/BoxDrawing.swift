/// The straight lines of the Unicode box-drawing block, drawn as shapes rather than glyphs.
///
/// A font's box-drawing glyphs span its own ascent and descent, not the cell: with any row height other
/// than the font's line height they leave gaps between rows, and stretched glyphs from a fallback font
/// miss the cell centre. Drawn as rectangles from the cell edges to the cell centre, frames join exactly.
/// Arms and weights follow the character names in the Unicode Box Drawing block (U+2500–U+257F).
struct BoxDrawing: Equatable {
    /// Whether the line reaches the left edge of the cell.
    var left: Bool
    /// Whether the line reaches the right edge of the cell.
    var right: Bool
    /// Whether the line reaches the top edge of the cell.
    var up: Bool
    /// Whether the line reaches the bottom edge of the cell.
    var down: Bool
    /// Heavy (twice as thick) rather than light.
    var heavy: Bool

    /// The lines of a one-scalar grapheme from the light and heavy straight lines, corners, tees, crosses
    /// and half lines; nil for anything else (rounded, double and dashed lines are left to the font).
    static func of(_ grapheme: String) -> BoxDrawing? {
        let utf8 = grapheme.utf8
        // Every box-drawing character is E2 94 xx or E2 95 xx in UTF-8: three bytes, one scalar.
        guard utf8.count == 3, let scalar = grapheme.unicodeScalars.first, (0x2500...0x257F).contains(scalar.value)
        else { return nil }
        switch scalar.value {
        case 0x2500: return BoxDrawing("lr", heavy: false)  // ─
        case 0x2501: return BoxDrawing("lr", heavy: true)  // ━
        case 0x2502: return BoxDrawing("ud", heavy: false)  // │
        case 0x2503: return BoxDrawing("ud", heavy: true)  // ┃
        case 0x250C: return BoxDrawing("rd", heavy: false)  // ┌
        case 0x250F: return BoxDrawing("rd", heavy: true)  // ┏
        case 0x2510: return BoxDrawing("ld", heavy: false)  // ┐
        case 0x2513: return BoxDrawing("ld", heavy: true)  // ┓
        case 0x2514: return BoxDrawing("ru", heavy: false)  // └
        case 0x2517: return BoxDrawing("ru", heavy: true)  // ┗
        case 0x2518: return BoxDrawing("lu", heavy: false)  // ┘
        case 0x251B: return BoxDrawing("lu", heavy: true)  // ┛
        case 0x251C: return BoxDrawing("udr", heavy: false)  // ├
        case 0x2523: return BoxDrawing("udr", heavy: true)  // ┣
        case 0x2524: return BoxDrawing("udl", heavy: false)  // ┤
        case 0x252B: return BoxDrawing("udl", heavy: true)  // ┫
        case 0x252C: return BoxDrawing("lrd", heavy: false)  // ┬
        case 0x2533: return BoxDrawing("lrd", heavy: true)  // ┳
        case 0x2534: return BoxDrawing("lru", heavy: false)  // ┴
        case 0x253B: return BoxDrawing("lru", heavy: true)  // ┻
        case 0x253C: return BoxDrawing("lrud", heavy: false)  // ┼
        case 0x254B: return BoxDrawing("lrud", heavy: true)  // ╋
        case 0x2574: return BoxDrawing("l", heavy: false)  // ╴
        case 0x2575: return BoxDrawing("u", heavy: false)  // ╵
        case 0x2576: return BoxDrawing("r", heavy: false)  // ╶
        case 0x2577: return BoxDrawing("d", heavy: false)  // ╷
        case 0x2578: return BoxDrawing("l", heavy: true)  // ╸
        case 0x2579: return BoxDrawing("u", heavy: true)  // ╹
        case 0x257A: return BoxDrawing("r", heavy: true)  // ╺
        case 0x257B: return BoxDrawing("d", heavy: true)  // ╻
        default: return nil
        }
    }

    /// Arms from their initials: `l`eft, `r`ight, `u`p, `d`own.
    private init(_ arms: StaticString, heavy: Bool) {
        var left = false
        var right = false
        var up = false
        var down = false
        arms.withUTF8Buffer { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "l"): left = true
                case UInt8(ascii: "r"): right = true
                case UInt8(ascii: "u"): up = true
                default: down = true
                }
            }
        }
        self.left = left
        self.right = right
        self.up = up
        self.down = down
        self.heavy = heavy
    }

    /// Whether the character has a left or right arm (a horizontal stroke).
    var isHorizontal: Bool { left || right }
    /// Whether the character has an up or down arm (a vertical stroke).
    var isVertical: Bool { up || down }
}
