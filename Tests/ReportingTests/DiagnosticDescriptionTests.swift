import ModalModel
import Reporting
import TestSupport
import Testing

@Suite struct DiagnosticDescriptionTests {
    @Test func descriptionIsOneCompilerStyleLine() {
        let result = ModalDecoder.decode(
            Array(#"{"msg":"Hi","buttons":[{"label":"OK","action":"close","colour":"red"}]}"#.utf8))
        let diagnostic = try! #require(result.diagnostics.first)
        expectEqual(
            diagnostic.description,
            #"1:55: warning: unknown key "colour" in button; it is ignored [unknown-key] at /buttons/0/colour; hint: the keys of a button are label, action, bg_color, fg_color"#
        )
        expect(!"\(diagnostic)".contains("\n"))
    }
}

@Suite struct DecodeInputTests {
    @Test func stringsSlicesAndArraysDecodeAlike() {
        let text = #"{"msg":"Hi","colour":"red"}"#
        let bytes = Array(text.utf8)
        let fromArray = ModalDecoder.decode(bytes).diagnostics
        expectEqual(fromArray.map(\.code), ["unknown-key"])
        expectEqual(ModalDecoder.decode(text).diagnostics, fromArray)
        expectEqual(ModalDecoder.decode(bytes[...]).diagnostics, fromArray)
        expectEqual(ModalDecoder.decode(ContiguousArray(bytes)).diagnostics, fromArray)
    }
}
