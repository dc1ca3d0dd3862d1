import ModalModel
import TestSupport
import Testing

@testable import Screen
@testable import Terminal

/// The ANSI renderer and the ncurses front must give every colour the same palette entry, or
/// `render --color 256` would not print what the preview shows.
@Suite struct ColorEdgeAgreementTests {
    /// Channel values of a 64-step lattice that includes both ends (0, 4, …, 252, 255); a quick run takes every
    /// other step (0, 8, …, 248, 255).
    static let channelLevels: [UInt8] =
        TestScale.sample(stride(from: 0, through: 252, by: 4).map { UInt8($0) }, quick: 2) + [255]

    /// The renderer's colour as a palette number: what its SGR parameter carries.
    func rendererNumber(_ color: ModalColor, depth: ColorDepth) -> Int32 {
        switch SGRColor(color, depth: depth) {
        case .terminalDefault: return -1
        case .ansi16(let index), .indexed256(let index): return Int32(index)
        case .rgb(let red, let green, let blue): return Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
        }
    }

    @Test(.tags(.slow), arguments: [ColorDepth.indexed256, .ansi16, .ansi8])
    func rendererAndTerminalAgreeOnEveryLatticeColour(depth: ColorDepth) {
        var disagreements: [String] = []
        for red in Self.channelLevels {
            for green in Self.channelLevels {
                for blue in Self.channelLevels {
                    let color = ModalColor(red: red, green: green, blue: blue)
                    var style = CellStyle()
                    style.foreground = color
                    style.background = color
                    let pair = TerminalColor.pairNumbers(for: style, depth: depth)
                    let rendered = rendererNumber(color, depth: depth)
                    if pair.foreground != rendered || pair.background != rendered, disagreements.count < 10 {
                        disagreements.append("\(color): renderer \(rendered), terminal \(pair)")
                    }
                }
            }
        }
        expect(disagreements.isEmpty, "\(disagreements)")
    }

    /// Regression: `#00000F` was 16 in `render --color 256` and 232 in the preview.
    @Test func darkBlueIsCubeBlackInBoth() {
        let color = ModalColor(red: 0, green: 0, blue: 0x0F)
        expectEqual(rendererNumber(color, depth: .indexed256), 16)
        expectEqual(TerminalColor.number(for: color, depth: .indexed256), 16)
    }

    /// Regression (issue: with `TERM=xterm`, 8 colours, grey text became cyan and `#1f6feb` a cyan
    /// background, where `render --color 16` chose bright black and bright blue): on 8 colours the preview
    /// shows the normal colour of what `render --color 16` chose, and a mid grey as the light grey 7.
    @Test(arguments: [
        (0x888888, 8, 7), (0x808080, 8, 7), (0x1F6FEB, 12, 4), (0xFF0000, 9, 1), (0x242425, 0, 0),
        (0xFFFFFF, 15, 7), (0x00CD00, 2, 2), (0x3478F6, 12, 4),
    ])
    func eightColoursFoldWhatSixteenColoursChose(rgb: Int, sixteen: Int32, eight: Int32) {
        let color = ModalColor(red: UInt8(rgb >> 16 & 0xFF), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF))
        expectEqual(rendererNumber(color, depth: .ansi16), sixteen)
        expectEqual(TerminalColor.number(for: color, depth: .ansi8), eight)
        expectEqual(rendererNumber(color, depth: .ansi8), eight)
    }
}
