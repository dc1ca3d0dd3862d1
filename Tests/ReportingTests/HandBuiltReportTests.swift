import ModalModel
import PositionedJSON
import Reporting
import TestSupport
import Testing

/// Reports a service builds by hand, without every argument the command line passes: the review page says what
/// is true of them, and draws what it can.
@Suite struct HandBuiltReportTests {
    static let validJSON = #"[{"msg":"one"},{"msg":"two","buttons":[{"label":"Go","action":"next"}]}]"#

    @Test func aValidReportWithItsSourceButNoDocumentIsDrawnFromTheSource() {
        let bytes = Array(Self.validJSON.utf8)
        let handMade = FileReport(path: "ok.json", source: SourceText(bytes: bytes), diagnostics: [])
        let page = ReportFormat.html.render([handMade])
        expect(!page.contains("not drawn"))
        expectEqual(page.ranges(of: "<section class=\"page ").count, 2)
        let withDocument = FileReport(
            path: "ok.json", source: SourceText(bytes: bytes), diagnostics: [],
            document: ModalDecoder.decode(bytes).document)
        expectEqual(page, ReportFormat.html.render([withDocument]))
    }

    @Test func aValidReportWithNeitherSaysSoAndNotThatTheFileHasErrors() {
        let page = ReportFormat.html.render([FileReport(path: "ok.json", diagnostics: [])])
        expect(!page.contains("the file has errors"))
        expect(
            page.contains(
                "not drawn: the report holds neither the document nor the source (pass document: to FileReport)"))
        expect(page.contains("checked 1 file: 1 valid, 0 invalid"))
    }

    @Test func aReportOfErrorsStillSaysTheFileHasErrors() {
        let bytes = Array(#"{"msg": 1}"#.utf8)
        let result = ModalDecoder.decode(bytes)
        expect(result.hasErrors)
        for source in [SourceText(bytes: bytes), nil] {
            let page = ReportFormat.html.render([
                FileReport(path: "bad.json", source: source, diagnostics: result.diagnostics)
            ])
            expect(page.contains("not drawn: the file has errors"))
        }
    }

    /// A hand-made report that lists no error for a source that has them: the page does not draw a guess.
    @Test func aSourceThatDoesNotDecodeIsNotDrawn() {
        let bytes = Array(#"{"msg": 1}"#.utf8)
        let page = ReportFormat.html.render([
            FileReport(path: "bad.json", source: SourceText(bytes: bytes), diagnostics: [])
        ])
        expect(page.contains("not drawn: the source does not decode to modals"))
    }

    /// The writer gives the same page a file at a time.
    @Test func theWriterDrawsTheHandBuiltReportToo() {
        let report = FileReport(path: "ok.json", source: SourceText(bytes: Array(Self.validJSON.utf8)), diagnostics: [])
        var writer = ReportWriter(format: .html)
        let written = writer.write(report) + writer.finish()
        expectEqual(written, ReportFormat.html.render([report]))
        expect(!written.contains("not drawn"))
    }

    /// What the writer gives, printed with `terminator: ""` as the CI article does, ends a line: every format
    /// and the summary line end with a line feed, so a shell prompt or the next output starts on its own line.
    @Test(arguments: ReportFormat.allCases)
    func everyWrittenOutputEndsWithALineFeed(format: ReportFormat) {
        let bad = Array(#"{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 9}}]}"#.utf8)
        let reports = [
            FileReport(path: "ok.json", source: SourceText(bytes: Array(Self.validJSON.utf8)), diagnostics: []),
            FileReport(
                path: "bad.json", source: SourceText(bytes: bad), diagnostics: ModalDecoder.decode(bad).diagnostics),
        ]
        var writer = ReportWriter(format: format, options: ReportOptions(strict: true))
        var output = ""
        for report in reports { output += writer.write(report) }
        output += writer.finish()
        expect(output.hasSuffix("\n"), "\(format)")
        expect(writer.summary.line.hasSuffix("\n"))
        expect((output + writer.summary.line).hasSuffix("invalid; 1 error, 0 warnings\n"))
    }
}
