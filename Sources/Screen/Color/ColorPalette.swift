import ModalModel

/// Downgrading full RGB colours to the xterm 256-colour, 16-colour and 8-colour ANSI palettes.
///
/// The one palette mapping of the package: the ANSI renderer and the ncurses front both call it, so
/// `render --color 256` and the preview show every colour with the same palette entry.
///
/// Why a grey ramp chosen by saturation (the model Rich uses) rather than the nearest entry by a
/// weighted RGB distance: terminals draw the cube and the ramp with different gamma and users retheme
/// them, so a distance metric over the nominal values often sends a dark tinted colour (`#00000F`) to a
/// grey and a near-grey to a tinted cube entry. Deciding "is this colour a grey?" by HSL saturation
/// first keeps hue where the author chose a hue and keeps greys neutral, which is what readers notice.
package enum ColorPalette {
    /// The palette index of `color` at `depth`, or nil when `depth` is `.none` or `.trueColor` (no palette).
    package static func index(for color: ModalColor, depth: ColorDepth) -> UInt8? {
        switch depth {
        case .none, .trueColor: return nil
        case .ansi8: return ansi8Index(for: color)
        case .ansi16: return ansi16Index(for: color)
        case .indexed256: return xterm256Index(for: color)
        }
    }

    /// The six channel levels of the xterm 6×6×6 colour cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest xterm-256 index (16–255) for a colour.
    ///
    /// Colours of low saturation (HSL saturation < 0.15) go to the grey ramp 232–255 (levels 8, 18, …, 238),
    /// or to cube black 16 / white 231 at the ends; all others to the nearest level per channel of the cube,
    /// so `#ff8800` gives 208. The 16 system colours are never chosen: themes redefine them.
    package static func xterm256Index(for color: ModalColor) -> UInt8 {
        let r = Int(color.red)
        let g = Int(color.green)
        let b = Int(color.blue)
        let high = max(r, g, b)
        let low = min(r, g, b)
        let sum = high + low
        // HSL saturation = (max − min) / (1 − |2L − 1|), computed on 0…255 integers.
        let chroma = high - low
        let denominator = sum <= 255 ? sum : 510 - sum
        let saturation = denominator == 0 ? 0 : Double(chroma) / Double(denominator)
        if saturation < 0.15 {
            let lightness = Double(sum) / 2
            var best = 16
            var bestDistance = lightness
            if 255 - lightness < bestDistance {
                best = 231
                bestDistance = 255 - lightness
            }
            for step in 0..<24 {
                let level = Double(8 + 10 * step)
                let distance = abs(level - lightness)
                if distance < bestDistance {
                    best = 232 + step
                    bestDistance = distance
                }
            }
            return UInt8(best)
        }
        return UInt8(16 + 36 * nearestCubeStep(r) + 6 * nearestCubeStep(g) + nearestCubeStep(b))
    }

    /// The index (0–5) of the cube level nearest a channel value; ties go to the lower level.
    static func nearestCubeStep(_ value: Int) -> Int {
        var best = 0
        for step in 1..<6 where abs(cubeLevels[step] - value) < abs(cubeLevels[best] - value) { best = step }
        return best
    }

    /// The 16 ANSI colours as xterm draws them by default: 0–7 normal, 8–15 bright.
    package static let ansi16Colors: [ModalColor] = [
        ModalColor(red: 0, green: 0, blue: 0), ModalColor(red: 205, green: 0, blue: 0),
        ModalColor(red: 0, green: 205, blue: 0), ModalColor(red: 205, green: 205, blue: 0),
        ModalColor(red: 0, green: 0, blue: 238), ModalColor(red: 205, green: 0, blue: 205),
        ModalColor(red: 0, green: 205, blue: 205), ModalColor(red: 229, green: 229, blue: 229),
        ModalColor(red: 127, green: 127, blue: 127), ModalColor(red: 255, green: 0, blue: 0),
        ModalColor(red: 0, green: 255, blue: 0), ModalColor(red: 255, green: 255, blue: 0),
        ModalColor(red: 92, green: 92, blue: 255), ModalColor(red: 255, green: 0, blue: 255),
        ModalColor(red: 0, green: 255, blue: 255), ModalColor(red: 255, green: 255, blue: 255),
    ]

    /// The nearest of the 16 ANSI colours (0–15) by the "redmean" weighted RGB distance, which tracks
    /// perceived difference better than plain Euclidean distance at no cost.
    package static func ansi16Index(for color: ModalColor) -> UInt8 {
        nearestANSI(color, among: 16)
    }

    /// The 16-colour choice folded onto the 8 basic colours (0–7): a bright colour becomes its normal one,
    /// and bright black (a mid grey) becomes white (xterm's 7 is a light grey).
    ///
    /// Why not the nearest of the eight: with no greys between black and white, a mid grey is nearer cyan
    /// than either, and `#1f6feb` nearer cyan than blue, so a terminal with 8 colours showed grey text as
    /// cyan and a blue button as cyan where `render --color 16` shows bright black and bright blue. Folding
    /// keeps the hue `--color 16` chose.
    package static func ansi8Index(for color: ModalColor) -> UInt8 {
        let index = ansi16Index(for: color)
        if index == 8 { return 7 }
        return index & 7
    }

    /// The colour a palette entry stands for at `depth` (the xterm defaults for the 16 ANSI colours), for
    /// outputs that take RGB only, such as ncurses under a direct-colour terminal description.
    package static func color(ofIndex index: UInt8, depth: ColorDepth) -> ModalColor {
        if depth != .indexed256 || index < 16 { return ansi16Colors[Int(index & 15)] }
        if index >= 232 {
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return ModalColor(red: level, green: level, blue: level)
        }
        let cube = Int(index) - 16
        return ModalColor(
            red: UInt8(cubeLevels[cube / 36]), green: UInt8(cubeLevels[cube / 6 % 6]), blue: UInt8(cubeLevels[cube % 6])
        )
    }

    /// The nearest of the first `count` ANSI colours by the redmean distance; ties go to the lower index.
    static func nearestANSI(_ color: ModalColor, among count: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in ansi16Colors.prefix(count).enumerated() {
            let meanRed = (Int(color.red) + Int(candidate.red)) / 2
            let dr = Int(color.red) - Int(candidate.red)
            let dg = Int(color.green) - Int(candidate.green)
            let db = Int(color.blue) - Int(candidate.blue)
            let distance = (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return UInt8(best)
    }
}
