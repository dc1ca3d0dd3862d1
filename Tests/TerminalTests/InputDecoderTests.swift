import Screen
import TestSupport
import Testing

@testable import Terminal

@Suite struct InputDecoderTests {
    func raw(_ text: String) -> [InputDecoder.Raw] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test func controlCharactersBecomeKeys() {
        expectEqual(InputDecoder.decode(raw("\t\r\n"), sgrMouse: false), [.key(.tab), .key(.enter), .key(.enter)])
    }

    @Test func printableCharactersPassThrough() {
        expectEqual(
            InputDecoder.decode(raw("q é"), sgrMouse: false), [.key(.char("q")), .key(.space), .key(.char("é"))])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        expectEqual(InputDecoder.decode(raw("\u{1B}"), sgrMouse: false), [.key(.escape)])
        expectEqual(InputDecoder.decode(raw("\u{1B}\u{1B}"), sgrMouse: false), [.key(.escape), .key(.escape)])
    }

    @Test func altCombinationsAreDropped() {
        expectEqual(InputDecoder.decode(raw("\u{1B}x"), sgrMouse: false), [])
    }

    @Test func otherControlCharactersAreIgnored() {
        expectEqual(InputDecoder.decode(raw("\u{7F}\u{01}a"), sgrMouse: false), [.key(.char("a"))])
    }

    @Test func sgrReportsBecomeMouseEvents() {
        let events = InputDecoder.decode(raw("\u{1B}[<0;12;5M\u{1B}[<0;12;5m"), sgrMouse: true)
        expectEqual(
            events,
            [
                .mouse(x: 11, y: 4, button: .left, pressed: true), .mouse(x: 11, y: 4, button: .left, pressed: false),
            ])
    }

    @Test func sgrButtonsAndWheel() {
        expectEqual(
            InputDecoder.decode(raw("\u{1B}[<2;1;1M"), sgrMouse: true),
            [
                .mouse(x: 0, y: 0, button: .right, pressed: true)
            ])
        expectEqual(
            InputDecoder.decode(raw("\u{1B}[<64;3;4M"), sgrMouse: true),
            [
                .mouse(x: 2, y: 3, button: .wheelUp, pressed: true)
            ])
        expectEqual(
            InputDecoder.decode(raw("\u{1B}[<65;3;4M"), sgrMouse: true),
            [
                .mouse(x: 2, y: 3, button: .wheelDown, pressed: true)
            ])
        // Modifier bits (shift 4, meta 8, control 16) do not change the button.
        expectEqual(
            InputDecoder.decode(raw("\u{1B}[<16;3;4M"), sgrMouse: true),
            [
                .mouse(x: 2, y: 3, button: .left, pressed: true)
            ])
    }

    @Test func motionReportsAreConsumedAndIgnored() {
        expectEqual(InputDecoder.decode(raw("\u{1B}[<32;3;4Mq"), sgrMouse: true), [.key(.char("q"))])
    }

    @Test func incompleteReportsAreNotMouseEvents() {
        expectEqual(
            InputDecoder.decode(raw("\u{1B}[<0;12"), sgrMouse: true).contains {
                if case .mouse = $0 { true } else { false }
            }, false)
    }

    @Test func sgrIsLeftAloneWhenNcursesDecodesIt() {
        expectEqual(
            InputDecoder.decode(raw("\u{1B}[<0;1;1M"), sgrMouse: false).contains {
                if case .mouse = $0 { true } else { false }
            }, false)
    }

    @Test func decodedInputsKeepTheirPlace() {
        let batch: [InputDecoder.Raw] = [.character(0x61), .input(.key(.up)), .character(0x09)]
        expectEqual(InputDecoder.decode(batch, sgrMouse: false), [.key(.char("a")), .key(.up), .key(.tab)])
    }
}
