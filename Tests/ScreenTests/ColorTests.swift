import ModalModel
import Screen
import TestSupport
import Testing

private func rgb(_ hex: UInt32) -> ModalColor {
    ModalColor(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
}

@Suite struct ColorPaletteTests {
    @Test func orangeGoesToTheCube() {
        expectEqual(ColorPalette.xterm256Index(for: rgb(0xFF8800)), 208)
    }

    @Test(arguments: [
        (UInt32(0x000000), UInt8(16)), (0xFFFFFF, 231), (0x080808, 232), (0x808080, 244), (0x767676, 243),
        (0xEEEEEE, 255), (0x7F7A7A, 244), (0x030303, 16),
    ])
    func greysGoToTheRamp(hex: UInt32, index: UInt8) {
        expectEqual(ColorPalette.xterm256Index(for: rgb(hex)), index)
    }

    @Test(arguments: [
        (UInt32(0xFF0000), UInt8(196)), (0x00FF00, 46), (0x0000FF, 21), (0x00FFFF, 51), (0xFF00FF, 201),
        (0xFFFF00, 226), (0x5F87AF, 67), (0x870000, 88),
    ])
    func pureColoursHitTheCubeExactly(hex: UInt32, index: UInt8) {
        expectEqual(ColorPalette.xterm256Index(for: rgb(hex)), index)
    }

    @Test(arguments: [
        (UInt32(0x000000), UInt8(0)), (0xCD0000, 1), (0xFF0000, 9), (0x00FF00, 10), (0x0000EE, 4), (0xFFFFFF, 15),
        (0xE5E5E5, 7), (0x808080, 8), (0x10E010, 2), (0x10F810, 10), (0xB00000, 1),
    ])
    func sixteenColourNearest(hex: UInt32, index: UInt8) {
        expectEqual(ColorPalette.ansi16Index(for: rgb(hex)), index)
    }
}
