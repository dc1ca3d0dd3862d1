import ModalModel
import Reporting
import Testing

@Suite struct DiagnosticDescriptionTests {
    @Test func descriptionIsOneCompilerStyleLine() {
        let result = ModalDecoder.decode(
            Array(#"{"msg":"Hi","buttons":[{"label":"OK","action":"close","colour":"red"}]}"#.utf8))
        let diagnostic = try! #require(result.diagnostics.first)
        #expect(
            diagnostic.description
                == #"1:55: warning: unknown key "colour" in button; it is ignored [unknown-key] at /buttons/0/colour; hint: the keys of a button are label, action, bg_color, fg_color"#
        )
        #expect(!"\(diagnostic)".contains("\n"))
    }
}

@Suite struct DecodeInputTests {
    @Test func stringsSlicesAndArraysDecodeAlike() {
        let text = #"{"msg":"Hi","colour":"red"}"#
        let bytes = Array(text.utf8)
        let fromArray = ModalDecoder.decode(bytes).diagnostics
        #expect(fromArray.map(\.code) == ["unknown-key"])
        #expect(ModalDecoder.decode(text).diagnostics == fromArray)
        #expect(ModalDecoder.decode(bytes[...]).diagnostics == fromArray)
        #expect(ModalDecoder.decode(ContiguousArray(bytes)).diagnostics == fromArray)
    }
}
