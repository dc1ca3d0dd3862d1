import ModalModel
import PositionedJSON
import Reporting
import TestSupport
import Testing

/// Reports of the broken samples, an unreadable file and a valid one: every kind of input a report meets.
private func sampleReports() throws -> [FileReport] {
    var reports = try invalidSamplePaths().map(report(forRepositoryFile:))
    reports.append(FileReport(path: "gone/modal.json", diagnostics: [], unreadable: "No such file or directory"))
    reports.append(try report(forRepositoryFile: "samples/welcome.json"))
    return reports
}

/// `🎉` before the error counts 2 UTF-16 units but 1 scalar, so the two column units differ on this file.
private func emojiReport(keepSource: Bool = true) -> FileReport {
    let bytes = Array(#"{"msg":"🎉🎊 party","styles":[{"apply_to":{"from":1,"length":6}}]}"#.utf8)
    return FileReport(
        path: "emoji.json", source: keepSource ? SourceText(bytes: bytes) : nil,
        diagnostics: ModalDecoder.decode(bytes).diagnostics)
}

@Suite struct ReportFormatTests {
    /// What a streaming caller prints (each `write` at once, then `finish`) is the whole render, for every format.
    @Test(arguments: ReportFormat.allCases)
    func writingFileByFileGivesTheRender(format: ReportFormat) throws {
        let reports = try sampleReports()
        expect(reports.count >= 17)
        let options = ReportOptions(strict: true, annotationsPerKind: 2)
        var writer = ReportWriter(format: format, options: options)
        var streamed = ""
        var printedBeforeFinish = false
        for report in reports {
            let part = writer.write(report)
            printedBeforeFinish = printedBeforeFinish || !part.isEmpty
            streamed += part
        }
        streamed += writer.finish()
        expectEqual(streamed, format.render(reports, options: options))
        expectEqual(writer.summary, ReportSummary(reports, strict: true))
        // Text and JSON print as files come; GitHub, SARIF and the HTML page order files over all of them.
        expectEqual(printedBeforeFinish, (format == .text || format == .json))
    }

    @Test func noFilesIsStillAWholeDocument() {
        expectEqual(ReportFormat.text.render([]), "")
        expectEqual(ReportFormat.github.render([]), "")
        expectEqual(
            ReportFormat.json.render([]),
            #"{"files":[],"summary":{"files":0,"valid":0,"invalid":0,"unreadable":0,"errors":0,"warnings":0,"notes":0}}"#
                + "\n")
        expect(ReportFormat.sarif.render([]).hasSuffix(#""columnKind":"utf16CodeUnits","results":[]}]}"# + "\n"))
        let page = ReportFormat.html.render([])
        expect(page.hasPrefix("<!DOCTYPE html>\n") && page.hasSuffix("</body></html>\n"))
        expect(page.contains("<main>\n</main>") && page.contains("checked 0 files"))
    }

    /// A service that reports under its own name: SARIF's driver and the GitHub overflow notice carry it.
    @Test func toolNameAndVersionComeFromTheOptions() throws {
        let reports = try sampleReports()
        let options = ReportOptions(
            toolName: "promo-check", toolVersion: "4.2.0", annotationsPerKind: 1)
        let sarif = ReportFormat.sarif.render(reports, options: options)
        expect(sarif.contains(#""driver":{"name":"promo-check","version":"4.2.0","rules":["#))
        expect(!sarif.contains("modalkit\""))
        let github = ReportFormat.github.render(reports, options: options)
        let notice = try #require(github.split(separator: "\n").last)
        expect(notice.hasPrefix("::notice title=promo-check%3A more findings::"))
        expect(notice.hasSuffix("GitHub shows at most 1 error and 1 warning annotations per step."))
        expect(!github.contains("modalkit"))
        let advised = ReportOptions(
            toolName: "promo-check", annotationsPerKind: 1, fullReportAdvice: "See the build log.")
        expect(ReportFormat.github.render(reports, options: advised).hasSuffix("per step. See the build log.\n"))
        expectEqual(ReportOptions().toolVersion, ModalKitRelease.version)
    }

    @Test func utf16ColumnsInTheScalarFormats() throws {
        let report = emojiReport()
        let diagnostic = try #require(report.diagnostics.first)
        let scalarColumn = diagnostic.location.column
        let utf16 = ReportOptions(columnUnit: .utf16CodeUnits)
        expect(ReportFormat.text.render([report]).hasPrefix("emoji.json:1:\(scalarColumn): error: "))
        expect(
            ReportFormat.text.render([report], options: utf16).hasPrefix("emoji.json:1:\(scalarColumn + 2): error: "))
        expect(
            ReportFormat.github.render([report], options: utf16).hasPrefix(
                "::error file=emoji.json,line=1,col=\(scalarColumn + 2),"))
        let json = ReportFormat.json.render([report], options: utf16)
        expect(json.contains(#""line":1,"column":\#(scalarColumn + 2),"#))
        expect(json.hasSuffix(#","columnUnit":"utf16CodeUnits"}"# + "\n"))
        expect(!ReportFormat.json.render([report]).contains("columnUnit"))
    }

    /// Without the source there is nothing to count UTF-16 units over: the column is left out, never guessed.
    @Test func utf16ColumnsWithoutTheSourceAreLeftOut() {
        let report = emojiReport(keepSource: false)
        let utf16 = ReportOptions(columnUnit: .utf16CodeUnits)
        expect(ReportFormat.text.render([report], options: utf16).hasPrefix("emoji.json:1: error: "))
        expect(ReportFormat.github.render([report], options: utf16).hasPrefix("::error file=emoji.json,line=1,title="))
        expect(ReportFormat.json.render([report], options: utf16).contains(#""line":1,"column":null,"#))
        expect(!ReportFormat.sarif.render([report]).contains("region"))
    }

    @Test func sarifCanCountUnicodeScalars() throws {
        let report = emojiReport()
        let column = try #require(report.diagnostics.first).location.column
        let log = ReportFormat.sarif.render([report], options: ReportOptions(columnUnit: .unicodeScalars))
        expect(log.contains(#""columnKind":"unicodeCodePoints""#))
        expect(log.contains(#""region":{"startLine":1,"startColumn":\#(column)}"#))
        // The fix replaces the `1` of `"from":1`: its region counts scalars too.
        let fromColumn = Array(#"{"msg":"🎉🎊 party","styles":[{"apply_to":{"from":"#.unicodeScalars).count + 1
        expect(log.contains(#""startColumn":\#(fromColumn),"endLine":1,"endColumn":\#(fromColumn + 1)}"#))
    }

    /// Regression: an unreadable report that also carried diagnostics wrote two JSON objects with no comma.
    @Test func unreadableFileWithDiagnosticsIsStillValidJSON() throws {
        var report = emojiReport()
        report.unreadable = "truncated read"
        let json = ReportFormat.json.render([report])
        expect(json.contains(#""hint":null},{"severity":"error","code":"range-splits-surrogate""#))
    }
}
