import ModalModel
import PositionedJSON
import Reporting
import Testing

/// The review page (`ReportFormat.html`) as markup: one section per report, diagnostics escaped with their excerpts, the CSS filter.
@Suite struct HTMLReviewPageTests {
    static func report(_ path: String, _ json: String) -> FileReport {
        let bytes = Array(json.utf8)
        let result = ModalDecoder.decode(bytes)
        return FileReport(
            path: path, source: SourceText(bytes: bytes), diagnostics: result.diagnostics, document: result.document)
    }

    static let reports = [
        report("ok.json", #"[{"msg":"one"},{"msg":"two","buttons":[{"label":"Go","action":"next"}]}]"#),
        report(
            "<b>bad</b>.json",
            "{\"msg\": \"<script>x</script>\", \"styles\": [{\"apply_to\": {\"from\": 0, \"length\": 1}, \"color\": \"#12345\"}]}"
        ),
        FileReport(path: "gone.json", diagnostics: [], unreadable: "no such file"),
    ]

    @Test func everyFileIsASectionWithItsAnchor() {
        let page = ReportFormat.html.render(Self.reports)
        #expect(page.ranges(of: "<section class=\"file ").count == 3)
        #expect(page.contains("<section class=\"file valid\" id=\"file-0\">"))
        #expect(page.contains("<section class=\"file invalid\" id=\"file-1\">"))
        #expect(page.contains("<section class=\"file invalid\" id=\"file-2\">"))
        #expect(page.contains("<li class=\"file invalid\"><a href=\"#file-1\">&lt;b&gt;bad&lt;/b&gt;.json</a>"))
        #expect(page.contains("checked 3 files: 1 valid, 2 invalid"))
    }

    /// The summary comes last in the markup, so the page's first element leads to it for keyboards and
    /// screen readers, which follow the markup rather than the order the style sheet shows.
    @Test func theFirstElementLeadsToTheSummaryWrittenLast() throws {
        let page = ReportFormat.html.render(Self.reports)
        let body = try #require(page.range(of: "<body")).upperBound
        let afterBody = page[body...].drop { $0 != ">" }.dropFirst().drop(while: \.isWhitespace)
        #expect(afterBody.hasPrefix("<a class=\"skip\" href=\"#summary\">Go to the summary</a>"))
        let header = try #require(page.range(of: "<header class=\"summary\" id=\"summary\" tabindex=\"-1\">"))
        #expect(page[header.upperBound...].contains("checked 3 files: 1 valid, 2 invalid"))
        #expect(try #require(page.range(of: "</main>")).lowerBound < header.lowerBound)
    }

    @Test func validFilesHaveTheirModalsDrawnAndInvalidOnesSaySo() {
        let page = ReportFormat.html.render(Self.reports)
        let first = page.ranges(of: "id=\"file-1\"").first.map { String(page[..<$0.lowerBound]) } ?? ""
        #expect(first.ranges(of: "<section class=\"page\"").count == 2)
        #expect(first.contains("<p class=\"page-label\">2/2</p>"))
        #expect(page.contains("not drawn: the file has errors"))
        #expect(page.contains("not drawn: the file cannot be read"))
        #expect(page.contains("error: cannot read the file: no such file"))
    }

    @Test func diagnosticsCarryTheirExcerptAndHintEscaped() {
        let page = ReportFormat.html.render(Self.reports)
        #expect(page.contains("<span class=\"severity\">error</span>: &quot;#12345&quot; is not a colour"))
        #expect(page.contains("<code>[invalid-color]</code>"))
        #expect(
            page.contains("<pre class=\"excerpt\"> 1 | {&quot;msg&quot;: &quot;&lt;script&gt;x&lt;/script&gt;&quot;"))
        #expect(page.contains("<p class=\"hint\">hint: &quot;#12345&quot; has 5 hex digits"))
        #expect(!page.contains("<script>"))
    }

    /// The page goes to standard output, which may be a terminal: a file name's escape sequence is shown, not sent.
    @Test func controlsInAPathNeverReachTheOutput() {
        let page = ReportFormat.html.render([FileReport(path: "evil\u{1B}]0;pwned\u{07}.json", diagnostics: [])])
        #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(page.contains("pwned"))
    }

    @Test func strictCountsWarningsAsFailing() {
        let warned = Self.report("w.json", #"{"msg":"x","styles":[{"apply_to":{"from":0,"length":0}}]}"#)
        #expect(warned.diagnostics.contains { $0.severity == .warning })
        #expect(ReportFormat.html.render([warned]).contains("<section class=\"file valid\""))
        let strict = ReportFormat.html.render([warned], options: ReportOptions(strict: true))
        #expect(strict.contains("<section class=\"file invalid\""))
    }
}
