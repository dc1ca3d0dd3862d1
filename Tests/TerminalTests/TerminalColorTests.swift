import ModalModel
import Screen
import TestSupport
import Testing

@testable import Terminal

@Suite struct TerminalColorTests {
    func rgb(_ value: UInt32) -> ModalColor {
        ModalColor(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    @Test func directColourNumbersAreRGB() {
        expectEqual(TerminalColor.number(for: rgb(0x3366FF), depth: .trueColor), 0x3366FF)
    }

    /// Regression: xterm-direct sends colour numbers below 8 as the eight ANSI colours (`setaf` has
    /// `%p1%{8}%<`), so `#000001` became the theme's red-or-whatever colour 1; it is sent as `#000008`.
    @Test func directColourNumbersStayOutOfTheANSIRange() {
        expectEqual(TerminalColor.number(for: rgb(0x000001), depth: .trueColor), 8)
        expectEqual(TerminalColor.number(for: rgb(0x000000), depth: .trueColor), 8)
        expectEqual(TerminalColor.number(for: rgb(0x000009), depth: .trueColor), 9)
    }

    /// A lower depth asked for on a direct-colour description is sent as the RGB of the palette entry.
    @Test func paletteChoicesUnderADirectDescriptionAreSentAsTheirRGB() {
        // #ff8800 is 208 in the 256 palette: cube (5, 2, 0) = #ff8700.
        expectEqual(TerminalColor.number(for: rgb(0xFF8800), depth: .indexed256, direct: true), 0xFF8700)
        // Bright blue (12) at 16 colours: xterm's #5c5cff.
        expectEqual(TerminalColor.number(for: rgb(0x1F6FEB), depth: .ansi16, direct: true), 0x5C5CFF)
        expectEqual(TerminalColor.number(for: rgb(0x1F6FEB), depth: .none, direct: true), -1)
    }

    @Test func exactCubeAndGreyColoursMapToThemselves() {
        // Palette 196 is the cube's pure red (5,0,0); 21 pure blue; 231 white; 232 and 255 the grey ends.
        expectEqual(TerminalColor.number(for: rgb(0xFF0000), depth: .indexed256), 196)
        expectEqual(TerminalColor.number(for: rgb(0x0000FF), depth: .indexed256), 21)
        expectEqual(TerminalColor.number(for: rgb(0xFFFFFF), depth: .indexed256), 231)
        expectEqual(TerminalColor.number(for: rgb(0x080808), depth: .indexed256), 232)
        expectEqual(TerminalColor.number(for: rgb(0xEEEEEE), depth: .indexed256), 255)
        expectEqual(TerminalColor.number(for: rgb(0x5F87AF), depth: .indexed256), 67)
    }

    @Test func lowSaturationPrefersTheGreyRamp() {
        // #777777 sits between cube greys 95 (59) and 135 (102) but on the ramp at 118 (243).
        expectEqual(TerminalColor.number(for: rgb(0x777777), depth: .indexed256), 243)
        expectEqual(TerminalColor.number(for: rgb(0x767878), depth: .indexed256), 243)
    }

    @Test func saturatedColoursUseTheCube() {
        expectEqual(TerminalColor.number(for: rgb(0x3366FF), depth: .indexed256), 63)
        expectEqual(TerminalColor.number(for: rgb(0xFF8800), depth: .indexed256), 208)
    }

    @Test func sixteenAndEightColoursPickTheNearestANSIColour() {
        expectEqual(TerminalColor.number(for: rgb(0xFF1010), depth: .ansi16), 9)
        expectEqual(TerminalColor.number(for: rgb(0xC00000), depth: .ansi16), 1)
        expectEqual(TerminalColor.number(for: rgb(0xFF1010), depth: .ansi8), 1)
        expectEqual(TerminalColor.number(for: rgb(0xF0F0F0), depth: .ansi8), 7)
        expectEqual(TerminalColor.number(for: rgb(0x101010), depth: .ansi8), 0)
    }

    @Test func noColourMeansTheDefault() {
        expectEqual(TerminalColor.number(for: rgb(0xFF0000), depth: .none), -1)
    }

    @Test func translucentColoursAreBlendedFirst() {
        let halfRed = ModalColor(red: 255, green: 0, blue: 0, alpha: 128)
        let white = rgb(0xFFFFFF)
        let resolved = TerminalColor.opaque(foreground: halfRed, background: white)
        expectEqual(resolved.foreground, ModalColor(red: 255, green: 127, blue: 127))
        expectEqual(resolved.background, white)
        let overBlack = TerminalColor.opaque(foreground: halfRed, background: nil)
        expectEqual(overBlack.foreground, ModalColor(red: 128, green: 0, blue: 0))
    }

    @Test func depthFollowsTheTerminal() {
        expectEqual(ColorDepth.forTerminal(colors: 1 << 24, hasColors: true, noColor: false), .trueColor)
        expectEqual(ColorDepth.forTerminal(colors: 256, hasColors: true, noColor: false), .indexed256)
        expectEqual(ColorDepth.forTerminal(colors: 16, hasColors: true, noColor: false), .ansi16)
        expectEqual(ColorDepth.forTerminal(colors: 8, hasColors: true, noColor: false), .ansi8)
        expectEqual(ColorDepth.forTerminal(colors: 256, hasColors: true, noColor: true), .none)
        expectEqual(ColorDepth.forTerminal(colors: 0, hasColors: false, noColor: false), .none)
    }
}
