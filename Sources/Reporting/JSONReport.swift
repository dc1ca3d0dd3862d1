import ModalModel

/// All reports as one JSON document: `{"files":[{"path","valid","diagnostics":[…]}],"summary":{…}}`.
///
/// `line` and `column` are those of `SourceLocation` (the column counted in Unicode scalars).
public enum JSONReport {
    /// The document for `reports`, ending in a line feed.
    public static func format(_ reports: [FileReport], strict: Bool, summary: ReportSummary) -> String {
        var out = "{\"files\":["
        for (index, report) in reports.enumerated() {
            if index > 0 { out += "," }
            out +=
                "{\"path\":\(JSONWriter.quoted(report.path)),\"valid\":\(report.isValid(strict: strict)),\"diagnostics\":["
            if let reason = report.unreadable {
                out += "{\"severity\":\"error\",\"code\":\"file-unreadable\",\"message\":"
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
}
