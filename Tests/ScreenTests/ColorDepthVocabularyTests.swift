import ModalModel
import Screen
import Testing

/// The colour depths and the xterm-256 palette are declared once, in Screen: every option word and every
/// palette colour comes from there.
@Suite struct ColorDepthVocabularyTests {
    @Test func theNamedDepthsAreTheOptionWordsDeepestFirst() {
        #expect(ColorDepth.namedDepths == [.trueColor, .indexed256, .ansi16, .none])
        #expect(ColorDepth.namedDepths.compactMap(\.word) == ["truecolor", "256", "16", "none"])
        for depth in ColorDepth.allCases {
            #expect(depth.word.flatMap(ColorDepth.init(word:)) == (depth == .ansi8 ? nil : depth))
        }
        #expect(ColorDepth(word: "ansi8") == nil)
        #expect(ColorDepth(word: "trueColor") == nil)
    }

    /// xterm's own values (its 256colres.h): the 6×6×6 cube over 0, 95, 135, 175, 215, 255 and the grey ramp
    /// 8, 18, …, 238.
    @Test func xterm256EntriesHaveXtermsValues() {
        func rgb(_ index: UInt8) -> String { ColorPalette.color(ofIndex: index, depth: .indexed256).hexRGB }
        #expect(rgb(16) == "#000000")
        #expect(rgb(21) == "#0000ff")
        #expect(rgb(59) == "#5f5f5f")
        #expect(rgb(124) == "#af0000")
        #expect(rgb(208) == "#ff8700")
        #expect(rgb(231) == "#ffffff")
        #expect(rgb(232) == "#080808")
        #expect(rgb(244) == "#808080")
        #expect(rgb(255) == "#eeeeee")
        #expect(rgb(9) == ColorPalette.ansi16Colors[9].hexRGB)
    }

    /// Mapping a palette colour back gives its own entry, for every cube colour the saturation rule keeps in
    /// the cube and every grey of the ramp: the two directions are one palette.
    @Test func everyPaletteColourMapsBackToItsEntry() {
        var checked = 0
        for index in UInt8(16)...255 {
            let color = ColorPalette.color(ofIndex: index, depth: .indexed256)
            let isCubeGrey = index < 232 && color.red == color.green && color.green == color.blue
            guard !isCubeGrey else { continue }
            #expect(ColorPalette.xterm256Index(for: color) == index, "\(index) is \(color.hexRGB)")
            checked += 1
        }
        #expect(checked == 240 - 6)
    }
}
