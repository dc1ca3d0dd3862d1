import ModalModel

/// The SGR-visible part of a cell style at one colour depth.
struct SGRState: Equatable {
    var bold = false
    var dim = false
    var italic = false
    var underline = false
    var strikethrough = false
    var reverse = false
    var foreground = SGRColor.terminalDefault
    var background = SGRColor.terminalDefault

    init() {}

    init(_ style: CellStyle, depth: ColorDepth) {
        bold = style.bold
        dim = style.dim
        italic = style.italic
        underline = style.underline
        strikethrough = style.strikethrough
        reverse = style.reverse
        foreground = SGRColor(style.foreground, depth: depth)
        background = SGRColor(style.background, depth: depth)
    }
}

/// A colour as an SGR colour parameter at one depth.
enum SGRColor: Equatable {
    case terminalDefault
    case ansi16(UInt8)
    case indexed256(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    init(_ color: ModalColor?, depth: ColorDepth) {
        guard let color else {
            self = .terminalDefault
            return
        }
        switch depth {
        case .none: self = .terminalDefault
        case .ansi8: self = .ansi16(ColorPalette.ansi8Index(for: color))
        case .ansi16: self = .ansi16(ColorPalette.ansi16Index(for: color))
        case .indexed256: self = .indexed256(ColorPalette.xterm256Index(for: color))
        case .trueColor: self = .rgb(color.red, color.green, color.blue)
        }
    }

    /// Appends this colour's SGR parameters, after a `;` when `separated`.
    func appendParameters(foreground: Bool, separated: Bool, to parameters: inout [UInt8]) {
        if separated { parameters.append(UInt8(ascii: ";")) }
        switch self {
        case .terminalDefault:
            appendDecimal(foreground ? 39 : 49, to: &parameters)
        case .ansi16(let index):
            let base = index < 8 ? (foreground ? 30 : 40) : (foreground ? 90 - 8 : 100 - 8)
            appendDecimal(base + Int(index), to: &parameters)
        case .indexed256(let index):
            appendDecimal(foreground ? 38 : 48, to: &parameters)
            parameters.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "5"), UInt8(ascii: ";")])
            appendDecimal(Int(index), to: &parameters)
        case .rgb(let red, let green, let blue):
            appendDecimal(foreground ? 38 : 48, to: &parameters)
            parameters.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "2")])
            parameters.append(UInt8(ascii: ";"))
            appendDecimal(Int(red), to: &parameters)
            parameters.append(UInt8(ascii: ";"))
            appendDecimal(Int(green), to: &parameters)
            parameters.append(UInt8(ascii: ";"))
            appendDecimal(Int(blue), to: &parameters)
        }
    }
}

/// Appends an integer in 0...999 (every SGR parameter written here) in decimal without going through `String`.
@inline(__always)
func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    if value >= 100 { out.append(UInt8(ascii: "0") + UInt8(value / 100)) }
    if value >= 10 { out.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
}
