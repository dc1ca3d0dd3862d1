import ModalModel
import PositionedJSON
import Reporting
import TestSupport
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

    @Test func everyFileHasItsAnchorAndTheValidOnesAreCollapsed() {
        let page = ReportFormat.html.render(Self.reports)
        // Three files, and the summary's list of the two to look at.
        expect(page.ranges(of: "class=\"file ").count == 3 && page.ranges(of: "class=\"entry ").count == 2)
        expect(page.contains("<li class=\"file valid\" id=\"file-0\" data-codes=\"\"><a href=\"#file-0\">ok.json</a>"))
        expect(page.contains("<section class=\"file invalid\" id=\"file-1\" data-codes=\"invalid-color\">"))
        expect(page.contains("<section class=\"file invalid\" id=\"file-2\" data-codes=\"file-unreadable\">"))
        expect(page.contains("<li class=\"entry invalid\"><a href=\"#file-1\">&lt;b&gt;bad&lt;/b&gt;.json</a>"))
        expect(page.contains("checked 3 files: 1 valid, 2 invalid"))
    }

    /// The summary leads the markup, so keyboards and screen readers meet it first, and every file leads back.
    @Test func theSummaryComesFirstAndEveryFileLinksBack() throws {
        let page = ReportFormat.html.render(Self.reports)
        let header = try #require(page.range(of: "<header class=\"summary\" id=\"summary\" tabindex=\"-1\">"))
        let main = try #require(page.range(of: "<main>"))
        expect(header.upperBound < main.lowerBound)
        expect(page[header.upperBound..<main.lowerBound].contains("checked 3 files: 1 valid, 2 invalid"))
        expectEqual(page.ranges(of: "<a class=\"back\" href=\"#summary\">summary</a>").count, 3)
        expect(page.contains("<title>ModalKit review: checked 3 files: 1 valid, 2 invalid"))
    }

    /// Files with errors come first, then those with warnings, then the valid ones, whatever order they came in.
    @Test func filesAreGroupedErrorsWarningsValid() throws {
        let warned = Self.report("w.json", #"{"msg":"x","styles":[{"apply_to":{"from":0,"length":0}}]}"#)
        let page = ReportFormat.html.render([Self.reports[0], warned, Self.reports[1]])
        let order = ["id=\"file-2\"", "id=\"file-1\"", "id=\"file-0\""].map {
            page.ranges(of: $0).last?.lowerBound
        }
        expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        expect(page.contains("<h2 class=\"group\" id=\"with-errors\" data-group=\"0\">Files with errors (1)</h2>"))
        expect(page.contains("<h2 class=\"group\" id=\"with-warnings\" data-group=\"1\">Files with warnings (1)</h2>"))
        expect(page.contains("<h2 class=\"group\" id=\"valid\" data-group=\"2\">Valid files (1)</h2>"))
        expect(page.contains("<section class=\"file valid warned\" id=\"file-1\""))
    }

    /// A valid file's pictures are markup inside `<noscript>`: parsed only without a script (and then shown by
    /// `:target`), drawn by the script when the line is opened.
    @Test func validFilesKeepTheirModalsInNoscriptAndInvalidOnesSaySo() throws {
        let page = ReportFormat.html.render(Self.reports)
        let valid = try #require(page.firstRange(of: "<li class=\"file valid\" id=\"file-0\""))
        let end = try #require(page[valid.upperBound...].firstRange(of: "</noscript></li>"))
        let line = page[valid.upperBound..<end.lowerBound]
        let hidden = try #require(line.firstRange(of: "<noscript>"))
        expect(line[hidden.upperBound...].hasPrefix("<div class=\"file-body\">\n<div class=\"pages\">"))
        expect(page.contains("li.file:target>noscript{display:block"))
        expectEqual(line.ranges(of: "<section class=\"page theme-light\"").count, 2)
        expect(line.contains("<p class=\"page-label\">2/2</p>") && line.contains("id=\"f0-modal-1-light-title\""))
        expect(page.contains("not drawn: the file has errors"))
        expect(page.contains("not drawn: the file cannot be read"))
        expect(page.contains("error: cannot read the file: no such file"))
    }

    @Test func theControlsAreHiddenUntilTheScriptShowsThem() {
        let page = ReportFormat.html.render(Self.reports)
        expect(page.contains("<form class=\"controls\" role=\"search\" hidden>"))
        expect(page.contains("<option value=\"invalid-color\">invalid-color (1)</option>"))
        expect(page.contains("<option value=\"file-unreadable\">file-unreadable (1)</option>"))
        expect(page.ranges(of: "<script>").count == 1 && page.contains("form.hidden = false;"))
    }

    @Test func diagnosticsCarryTheirExcerptAndHintEscaped() {
        let page = ReportFormat.html.render(Self.reports)
        expect(page.contains("<span class=\"severity\">error</span>: &quot;#12345&quot; is not a colour"))
        expect(page.contains("<code>[invalid-color]</code>"))
        expect(
            page.contains(
                "<pre class=\"excerpt\" tabindex=\"0\" role=\"group\" aria-label=\"source at line 1, column 90\"> 1 | "
                    + "{&quot;msg&quot;: &quot;&lt;script&gt;x&lt;/script&gt;&quot;"))
        expect(page.contains("<p class=\"hint\">hint: &quot;#12345&quot; has 5 hex digits"))
        expectEqual(page.ranges(of: "<script>").count, 1, "the page's own, and no other")
    }

    /// The page goes to standard output, which may be a terminal: a file name's escape sequence is shown, not sent.
    @Test func controlsInAPathNeverReachTheOutput() {
        let page = ReportFormat.html.render([FileReport(path: "evil\u{1B}]0;pwned\u{07}.json", diagnostics: [])])
        expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        expect(page.contains("pwned"))
    }

    @Test func strictCountsWarningsAsFailing() {
        let warned = Self.report("w.json", #"{"msg":"x","styles":[{"apply_to":{"from":0,"length":0}}]}"#)
        expect(warned.diagnostics.contains { $0.severity == .warning })
        expect(ReportFormat.html.render([warned]).contains("<section class=\"file valid warned\""))
        let strict = ReportFormat.html.render([warned], options: ReportOptions(strict: true))
        expect(strict.contains("<section class=\"file invalid\""))
    }
}
