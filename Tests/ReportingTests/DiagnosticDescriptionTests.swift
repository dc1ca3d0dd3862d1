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

/// The README's "From Swift" reporting example, kept compiling and working.
@Suite struct ReadmeReportingExampleTests {
    @Test func reportingExampleRuns() throws {
        let json = #"{"msg":"🎉 Hi","styles":[{"apply_to":{"from":1,"length":3}}]}"#
        let bytes = Array(json.utf8)
        let result = ModalDecoder.decode(bytes)
        let report = FileReport(
            path: "inbox/42.json", source: SourceText(bytes: bytes), diagnostics: result.diagnostics)
        #expect(ReportFormat.text.render([report]).hasPrefix("inbox/42.json:1:45: error: "))
        #expect(ReportFormat.sarif.render([report]).contains(#""startColumn":46"#))
        #expect(ReportFormat.github.render([report]).hasPrefix("::error file=inbox/42.json,line=1,col=45,"))
        let (fixed, fixes) = try #require(ModalFixer.fixed(bytes, diagnostics: result.diagnostics))
        #expect(fixes.map(\.summary) == ["convert the ranges of modal / from code points to UTF-16 units"])
        #expect(
            UnifiedDiff.diff(path: "inbox/42.json", old: bytes, new: fixed).hasSuffix(
                "+{\"msg\":\"🎉 Hi\",\"styles\":[{\"apply_to\":{\"from\":2,\"length\":3}}]}\n\\ No newline at end of file\n"
            ))
        #expect(result.diagnostics.first.map(String.init(describing:))?.hasPrefix("1:45: error: ") == true)
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
