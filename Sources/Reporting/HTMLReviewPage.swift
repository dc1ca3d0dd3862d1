import HTMLRendering
import ModalModel

/// One HTML page for reviewing a set of checked files, for a CI artifact (`ReportFormat.html`): a summary with
/// search, filters and a link to each file to look at, then the files with errors, those with warnings, and
/// the valid ones, each with its modals drawn as an app would (`DocumentFormat.html`) beside its diagnostics,
/// each with the source excerpt and caret of the text report and its hint.
///
/// A run of ten thousand files must open in a browser in seconds, so the page draws only what a reviewer reads
/// first: files with errors or warnings are drawn in full, and each valid file is one line, a link to itself,
/// whose pictures sit in a `<noscript>`. With scripting on, the browser keeps a `<noscript>`'s markup as one
/// text node, which the page's small script turns into the pictures when the line is opened; with scripting
/// off, the same markup is ordinary content that `:target` shows when the line's link is followed, so the
/// page reads without a script. Files take `content-visibility:auto`, so those off screen cost no layout. The
/// script only adds search and filters; a `<template>` or `<details>` per file would still build every
/// picture's nodes (or a shadow tree per line) at load, and pagination would break the one-file artifact into
/// many. Every path, message, excerpt and hint is escaped and made terminal-safe. A file's modals are drawn
/// only when the report keeps its document (`FileReport.document`), which the validator does for valid files.
package enum HTMLReviewPage {
    /// How many valid files' lines one list holds.
    static let validLinesPerList = 100

    /// The page built a file at a time and written whole at the end, when the counts the summary leads with
    /// are known and the files can be grouped: errors first, then warnings, then the valid ones.
    package struct Parts: Sendable {
        private var fileList = ""
        /// Each group's markup in pieces of `validLinesPerList` files, so that no piece grows with the run
        /// and the page is written a piece at a time.
        private var groupPieces: [[String]] = [[""], [""], [""]]
        private var groupCounts = [0, 0, 0]
        private var filesByCode: [String: Int] = [:]

        package init() {}

        /// Takes the `index`-th file; the page is returned whole by `closing(summary:options:)`.
        package mutating func add(_ report: FileReport, index: Int, options: ReportOptions) {
            let group = FileGroup(report, options)
            // Valid files are listed by their own lines; the summary lists the ones to look at.
            if group != .valid {
                fileList += "<li class=\"\(group.entryClass)\"><a href=\"#file-\(index)\">"
                HTMLRenderer.appendEscaped(TerminalSafeText.safe(report.path), into: &fileList)
                fileList += "</a> <span class=\"counts\">\(counts(report))</span></li>\n"
            }
            groupCounts[group.rawValue] += 1
            // Valid lines come in lists of `validLinesPerList`, each skipped whole by the browser's style and
            // layout while off screen (`content-visibility`), so that showing ten thousand again is cheap.
            if groupCounts[group.rawValue] % HTMLReviewPage.validLinesPerList == 1, groupCounts[group.rawValue] > 1 {
                groupPieces[group.rawValue].append(group == .valid ? "</ol>\n<ol class=\"valid-files\">\n" : "")
            }
            for code in codes(of: report) { filesByCode[code, default: 0] += 1 }
            let last = groupPieces[group.rawValue].count - 1
            appendFile(report, index: index, group: group, options: options, into: &groupPieces[group.rawValue][last])
        }

        /// The whole page: the summary with `summary`'s counts, the controls and a link to each file, then the
        /// files by group.
        package func closing(summary: ReportSummary, options: ReportOptions) -> String {
            var out = ""
            closing(summary: summary, options: options) { out += $0 }
            return out
        }

        /// The whole page, as `closing(summary:options:)` returns it, handed to `output` a piece at a time.
        package func closing(summary: ReportSummary, options: ReportOptions, output: (String) -> Void) {
            let totals = String(summary.line.dropLast())
            var out = HTMLRenderer.pageStart(
                title: "ModalKit review: " + totals, options: options.htmlPage, extraStyleSheet: reviewStyleSheet)
            out += "<header class=\"summary\" id=\"summary\" tabindex=\"-1\">\n<h1>ModalKit review</h1>\n"
            out += "<p class=\"totals\">"
            HTMLRenderer.appendEscaped(totals, into: &out)
            out += "</p>\n"
            appendControls(into: &out)
            out += "<ul class=\"groups\">"
            for group in FileGroup.allCases {
                out += "<li><a href=\"#\(group.anchor)\">\(group.heading)</a>: \(groupCounts[group.rawValue])</li>"
            }
            out += "</ul>\n"
            if !fileList.isEmpty { out += "<ol class=\"file-list\">\n" + fileList + "</ol>\n" }
            out += "</header>\n<main>\n"
            for group in FileGroup.allCases where groupCounts[group.rawValue] > 0 {
                out += "<h2 class=\"group\" id=\"\(group.anchor)\" data-group=\"\(group.rawValue)\">"
                out += "\(group.heading) (\(groupCounts[group.rawValue]))</h2>\n"
                if group == .valid { out += "<ol class=\"valid-files\">\n" }
                output(out)
                out = ""
                for piece in groupPieces[group.rawValue] { output(piece) }
                if group == .valid { out += "</ol>\n" }
            }
            out +=
                "</main>\n<nav class=\"to-summary\" aria-label=\"back\"><a href=\"#summary\">\u{2191} Summary</a></nav>\n"
            out += "<script>\n"
            out += reviewScript
            out += "</script>\n" + HTMLRenderer.pageEnd
            output(out)
        }

        /// Search and filters, in a form the script reveals: without a script they would do nothing.
        private func appendControls(into out: inout String) {
            out += "<form class=\"controls\" role=\"search\" hidden>\n"
            out += "<label>Search <input type=\"search\" id=\"search\" placeholder=\"path, code or text\"></label>\n"
            for group in FileGroup.allCases {
                out += "<label><input type=\"checkbox\" class=\"group-filter\" value=\"\(group.rawValue)\" checked> "
                out += "\(group.heading.lowercased()) (\(groupCounts[group.rawValue]))</label>\n"
            }
            out += "<label>Code <select id=\"code\"><option value=\"\">any</option>"
            for (code, files) in filesByCode.sorted(by: { $0.key < $1.key }) {
                out += "<option value=\""
                HTMLRenderer.appendEscaped(code, into: &out)
                out += "\">"
                HTMLRenderer.appendEscaped(code, into: &out)
                out += " (\(files))</option>"
            }
            out += "</select></label>\n<output id=\"shown\" aria-live=\"polite\"></output>\n</form>\n"
        }
    }

    /// The three groups the page shows, in order.
    private enum FileGroup: Int, CaseIterable {
        case errors, warnings, valid

        init(_ report: FileReport, _ options: ReportOptions) {
            if !report.isValid(strict: options.strict) {
                self = .errors
            } else if report.diagnostics.contains(where: { $0.severity == .warning }) {
                self = .warnings
            } else {
                self = .valid
            }
        }

        var fileClass: String {
            switch self {
            case .errors: "file invalid"
            case .warnings: "file valid warned"
            case .valid: "file valid"
            }
        }

        /// The class of the file's entry in the summary's list.
        var entryClass: String {
            switch self {
            case .errors: "entry invalid"
            case .warnings: "entry warned"
            case .valid: "entry valid"
            }
        }

        var anchor: String {
            switch self {
            case .errors: "with-errors"
            case .warnings: "with-warnings"
            case .valid: "valid"
            }
        }

        var heading: String {
            switch self {
            case .errors: "Files with errors"
            case .warnings: "Files with warnings"
            case .valid: "Valid files"
            }
        }
    }

    /// The codes of a report's diagnostics, once each.
    private static func codes(of report: FileReport) -> [String] {
        var codes = report.unreadable == nil ? [] : [DiagnosticCode.fileUnreadable.rawValue]
        for diagnostic in report.diagnostics where !codes.contains(diagnostic.code) { codes.append(diagnostic.code) }
        return codes
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
        _ report: FileReport, index: Int, group: FileGroup, options: ReportOptions, into out: inout String
    ) {
        let isCollapsed = group == .valid
        out += isCollapsed ? "<li" : "<section"
        out += " class=\"\(group.fileClass)\" id=\"file-\(index)\" data-codes=\""
        HTMLRenderer.appendEscaped(codes(of: report).joined(separator: " "), into: &out)
        if isCollapsed {
            // The line is a link to itself: without a script, `:target` shows the pictures it leads to.
            out += "\"><a href=\"#file-\(index)\">"
            HTMLRenderer.appendEscaped(TerminalSafeText.safe(report.path), into: &out)
            out += "</a> <span class=\"counts\">\(counts(report))</span><noscript><div class=\"file-body\">\n"
        } else {
            out += "\">\n<h3><a href=\"#file-\(index)\">"
            HTMLRenderer.appendEscaped(TerminalSafeText.safe(report.path), into: &out)
            out += "</a> <span class=\"counts\">\(counts(report))</span> "
            out += "<a class=\"back\" href=\"#summary\">summary</a></h3>\n<div class=\"file-body\">\n"
        }
        if let document = report.document ?? drawableDocument(fromSourceOf: report) {
            var page = options.htmlPage
            // Marked where the report keeps the warning: an ignored or baselined one is not marked either.
            page.marksLowContrast = report.diagnostics.contains { $0.code == DiagnosticCode.cardLowContrast.rawValue }
            HTMLRenderer.writePages(
                of: document.modals, indices: Array(document.modals.indices), options: page, idPrefix: "f\(index)-"
            ) { out += $0 }
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
        out +=
            isCollapsed
            ? "<a class=\"back\" href=\"#summary\">summary</a></div></noscript></li>\n" : "</div>\n</section>\n"
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
            // An excerpt wider than the page scrolls, so it takes the focus that keyboards scroll with.
            out += "<pre class=\"excerpt\" tabindex=\"0\" role=\"group\" aria-label=\"source at line "
            out += "\(location.line), column \(location.column)\">"
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
        [hidden]{display:none !important}
        .summary,main>.file,main>h2.group,main>ol.valid-files{margin:0 16px}
        .summary{padding:12px 0;border-bottom:1px solid rgba(128,128,128,.35)}
        .summary h1{font-size:24px;margin:0 0 4px}
        .summary .totals{margin:0 0 8px}
        .controls{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:0 0 8px}
        .controls input[type=search]{font:inherit;width:16em;max-width:100%}
        .controls select{font:inherit;max-width:100%}
        .groups{display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:0;list-style:none}
        .groups a{color:inherit}
        .file-list{margin:8px 0 0;padding-left:24px;columns:2 420px;font-size:14px}
        .file-list li.invalid .counts,section.invalid h3 .counts{color:var(--error)}
        .counts{font-size:13px;color:var(--secondary)}
        h2.group{font-size:20px;padding:16px 0 4px;margin-top:0;margin-bottom:0}
        main>section.file{padding:12px 0;border-bottom:1px solid rgba(128,128,128,.35);\
        content-visibility:auto;contain-intrinsic-size:auto 320px}
        ol.valid-files{margin-top:0;margin-bottom:0;padding:0;list-style:none;content-visibility:auto;\
        contain-intrinsic-size:auto 3900px}
        li.file{padding:4px 0;border-bottom:1px solid rgba(128,128,128,.2);overflow-wrap:anywhere}
        li.file:target{background:rgba(128,128,128,.12)}
        li.file>noscript{display:none}
        li.file:target>noscript{display:block;padding-top:8px}
        li.file:not(.open)>.file-body{display:none}
        li.file>.file-body{padding-top:8px}
        section.file h3{font-size:17px;margin:0 0 8px;overflow-wrap:anywhere}
        section.file h3 a,.file-list a,li.file a,a.back,.to-summary a{color:inherit}
        a.back{font-size:13px;font-weight:400}
        nav.to-summary{position:fixed;right:12px;bottom:12px;padding:6px 10px;border-radius:8px;\
        background:var(--screen);border:1px solid var(--edge);font-size:14px}
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
        .not-drawn{margin:0;padding:8px;font-style:italic;color:var(--secondary)}
        .low-contrast{outline:2px dashed #ff3b30;outline-offset:2px}

        """

    /// Search and filters over the files, and the valid files' pictures drawn when their line is opened;
    /// reading needs none of it. Each file's text is gathered in idle time after loading, so that typing
    /// stays a loop over strings, and only the lines whose state changes are touched.
    static let reviewScript = """
        (() => {
        const main = document.querySelector('main');
        const files = Array.from(main.querySelectorAll('.file'));
        const headings = Array.from(main.querySelectorAll('h2.group'));
        const validLists = Array.from(main.querySelectorAll('ol.valid-files'));
        const form = document.querySelector('form.controls');
        const search = document.getElementById('search');
        const code = document.getElementById('code');
        const shown = document.getElementById('shown');
        const groups = files.map(f => f.classList.contains('invalid') ? 0 : f.classList.contains('warned') ? 1 : 2);
        const hidden = new Uint8Array(files.length);
        // A closed line's pictures are the markup text of its noscript: its tags are dropped, not searched.
        const textOf = f => (f.textContent.replace(/<[^>]*>/g, ' ') + ' ' + f.dataset.codes).toLowerCase();
        const texts = new Array(files.length);
        let gathered = 0;
        const gather = until => { while (gathered < until) { texts[gathered] = textOf(files[gathered]); gathered += 1; } };
        const idle = window.requestIdleCallback || (f => setTimeout(() => f({timeRemaining: () => 10}), 50));
        const gatherWhenIdle = deadline => {
          while (gathered < files.length && deadline.timeRemaining() > 2) gather(Math.min(files.length, gathered + 200));
          if (gathered < files.length) idle(gatherWhenIdle);
        };
        idle(gatherWhenIdle);
        const apply = () => {
          const wantedGroups = Array.from(form.querySelectorAll('.group-filter')).map(c => c.checked);
          const wanted = code.value;
          const query = search.value.trim().toLowerCase();
          if (query) gather(files.length);
          const counts = [0, 0, 0];
          files.forEach((f, i) => {
            const group = groups[i];
            // The valid files' list is hidden whole when their group is; its lines are left as they are.
            if (group === 2 && !wantedGroups[2]) return;
            const show = wantedGroups[group] && (!wanted || f.dataset.codes.split(' ').includes(wanted))
              && (!query || texts[i].includes(query));
            if (hidden[i] === (show ? 1 : 0)) { f.hidden = !show; hidden[i] = show ? 0 : 1; }
            if (show) counts[group] += 1;
          });
          headings.forEach(h => { h.hidden = counts[Number(h.dataset.group)] === 0; });
          // A list with no line to show is hidden whole, so that it keeps no room while off screen.
          validLists.forEach(list => {
            const show = wantedGroups[2] && Array.prototype.some.call(list.children, line => !line.hidden);
            if (list.hidden === show) list.hidden = !show;
          });
          const total = counts[0] + counts[1] + counts[2];
          shown.textContent = `showing ${total} of ${files.length} files`;
        };
        const open = line => {
          const body = line.querySelector(':scope>noscript');
          if (body) {
            const drawn = document.createElement('template');
            drawn.innerHTML = body.textContent;
            body.replaceWith(drawn.content);
          }
          line.classList.add('open');
        };
        form.hidden = false;
        form.addEventListener('submit', e => e.preventDefault());
        form.addEventListener('input', apply);
        form.addEventListener('change', apply);
        main.addEventListener('click', e => {
          const link = e.target.closest('li.file.valid>a');
          if (!link) return;
          const line = link.parentElement;
          if (line.classList.contains('open')) { line.classList.remove('open'); e.preventDefault(); } else open(line);
        });
        const target = location.hash && document.getElementById(location.hash.slice(1));
        if (target && target.matches('li.file.valid')) open(target);
        })();

        """
}
