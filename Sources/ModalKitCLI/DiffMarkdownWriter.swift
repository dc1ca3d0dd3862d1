import ModalDiff
import Reporting

/// `--format github`: Markdown for `$GITHUB_STEP_SUMMARY` and pull-request comments, removed words struck
/// through (`<del>`) and added ones marked (`<ins>`). Text from the files is escaped for both Markdown and
/// HTML, so a modal cannot add a link, an image or a heading to the summary.
enum DiffMarkdownWriter {
    static func heading(changed: Int, unseen: Int, trouble: Int) -> String {
        var out = "## What users see change\n\n"
        if changed == 0, trouble == 0 {
            out += "No change users see"
            out += unseen > 0 ? " (\(unseen) file\(unseen == 1 ? "" : "s") only spelled differently).\n\n" : ".\n\n"
        } else {
            out += "\(changed) file\(changed == 1 ? "" : "s") with changes users see"
            if unseen > 0 { out += ", \(unseen) only spelled differently" }
            if trouble > 0 { out += ", \(trouble) that could not be compared" }
            out += ".\n\n"
        }
        return out
    }

    static func file(_ result: FileDiffResult) -> String {
        if let trouble = result.trouble {
            return "### `\(code(result.path))`\n\n**Cannot compare:** \(escape(trouble))\n\n"
        }
        guard let comparison = result.comparison, !result.sameBytes else { return "" }
        if let note = DiffWording.unseenNote(result), comparison.newDiagnostics.isEmpty,
            comparison.goneDiagnostics.isEmpty
        {
            return "- `\(code(result.path))`: \(note)\n\n"
        }
        var out = "### `\(code(result.path))`"
        switch result.presence {
        case .added: out += " (new file)"
        case .removed: out += " (file removed)"
        case .both: break
        }
        out += "\n\n"
        for difference in comparison.modals {
            out += "**\(DiffWording.heading(difference).capitalizedFirst)**\n\n"
            guard case .changed(let index, let changes) = difference else { continue }
            let (message, words) = DiffWording.messageAndWords(result, index: index)
            for change in changes {
                let line = DiffWording.line(for: change, newMessage: message, words: words)
                out += "- \(line.label.capitalizedFirst): " + line.pieces.map(render).joined() + "\n"
            }
            out += "\n"
        }
        let diagnostics =
            comparison.newDiagnostics.map { DiffWording.diagnosticLine($0, isNew: true) }
            + comparison.goneDiagnostics.map { DiffWording.diagnosticLine($0, isNew: false) }
        if !diagnostics.isEmpty {
            out += "Diagnostics:\n\n" + diagnostics.map { "- " + escape($0) + "\n" }.joined() + "\n"
        }
        return out
    }

    private static func render(_ piece: DiffWording.Piece) -> String {
        switch piece {
        case .plain(let text): escape(text)
        case .quoted(let text): "“" + escape(text) + "”"
        case .context(let text): escape(text)
        case .marker(let text, _): "**" + escape(text) + "**"
        case .removed(let text): "<del>" + escape(text) + "</del>"
        case .added(let text): "<ins>" + escape(text) + "</ins>"
        }
    }

    /// Text that reads as itself in GitHub Markdown: HTML-escaped, every Markdown punctuation backslash-escaped,
    /// and line breaks shown as ⏎ so that one change stays one list item.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in TerminalSafeText.safe(text) {
            if character == "\n" || character == "\r" || character == "\r\n" {
                out += "⏎"
            } else if let entity = htmlEntities[character] {
                out += entity
            } else if "\\`*_{}[]()#+-.!|~".contains(character) {
                out += "\\" + String(character)
            } else {
                out.append(character)
            }
        }
        return out
    }

    private static let htmlEntities: [Character: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]

    /// A path inside a code span: backticks cannot close it early, since they become `'`.
    private static func code(_ text: String) -> String {
        text.replacing("`", with: "'").replacing("\n", with: "⏎")
    }
}

extension String {
    /// The string with its first letter in capitals.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
