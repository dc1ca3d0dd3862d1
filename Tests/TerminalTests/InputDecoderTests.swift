import Screen
import Testing

@testable import Terminal

@Suite struct InputDecoderTests {
    func raw(_ text: String) -> [InputDecoder.Raw] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test func controlCharactersBecomeKeys() {
        #expect(InputDecoder.decode(raw("\t\r\n"), sgrMouse: false) == [.key(.tab), .key(.enter), .key(.enter)])
    }

    @Test func printableCharactersPassThrough() {
        #expect(
            InputDecoder.decode(raw("q é"), sgrMouse: false)
                == [.key(.char("q")), .key(.space), .key(.char("é"))])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        #expect(InputDecoder.decode(raw("\u{1B}"), sgrMouse: false) == [.key(.escape)])
        #expect(InputDecoder.decode(raw("\u{1B}\u{1B}"), sgrMouse: false) == [.key(.escape), .key(.escape)])
    }

    @Test func altCombinationsAreDropped() {
        #expect(InputDecoder.decode(raw("\u{1B}x"), sgrMouse: false) == [])
    }

    @Test func otherControlCharactersAreIgnored() {
        #expect(InputDecoder.decode(raw("\u{7F}\u{01}a"), sgrMouse: false) == [.key(.char("a"))])
    }

    @Test func sgrReportsBecomeMouseEvents() {
        let events = InputDecoder.decode(raw("\u{1B}[<0;12;5M\u{1B}[<0;12;5m"), sgrMouse: true)
        #expect(
            events == [
                .mouse(x: 11, y: 4, button: .left, pressed: true), .mouse(x: 11, y: 4, button: .left, pressed: false),
            ])
    }

    @Test func sgrButtonsAndWheel() {
        #expect(
            InputDecoder.decode(raw("\u{1B}[<2;1;1M"), sgrMouse: true) == [
                .mouse(x: 0, y: 0, button: .right, pressed: true)
            ])
        #expect(
            InputDecoder.decode(raw("\u{1B}[<64;3;4M"), sgrMouse: true) == [
                .mouse(x: 2, y: 3, button: .wheelUp, pressed: true)
            ])
        #expect(
            InputDecoder.decode(raw("\u{1B}[<65;3;4M"), sgrMouse: true) == [
                .mouse(x: 2, y: 3, button: .wheelDown, pressed: true)
            ])
        // Modifier bits (shift 4, meta 8, control 16) do not change the button.
        #expect(
            InputDecoder.decode(raw("\u{1B}[<16;3;4M"), sgrMouse: true) == [
                .mouse(x: 2, y: 3, button: .left, pressed: true)
            ])
    }

    @Test func motionReportsAreConsumedAndIgnored() {
        #expect(InputDecoder.decode(raw("\u{1B}[<32;3;4Mq"), sgrMouse: true) == [.key(.char("q"))])
    }

    @Test func incompleteReportsAreNotMouseEvents() {
        #expect(
            InputDecoder.decode(raw("\u{1B}[<0;12"), sgrMouse: true).contains {
                if case .mouse = $0 { true } else { false }
            } == false)
    }

    @Test func sgrIsLeftAloneWhenNcursesDecodesIt() {
        #expect(
            InputDecoder.decode(raw("\u{1B}[<0;1;1M"), sgrMouse: false).contains {
                if case .mouse = $0 { true } else { false }
            } == false)
    }

    @Test func decodedInputsKeepTheirPlace() {
        let batch: [InputDecoder.Raw] = [.character(0x61), .input(.key(.up)), .character(0x09)]
        #expect(InputDecoder.decode(batch, sgrMouse: false) == [.key(.char("a")), .key(.up), .key(.tab)])
    }
}
