import ModalModel

/// Full-RGB colours turned into the colour numbers a terminal of some depth understands.
///
/// The one place where colours are downgraded for ncurses; everything before it keeps full RGB.
enum TerminalColor {
    /// The colour number for `color` at `depth` (alpha already resolved), or -1 (the terminal's default)
    /// at depth `.none`.
    static func number(for color: Color, depth: ColorDepth) -> Int32 {
        switch depth {
        case .none: return -1
        case .direct: return Int32(color.red) << 16 | Int32(color.green) << 8 | Int32(color.blue)
        case .palette256: return nearest256(color)
        case .ansi16: return nearest(color, in: ansiPalette[...])
        case .ansi8: return nearest(color, in: ansiPalette[..<8])
        }
    }

    /// The xterm default values of the sixteen ANSI colours (xterm's `XTerm` resources).
    static let ansiPalette: [Color] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ].map { Color(red: $0.0, green: $0.1, blue: $0.2) }

    /// The channel levels of the 6×6×6 cube at palette entries 16–231.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest of palette entries 16–255: the closest cube colour or the closest of the 24 greys.
    /// Entries 0–15 are left out because users restyle them.
    static func nearest256(_ color: Color) -> Int32 {
        let channels = [Int(color.red), Int(color.green), Int(color.blue)]
        let cubeIndices = channels.map { value in
            cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) }!
        }
        let cube = Color(
            red: UInt8(cubeLevels[cubeIndices[0]]), green: UInt8(cubeLevels[cubeIndices[1]]),
            blue: UInt8(cubeLevels[cubeIndices[2]]))
        // Greys run 8, 18, ..., 238 at entries 232–255.
        let average = channels.reduce(0, +) / 3
        let greyIndex = min(23, max(0, (average - 8 + 5) / 10))
        let greyLevel = UInt8(8 + 10 * greyIndex)
        let grey = Color(red: greyLevel, green: greyLevel, blue: greyLevel)
        if distance(color, grey) < distance(color, cube) { return Int32(232 + greyIndex) }
        return Int32(16 + 36 * cubeIndices[0] + 6 * cubeIndices[1] + cubeIndices[2])
    }

    static func nearest(_ color: Color, in palette: ArraySlice<Color>) -> Int32 {
        Int32(palette.indices.min { distance(color, palette[$0]) < distance(color, palette[$1]) }!)
    }

    /// Squared distance weighted by how strongly the eye responds to each channel ("redmean").
    static func distance(_ a: Color, _ b: Color) -> Int {
        let meanRed = (Int(a.red) + Int(b.red)) / 2
        let dr = Int(a.red) - Int(b.red)
        let dg = Int(a.green) - Int(b.green)
        let db = Int(a.blue) - Int(b.blue)
        // Swift's shifts bind tighter than multiplication, hence the parentheses.
        return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
    }

    /// Resolves alpha: the background over black, the foreground over that background.
    static func opaque(foreground: Color?, background: Color?) -> (foreground: Color?, background: Color?) {
        let black = Color(red: 0, green: 0, blue: 0)
        let background = background?.blended(over: black)
        let foreground = foreground?.blended(over: background ?? black)
        return (foreground, background)
    }
}
