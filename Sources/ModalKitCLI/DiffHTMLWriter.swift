import HTMLRendering
import ModalDiff
import ModalModel

/// `--format html`: one page with each changed modal drawn before and after, side by side, by the same
/// renderer as `render --format html`, the changed message, buttons and layout outlined, and the list of
/// changes under them. Without `--theme` the page is light or dark as the reader's system asks.
struct DiffHTMLWriter {
    var theme: HTMLTheme?
    var viewportCSSPixelWidth: Int
    private var pairNumber = 0

    init(theme: HTMLTheme?, viewportCSSPixelWidth: Int) {
        self.theme = theme
        self.viewportCSSPixelWidth = viewportCSSPixelWidth
    }

    /// The class of an outlined element.
    static let changedClass = "diff-changed"

    private func options(_ theme: HTMLTheme) -> HTMLPageOptions {
        HTMLPageOptions(viewportCSSPixelWidth: viewportCSSPixelWidth, theme: theme)
    }

    func start() -> String {
        var sheet = Self.diffStyleSheet(dark: theme == .dark)
        if theme == nil {
            // The pages are drawn light; under a dark system their colours become the dark theme's.
            sheet += "@media (prefers-color-scheme: dark){\n:root{color-scheme:dark}\n"
            sheet += HTMLRenderer.themeProperties(.dark, options: options(.dark), selector: ".theme-light")
            sheet += Self.diffStyleSheet(dark: true) + "}\n"
        }
        var out = HTMLRenderer.pageStart(
            title: "modalkit diff", options: options(theme ?? .light), extraStyleSheet: sheet)
        out += "<h1 class=\"diff-title\">What users see change</h1>\n"
        return out
    }

    func finish(changed: Int, unseen: Int, trouble: Int) -> String {
        var out = "<p class=\"diff-summary\">\(changed) file\(changed == 1 ? "" : "s") with changes users see"
        if unseen > 0 { out += ", \(unseen) only spelled differently" }
        if trouble > 0 { out += ", \(trouble) that could not be compared" }
        return out + ".</p>\n" + HTMLRenderer.pageEnd
    }

    mutating func file(_ result: FileDiffResult) -> String {
        let path = HTMLRenderer.escaped(result.path)
        if let trouble = result.trouble {
            return "<section class=\"diff-file\"><h2>\(path)</h2><p class=\"diff-trouble\">Cannot compare: "
                + HTMLRenderer.escaped(trouble) + "</p></section>\n"
        }
        guard let comparison = result.comparison, !result.sameBytes else { return "" }
        if let note = DiffWording.unseenNote(result), !comparison.showsChange {
            return "<section class=\"diff-file\"><h2>\(path)</h2><p>\(note)</p></section>\n"
        }
        var out = "<section class=\"diff-file\"><h2>\(path)</h2>\n"
        let drawn = options(theme ?? .light)
        for difference in comparison.modals {
            pairNumber += 1
            let id = "diff\(pairNumber)"
            out += "<div class=\"diff-modal\" data-modal=\"\(difference.index)\">"
            out += "<h3>\(DiffWording.heading(difference))</h3>\n<div class=\"diff-pair\">\n"
            for (side, modals) in [("old", result.oldModals), ("new", result.newModals)] {
                out += "<div class=\"diff-side diff-\(side)\" id=\"\(id)-\(side)\">"
                out += "<p class=\"diff-side-label\">\(side == "old" ? "Before" : "After")</p>\n"
                if difference.index < modals.count {
                    HTMLRenderer.writePages(of: modals, indices: [difference.index], options: drawn) { out += $0 }
                } else {
                    out += "<p class=\"diff-none\">No modal here</p>\n"
                }
                out += "</div>\n"
            }
            out += "</div>\n"
            if case .changed(let index, let changes) = difference {
                out += "<style>" + Self.outlines(changes, id: id) + "</style>\n<ul class=\"diff-changes\">"
                let (message, words) = DiffWording.messageAndWords(result, index: index)
                for change in changes {
                    let line = DiffWording.line(for: change, newMessage: message, words: words)
                    out += "<li><b>\(line.label)</b>: " + line.pieces.map(Self.render).joined() + "</li>"
                }
                out += "</ul>\n"
            }
            out += "</div>\n"
        }
        let diagnostics =
            comparison.newDiagnostics.map { DiffWording.diagnosticLine($0, isNew: true) }
            + comparison.goneDiagnostics.map { DiffWording.diagnosticLine($0, isNew: false) }
        if !diagnostics.isEmpty {
            out += "<ul class=\"diff-diagnostics\">"
            out += diagnostics.map { "<li>" + HTMLRenderer.escaped($0) + "</li>" }.joined() + "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// The outline rules of one pair: the message where words or looks changed, buttons on the side they are
    /// on, the whole modal for a layout change. The renderer's own markup is selected, not changed.
    private static func outlines(_ changes: [ModalChange], id: String) -> String {
        var selectors: [String] = []
        for change in changes {
            switch change {
            case .text, .spacing, .style:
                selectors += ["#\(id)-old .message", "#\(id)-new .message"]
            case .buttonAdded(let index, _):
                selectors.append("#\(id)-new button[data-button=\"\(index)\"]")
            case .buttonRemoved(let index, _):
                selectors.append("#\(id)-old button[data-button=\"\(index)\"]")
            case .button(let change):
                selectors += [
                    "#\(id)-old button[data-button=\"\(change.index)\"]",
                    "#\(id)-new button[data-button=\"\(change.index)\"]",
                ]
            case .layout:
                selectors += ["#\(id)-old .modal", "#\(id)-new .modal"]
            }
        }
        var seen = Set<String>()
        let unique = selectors.filter { seen.insert($0).inserted }
        return unique.joined(separator: ",") + "{outline:3px dashed #e8590c;outline-offset:3px}"
    }

    private static func render(_ piece: DiffWording.Piece) -> String {
        switch piece {
        case .plain(let text): HTMLRenderer.escaped(text)
        case .quoted(let text): "“" + HTMLRenderer.escaped(text) + "”"
        case .context(let text): HTMLRenderer.escaped(text)
        case .marker(let text, let isAddition): isAddition ? "<ins>\(text)</ins>" : "<del>\(text)</del>"
        case .removed(let text): "<del>" + HTMLRenderer.escaped(text) + "</del>"
        case .added(let text): "<ins>" + HTMLRenderer.escaped(text) + "</ins>"
        }
    }

    private static func diffStyleSheet(dark: Bool) -> String {
        let removed = dark ? "background:#67060c;color:#ffdcd7" : "background:#ffebe9;color:#82071e"
        let added = dark ? "background:#033a16;color:#aff5b4" : "background:#dafbe1;color:#116329"
        return """
            .diff-title{margin:16px;font-size:22px}
            .diff-file h2{margin:24px 16px 8px;font-size:18px;font-family:ui-monospace,monospace}
            .diff-modal h3{margin:8px 16px;font-size:16px}
            .diff-pair{display:flex;flex-wrap:wrap;align-items:flex-start}
            .diff-side-label{margin:8px 16px 0;font-weight:600}
            .diff-none{margin:16px;font-style:italic}
            .diff-changes,.diff-diagnostics{margin:0 16px 24px}
            .diff-summary,.diff-trouble{margin:16px}
            del{\(removed);text-decoration:line-through}
            ins{\(added);text-decoration:none}

            """
    }
}
