import ModalActions
import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// The line `modalkit preview` prints for an outcome, byte for byte, and read back into the same value.
@Suite struct PreviewOutcomeLineTests {
    func line(_ control: PreviewOutcome.Control, label: String, action: ModalAction) -> String {
        let outcome = PreviewOutcome(modalIndex: 2, control: control, label: label, action: action)
        let line = outcome.jsonLine
        expectEqual((try? PreviewOutcome(jsonLine: line)), outcome, "\(line) does not read back")
        return line
    }

    @Test func buttonLine() {
        expectEqual(
            line(.button(1), label: "OK", action: .close),
            #"{"modal":2,"button":1,"label":"OK","action":{"type":"close"}}"#)
    }

    @Test func linkLineNamesTheStyle() {
        expectEqual(
            line(.link(styleIndex: 4), label: "terms", action: .openURL("https://example.com/t")),
            #"{"modal":2,"link":4,"label":"terms","action":{"type":"url","url":"https://example.com/t"}}"#)
    }

    @Test func commandDataIsKeptAsJSON() throws {
        let data = try JSONParser.parse(Array(#"{"b":1,"a":[true,null],"b":"x"}"#.utf8)).get().value
        expectEqual(
            line(.button(0), label: "Go", action: .command(scheme: "kash", name: "go", data: data)),
            #"{"modal":2,"button":0,"label":"Go","action":{"type":"command","scheme":"kash","name":"go","data":{"b":1,"a":[true,null],"b":"x"}}}"#
        )
    }

    @Test func noControlCharacterSurvivesRaw() {
        let hostile = "x\u{1B}]52;c;aGk=\u{07}\u{9B}\u{2028}\u{202E}y"
        let out = line(.button(0), label: hostile, action: .custom(hostile))
        expect(
            !out.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028
                    || (0x202A...0x202E).contains($0.value)
            })
        expect(out.contains(#"x\u001b]52;c;aGk=\u0007"#))
    }
}
