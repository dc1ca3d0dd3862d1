import HTMLRendering
import ModalModel

/// One HTML page for reviewing a set of checked files, for a CI artifact (`ReportFormat.html`): a summary with a
/// link to each file, then every file with its modals drawn as an app would (`DocumentFormat.html`) beside its
/// diagnostics, each with the source excerpt and caret of the text report and its hint.
///
/// A checkbox at the top hides the valid files; it works through a CSS sibling selector, so the page holds
/// no script. The page is written as the files come: the summary follows them and is shown at the top. Every path, message, excerpt and hint is escaped and made terminal-safe. A file's modals are
/// drawn only when the report keeps its document (`FileReport.document`), which the validator does for valid
/// files.
package enum HTMLReviewPage {
    /// The page written a file at a time: the head first, each file's section as it comes, and the summary last,
    /// shown at the top by the style sheet (`order`), so that no file waits for the others to be drawn.
    package struct Parts: Sendable {
        private var fileList = ""

        package init() {}

        /// The `index`-th file's section, preceded by the page's head for the first.
        package mutating func add(_ report: FileReport, index: Int, options: ReportOptions) -> String {
            fileList += "<li class=\"\(fileClass(report, options))\"><a href=\"#file-\(index)\">"
            HTMLRenderer.appendEscaped(TerminalSafeText.safe(report.path), into: &fileList)
            fileList += "</a> <span class=\"counts\">\(counts(report))</span></li>\n"
            var out = index == 0 ? opening(options) : ""
            appendFile(report, index: index, options: options, into: &out)
            return out
        }

        /// The rest of the page after the last file: the summary with `summary`'s counts and a link to each file.
        package func closing(summary: ReportSummary, options: ReportOptions) -> String {
            var out = summary.files == 0 ? opening(options) : ""
            out += "</main>\n<header class=\"summary\" id=\"summary\" tabindex=\"-1\">\n<h1>ModalKit review</h1>\n"
            out += "<p class=\"totals\">"
            HTMLRenderer.appendEscaped(String(summary.line.dropLast()), into: &out)
            out += "</p>\n<ol class=\"file-list\">\n"
            out += fileList
            out += "</ol>\n</header>\n" + HTMLRenderer.pageEnd
            return out
        }

        private func opening(_ options: ReportOptions) -> String {
            var out = HTMLRenderer.pageStart(
                title: "ModalKit review", options: options.htmlPage, extraStyleSheet: reviewStyleSheet)
            // The summary is written last, as only then are the counts known, and shown first; a screen
            // reader or the keyboard follows the source order, so the first thing in it leads to the summary.
            out += "<a class=\"skip\" href=\"#summary\">Go to the summary</a>\n"
            // The checkbox comes before the files and the summary, so that `:checked ~` selectors reach both.
            out += "<input type=\"checkbox\" id=\"only-invalid\" class=\"filter\">"
            out += "<label for=\"only-invalid\" class=\"filter\">show only files with errors</label>\n<main>\n"
            return out
        }
    }

    private static func fileClass(_ report: FileReport, _ options: ReportOptions) -> String {
        report.isValid(strict: options.strict) ? "file valid" : "file invalid"
    }

    /// `2 errors, 1 warning`, `valid`, or `unreadable`.
    private static func counts(_ report: FileReport) -> String {
        if report.unreadable != nil { return "unreadable" }
        var errors = 0
        var warnings = 0
        var notes = 0
        for diagnostic in report.diagnostics {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var parts: [String] = []
        if errors > 0 { parts.append(plural(errors, "error")) }
        if warnings > 0 { parts.append(plural(warnings, "warning")) }
        if notes > 0 { parts.append(plural(notes, "note")) }
        return parts.isEmpty ? "valid" : parts.joined(separator: ", ")
    }

    private static func appendFile(
        _ report: FileReport, index: Int, options: ReportOptions, into out: inout String
    ) {
        out += "<section class=\"\(fileClass(report, options))\" id=\"file-\(index)\">\n<h2><a href=\"#file-\(index)\">"
        HTMLRenderer.appendEscaped(TerminalSafeText.safe(report.path), into: &out)
        out += "</a> <span class=\"counts\">"
        out += counts(report)
        out += "</span></h2>\n<div class=\"file-body\">\n"
        if let document = report.document ?? drawableDocument(fromSourceOf: report) {
            var page = options.htmlPage
            // Marked where the report keeps the warning: an ignored or baselined one is not marked either.
            page.marksLowContrast = report.diagnostics.contains { $0.code == DiagnosticCode.cardLowContrast.rawValue }
            HTMLRenderer.writePages(of: document.modals, indices: Array(document.modals.indices), options: page) {
                out += $0
            }
        } else {
            out += "<p class=\"not-drawn\">not drawn: \(whyNotDrawn(report))</p>\n"
        }
        if report.unreadable != nil || !report.diagnostics.isEmpty {
            out += "<div class=\"diagnostics\">\n"
            if let reason = report.unreadable {
                out += "<article class=\"diagnostic error\"><p class=\"headline\">error: cannot read the file: "
                HTMLRenderer.appendEscaped(TerminalSafeText.safe(reason), into: &out)
                out += " <code>[\(DiagnosticCode.fileUnreadable.rawValue)]</code></p></article>\n"
            }
            for diagnostic in report.diagnostics { appendDiagnostic(diagnostic, of: report, into: &out) }
            out += "</div>\n"
        }
        out += "</div>\n</section>\n"
    }

    /// The modals of a report made by hand with its source but without `document:`, when the report says the
    /// file is free of errors: the page draws what the report describes, as it does for the command line's.
    private static func drawableDocument(fromSourceOf report: FileReport) -> ModalDocument? {
        guard report.unreadable == nil, !report.diagnostics.contains(where: { $0.severity == .error }),
            let source = report.source
        else { return nil }
        return ModalDecoder.decode(source.bytes).document
    }

    /// What is true of a report whose modals are not drawn: a report made by hand may hold no document for a
    /// file without errors, and saying "the file has errors" of it would send the reader looking for them.
    private static func whyNotDrawn(_ report: FileReport) -> String {
        if report.unreadable != nil { return "the file cannot be read" }
        if report.diagnostics.contains(where: { $0.severity == .error }) { return "the file has errors" }
        if report.source != nil { return "the source does not decode to modals" }
        return "the report holds neither the document nor the source (pass document: to FileReport)"
    }

    private static func appendDiagnostic(_ diagnostic: Diagnostic, of report: FileReport, into out: inout String) {
        let location = diagnostic.location
        let severity = diagnostic.severity.rawValue
        out += "<article class=\"diagnostic \(severity)\"><p class=\"headline\"><span class=\"where\">"
        out += "\(location.line):\(location.column)</span> <span class=\"severity\">\(severity)</span>: "
        HTMLRenderer.appendEscaped(TerminalSafeText.safe(diagnostic.message), into: &out)
        out += " <code>["
        HTMLRenderer.appendEscaped(diagnostic.code, into: &out)
        out += "]</code></p>\n"
        if let source = report.source, location.line > 0 {
            out += "<pre class=\"excerpt\">"
            HTMLRenderer.appendEscaped(TextReport.excerpt(source, at: location), into: &out)
            out += "</pre>\n"
        }
        if let hint = diagnostic.hint {
            out += "<p class=\"hint\">hint: "
            HTMLRenderer.appendEscaped(TerminalSafeText.safe(hint), into: &out)
            out += "</p>\n"
        }
        if !diagnostic.pointer.isEmpty {
            out += "<p class=\"pointer\">at <code>"
            HTMLRenderer.appendEscaped(TerminalSafeText.safe(diagnostic.pointer), into: &out)
            out += "</code></p>\n"
        }
        out += "</article>\n"
    }

    /// The review's own rules, after the modal style sheet.
    static let reviewStyleSheet = """
        body{display:flex;flex-wrap:wrap;align-items:center}
        a.skip{order:-4;position:absolute;left:-10000px}
        a.skip:focus{position:static;flex:1 1 100%;margin:8px 16px}
        input.filter{order:-3}
        label.filter{order:-2;flex:1 1 auto}
        header.summary{order:-1;flex:1 1 100%}
        main{flex:1 1 100%;min-width:0}
        .summary,section.file{margin:0 16px;padding:12px 0;border-bottom:1px solid rgba(128,128,128,.35)}
        .summary h1{font-size:24px;margin:0 0 4px}
        .summary .totals{margin:0 0 8px}
        input.filter{margin:16px 6px 0 16px;width:18px;height:18px;vertical-align:middle}
        label.filter{vertical-align:middle;cursor:pointer}
        .file-list{margin:8px 0 0;padding-left:24px;columns:2 420px;font-size:14px}
        .file-list li.invalid .counts,section.invalid h2 .counts{color:#d70015}
        .counts{font-size:13px;color:#6c6c70}
        section.file h2{font-size:17px;margin:0 0 8px;overflow-wrap:anywhere}
        section.file h2 a,.file-list a{color:inherit}
        .file-body{display:flex;flex-wrap:wrap;align-items:flex-start;gap:8px}
        .file-body .pages{padding:0;width:auto;flex-wrap:wrap}
        .diagnostics{flex:1 1 420px;min-width:0}
        .diagnostic{margin:0 0 12px;padding:8px 12px;border-left:4px solid #ff9f0a;\
        background:rgba(128,128,128,.12);border-radius:4px}
        .diagnostic.error{border-left-color:#d70015}
        .diagnostic.note{border-left-color:#8e8e93}
        .diagnostic p{margin:0 0 4px;overflow-wrap:anywhere}
        .diagnostic .severity{font-weight:700}
        .excerpt{margin:4px 0;font:13px/1.3 "DejaVu Sans Mono",Menlo,Consolas,monospace;overflow-x:auto}
        .not-drawn{margin:0;padding:8px;font-style:italic;color:#6c6c70}
        .low-contrast{outline:2px dashed #ff3b30;outline-offset:2px}
        #only-invalid:checked ~ main section.valid,#only-invalid:checked ~ header li.valid{display:none}

        """
}
