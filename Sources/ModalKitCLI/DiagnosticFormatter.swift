import ModalModel
import TextLayout

/// One checked input: its name, and either its diagnostics or why it could not be read.
struct FileReport {
    var path: String
    var source: SourceText?
    var diagnostics: [Diagnostic]
    var unreadable: String?

    /// Valid means readable with no error (and, under `--strict`, no warning).
    func isValid(strict: Bool) -> Bool {
        unreadable == nil && !diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}

/// Writes diagnostics as compiler-style text, one JSON document, or GitHub workflow annotations.
enum DiagnosticFormatter {
    /// `PATH:LINE:COL: error: MESSAGE [code]`, the source line with a caret under the column, then the hint.
    static func text(_ report: FileReport) -> String {
        var out = ""
        if let reason = report.unreadable {
            out += "\(safe(report.path)): error: cannot read the file: \(reason) [file-unreadable]\n"
            return out
        }
        for diagnostic in report.diagnostics {
            let location = diagnostic.location
            out += "\(safe(report.path)):\(location.line):\(location.column): \(diagnostic.severity.rawValue): "
            out += "\(safe(diagnostic.message)) [\(diagnostic.code)]\n"
            if let source = report.source, location.line > 0 {
                out += excerpt(source, at: location)
            }
            if let hint = diagnostic.hint { out += "  = hint: \(safe(hint))\n" }
            if !diagnostic.pointer.isEmpty { out += "  = at: \(safe(diagnostic.pointer))\n" }
        }
        return out
    }

    /// The source line, cut to a window around the column on long lines, with a caret under the column.
    /// Control characters become placeholders so that a hostile file cannot drive the terminal.
    ///
    /// Only the bytes near the location are decoded: a minified document can be one line of many megabytes.
    static func excerpt(_ source: SourceText, at location: SourceLocation) -> String {
        let bytes = source.bytes
        let reach = 400
        let offset = min(max(0, location.byteOffset), bytes.count)
        var start = offset
        while start > 0, offset - start < reach, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        while start < offset, bytes[start] & 0xC0 == 0x80 { start += 1 }  // begin on a scalar
        var end = offset
        while end < bytes.count, end - offset < reach, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        while end < bytes.count, end > offset, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let cutBefore = start > 0 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D
        let cutAfter = end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D
        let before = String(decoding: bytes[start..<offset], as: UTF8.self)
        let after = String(decoding: bytes[offset..<end], as: UTF8.self)
        return excerpt(
            before: Array(before.unicodeScalars), after: Array(after.unicodeScalars), cutBefore: cutBefore,
            cutAfter: cutAfter, line: location.line)
    }

    /// The excerpt of a line from the scalars before and after the location, at most 100 shown.
    static func excerpt(
        before: [Unicode.Scalar], after: [Unicode.Scalar], cutBefore: Bool, cutAfter: Bool, line: Int
    ) -> String {
        let window = 100
        let scalars = before + after
        let target = before.count
        var start = 0
        var end = scalars.count
        if scalars.count > window {
            start = max(0, min(target - window / 2, scalars.count - window))
            end = min(scalars.count, start + window)
        }
        let ellipsisBefore = start > 0 || cutBefore
        var shown = ellipsisBefore ? "…" : ""
        var caretPrefix = ellipsisBefore ? "…" : ""
        for index in start..<end {
            let scalar = scalars[index]
            let display: Unicode.Scalar = scalar == "\t" ? " " : (ControlCharacters.placeholder(for: scalar) ?? scalar)
            shown.unicodeScalars.append(display)
            if index < target { caretPrefix.unicodeScalars.append(display) }
        }
        if end < scalars.count || cutAfter { shown += "…" }
        let gutter = String(line)
        let pad = String(repeating: " ", count: gutter.count)
        let caretColumn = CellWidth.of(caretPrefix)
        return " \(gutter) | \(shown)\n \(pad) | \(String(repeating: " ", count: caretColumn))^\n"
    }

    /// One JSON document for all files.
    static func json(_ reports: [FileReport], strict: Bool, summary: Summary) -> String {
        var out = "{\"files\":["
        for (index, report) in reports.enumerated() {
            if index > 0 { out += "," }
            out +=
                "{\"path\":\(JSONWriter.quoted(report.path)),\"valid\":\(report.isValid(strict: strict)),\"diagnostics\":["
            if let reason = report.unreadable {
                out += "{\"severity\":\"error\",\"code\":\"\(DiagnosticCode.fileUnreadable.rawValue)\",\"message\":"
                out += JSONWriter.quoted("cannot read the file: \(reason)")
                out += ",\"line\":null,\"column\":null,\"pointer\":\"\",\"hint\":null}"
            }
            for (number, diagnostic) in report.diagnostics.enumerated() {
                if number > 0 { out += "," }
                out +=
                    "{\"severity\":\"\(diagnostic.severity.rawValue)\",\"code\":\(JSONWriter.quoted(diagnostic.code))"
                out += ",\"message\":\(JSONWriter.quoted(diagnostic.message))"
                out += ",\"line\":\(diagnostic.location.line),\"column\":\(diagnostic.location.column)"
                out += ",\"pointer\":\(JSONWriter.quoted(diagnostic.pointer))"
                out += ",\"hint\":\(diagnostic.hint.map(JSONWriter.quoted) ?? "null")}"
            }
            out += "]}"
        }
        out += "],\"summary\":{\"files\":\(summary.files),\"valid\":\(summary.valid),\"invalid\":\(summary.invalid)"
        out += ",\"unreadable\":\(summary.unreadable),\"errors\":\(summary.errors),\"warnings\":\(summary.warnings)"
        out += ",\"notes\":\(summary.notes)}}\n"
        return out
    }

    /// GitHub Actions workflow commands: `::error file=PATH,line=L,col=C,title=CODE::MESSAGE`.
    static func github(_ report: FileReport) -> String {
        if let reason = report.unreadable {
            return
                "::error file=\(property(report.path)),title=file-unreadable::\(data("cannot read the file: \(reason)"))\n"
        }
        var out = ""
        for diagnostic in report.diagnostics {
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var message = diagnostic.message
            if let hint = diagnostic.hint { message += "\nhint: " + hint }
            out += "::\(command) file=\(property(report.path)),line=\(diagnostic.location.line)"
            out += ",col=\(diagnostic.location.column),title=\(property(diagnostic.code))::\(data(message))\n"
        }
        return out
    }

    /// Escapes a workflow command's message (GitHub's rules: % CR LF).
    static func data(_ text: String) -> String {
        var out = ""
        for scalar in safe(text).unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escapes a workflow command's property value (also `:` and `,`).
    static func property(_ text: String) -> String {
        var out = ""
        for scalar in data(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text with every control character replaced by its placeholder (line feeds kept), safe for a terminal.
    static func safe(_ text: String) -> String {
        ControlCharacters.replacingUnsafe(in: text.contains("\r") ? text.replacing("\r", with: "\u{240D}") : text)
    }
}

/// Counts over all checked files.
struct Summary {
    var files = 0
    var valid = 0
    var invalid = 0
    var unreadable = 0
    var errors = 0
    var warnings = 0
    var notes = 0

    var line: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var text = "checked \(plural(files, "file")): \(valid) valid, \(invalid) invalid"
        if unreadable > 0 { text += " (\(unreadable) unreadable)" }
        text += "; \(plural(errors, "error")), \(plural(warnings, "warning"))"
        if notes > 0 { text += ", \(plural(notes, "note"))" }
        return text + "\n"
    }
}
