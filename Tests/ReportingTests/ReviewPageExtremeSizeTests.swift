import ModalModel
import PositionedJSON
import Reporting
import TestSupport
import Testing

/// One file's modals never lose the others: a `font_size` of 1e16 trapped while the review page was drawn,
/// and the whole page, every other file's entry with it, was lost.
@Suite struct ReviewPageExtremeSizeTests {
    static func modal(fontSize: Double) -> ModalDocument {
        ModalDocument(modals: [
            Modal(
                message: "Big sale today",
                styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 3), fontSize: fontSize)])
        ])
    }

    /// Reports as a library caller can build them: documents made in code skip validation, so any size reaches
    /// the page; a file with errors and an unreadable one sit between them.
    static let reports: [FileReport] = {
        var reports = [1e16, .infinity, 25, .nan, -.infinity, .leastNonzeroMagnitude, 1e9].enumerated().map {
            FileReport(path: "size-\($0.offset).json", diagnostics: [], document: modal(fontSize: $0.element))
        }
        let bytes = Array(#"[{"msg":"a","styles":[{"apply_to":{"from":0,"length":1},"font_size":1e16}]}]"#.utf8)
        let refused = ModalDecoder.decode(bytes)
        reports.insert(
            FileReport(
                path: "refused.json", source: SourceText(bytes: bytes), diagnostics: refused.diagnostics,
                document: refused.document),
            at: 2)
        reports.insert(FileReport(path: "gone.json", diagnostics: [], unreadable: "no such file"), at: 4)
        return reports
    }()

    @Test func everyFileKeepsItsEntryAndTheSizesAreDrawable() throws {
        let page = ReportFormat.html.render(Self.reports)
        expect(page.hasSuffix("</body></html>\n"))
        expectEqual(page.ranges(of: "\" id=\"file-").count, Self.reports.count)
        for (index, report) in Self.reports.enumerated() {
            expect(page.contains("<a href=\"#file-\(index)\">\(report.path)</a>"), "\(report.path)")
        }
        expect(page.contains("font_size 10000000000000000 is above 1000 points"))
        expect(page.contains("not drawn: the file has errors"))
        expect(page.contains("not drawn: the file cannot be read"))
        // The style sheet in the head has sizes of its own; the files' modals come after `<main>`.
        let files = try #require(page.firstRange(of: "<main>").map { page[$0.upperBound...] })
        for size in files.ranges(of: "font-size:").map({ files[$0.upperBound...].prefix { $0 != ";" } }) {
            guard size.hasSuffix("px"), let pixels = Double(size.dropLast(2)) else {
                Issue.record("font-size:\(size)")
                continue
            }
            expect(pixels >= 1 && pixels <= 1000, "font-size:\(size)")
        }
        expect(page.contains("font-size:1000px;\">Big</span>"))
        expect(page.contains("font-size:1px;\">Big</span>"))
        expect(page.contains("font-size:25px;\">Big</span>"))
    }

    @Test func everyOtherFormatKeepsEveryFile() {
        for format in [ReportFormat.text, .json, .github, .sarif] {
            let output = format.render(Self.reports)
            expect(output.contains("refused.json"), "\(format)")
            expect(output.contains("gone.json"), "\(format)")
        }
        let json = ReportFormat.json.render(Self.reports)
        for report in Self.reports { expect(json.contains("\"path\":\"\(report.path)\""), "\(report.path)") }
    }
}
