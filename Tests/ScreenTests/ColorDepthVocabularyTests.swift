import ModalModel
import Screen
import TestSupport
import Testing

/// The colour depths and the xterm-256 palette are declared once, in Screen: every option word and every
/// palette colour comes from there.
@Suite struct ColorDepthVocabularyTests {
    @Test func theNamedDepthsAreTheOptionWordsDeepestFirst() {
        expectEqual(ColorDepth.namedDepths, [.trueColor, .indexed256, .ansi16, .none])
        expectEqual(ColorDepth.namedDepths.compactMap(\.word), ["truecolor", "256", "16", "none"])
        for depth in ColorDepth.allCases {
            expectEqual(depth.word.flatMap(ColorDepth.init(word:)), (depth == .ansi8 ? nil : depth))
        }
        expect(ColorDepth(word: "ansi8") == nil)
        expect(ColorDepth(word: "trueColor") == nil)
    }

    /// xterm's own values (its 256colres.h): the 6×6×6 cube over 0, 95, 135, 175, 215, 255 and the grey ramp
    /// 8, 18, …, 238.
    @Test func xterm256EntriesHaveXtermsValues() {
        func rgb(_ index: UInt8) -> String { ColorPalette.color(ofIndex: index, depth: .indexed256).hexRGB }
        expectEqual(rgb(16), "#000000")
        expectEqual(rgb(21), "#0000ff")
        expectEqual(rgb(59), "#5f5f5f")
        expectEqual(rgb(124), "#af0000")
        expectEqual(rgb(208), "#ff8700")
        expectEqual(rgb(231), "#ffffff")
        expectEqual(rgb(232), "#080808")
        expectEqual(rgb(244), "#808080")
        expectEqual(rgb(255), "#eeeeee")
        expectEqual(rgb(9), ColorPalette.ansi16Colors[9].hexRGB)
    }

    /// Mapping a palette colour back gives its own entry, for every cube colour the saturation rule keeps in
    /// the cube and every grey of the ramp: the two directions are one palette.
    @Test func everyPaletteColourMapsBackToItsEntry() {
        var checked = 0
        for index in UInt8(16)...255 {
            let color = ColorPalette.color(ofIndex: index, depth: .indexed256)
            let isCubeGrey = index < 232 && color.red == color.green && color.green == color.blue
            guard !isCubeGrey else { continue }
            expectEqual(ColorPalette.xterm256Index(for: color), index, "\(index) is \(color.hexRGB)")
            checked += 1
        }
        expectEqual(checked, 240 - 6)
    }
}
