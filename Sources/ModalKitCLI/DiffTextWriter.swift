import ModalDiff
import Reporting

/// `--format text` and `--format ansi`: one block per file whose modals users see change, word by word, with
/// removed text in `[-…-]` and added text in `{+…+}` (red and green as well in ANSI).
struct DiffTextWriter {
    var colors: Bool

    func write(_ result: FileDiffResult) -> String {
        if let trouble = result.trouble {
            return paint("cannot compare: ", code: "31") + safe(trouble) + "\n"
        }
        guard let comparison = result.comparison else { return "" }
        if let note = DiffWording.unseenNote(result), comparison.newDiagnostics.isEmpty,
            comparison.goneDiagnostics.isEmpty
        {
            return safe(result.path) + ": " + note + "\n"
        }
        guard comparison.showsChange || !comparison.newDiagnostics.isEmpty || !comparison.goneDiagnostics.isEmpty
        else { return "" }
        var out = bold(safe(result.path))
        switch result.presence {
        case .added: out += " (new file)"
        case .removed: out += " (file removed)"
        case .both: break
        }
        if !comparison.showsChange { out += ": no change users see" }
        out += "\n"
        for difference in comparison.modals {
            out += "  " + DiffWording.heading(difference) + "\n"
            guard case .changed(let index, let changes) = difference else { continue }
            let (message, words) = DiffWording.messageAndWords(result, index: index)
            for change in changes {
                let line = DiffWording.line(for: change, newMessage: message, words: words)
                out += "    " + line.label + ": " + line.pieces.map(render).joined() + "\n"
            }
        }
        for facts in comparison.newDiagnostics {
            out += "  " + safe(DiffWording.diagnosticLine(facts, isNew: true)) + "\n"
        }
        for facts in comparison.goneDiagnostics {
            out += "  " + safe(DiffWording.diagnosticLine(facts, isNew: false)) + "\n"
        }
        return out
    }

    private func render(_ piece: DiffWording.Piece) -> String {
        switch piece {
        case .plain(let text): text
        case .quoted(let text): "\"" + safe(text) + "\""
        case .context(let text): safe(text)
        case .marker(let text, let isAddition): paint(text, code: isAddition ? "32" : "31")
        case .removed(let text): paint("[-" + safe(text) + "-]", code: "31")
        case .added(let text): paint("{+" + safe(text) + "+}", code: "32")
        }
    }

    /// Text from a file, on one line and without anything a terminal would obey.
    private func safe(_ text: String) -> String {
        TerminalSafeText.safe(text).replacing("\n", with: "\u{23CE}")
    }

    private func paint(_ text: String, code: String) -> String {
        colors ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    private func bold(_ text: String) -> String { paint(text, code: "1") }
}
