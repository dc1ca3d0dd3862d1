import ModalModel
import PositionedJSON

/// All reports as one JSON document (`ReportFormat.json`):
/// `{"files":[{"path","valid","diagnostics":[…]}],"summary":{…}}`, written a file at a time.
///
/// `line` is `SourceLocation.line`; `column` counts Unicode scalars unless the document says otherwise in a
/// top-level `columnUnit` (`"utf16CodeUnits"`, null where a file's source was not kept).
package enum JSONReport {
    /// What the document starts with.
    static let opening = "{\"files\":["

    /// One file's object in `files`.
    static func file(_ report: FileReport, strict: Bool, columnUnit: ColumnUnit) -> String {
        var out =
            "{\"path\":\(JSONWriter.quoted(report.path)),\"valid\":\(report.isValid(strict: strict)),\"diagnostics\":["
        var separator = ""
        if let reason = report.unreadable {
            out += "{\"severity\":\"error\",\"code\":\"file-unreadable\",\"message\":"
            out += JSONWriter.quoted("cannot read the file: \(reason)")
            out += ",\"line\":null,\"column\":null,\"pointer\":\"\",\"hint\":null}"
            separator = ","
        }
        for diagnostic in report.diagnostics {
            out += separator
            separator = ","
            out += "{\"severity\":\"\(diagnostic.severity.rawValue)\",\"code\":\(JSONWriter.quoted(diagnostic.code))"
            out += ",\"message\":\(JSONWriter.quoted(diagnostic.message))"
            let column = report.column(of: diagnostic.location, in: columnUnit).map(String.init) ?? "null"
            out += ",\"line\":\(diagnostic.location.line),\"column\":\(column)"
            out += ",\"pointer\":\(JSONWriter.quoted(diagnostic.pointer))"
            out += ",\"hint\":\(diagnostic.hint.map(JSONWriter.quoted) ?? "null")}"
        }
        return out + "]}"
    }

    /// What follows the last file: the summary, and the column unit when it is not Unicode scalars.
    static func closing(_ summary: ReportSummary, columnUnit: ColumnUnit) -> String {
        var out = "],\"summary\":{\"files\":\(summary.files),\"valid\":\(summary.valid),\"invalid\":\(summary.invalid)"
        out += ",\"unreadable\":\(summary.unreadable),\"errors\":\(summary.errors),\"warnings\":\(summary.warnings)"
        out += ",\"notes\":\(summary.notes)}"
        if columnUnit != .unicodeScalars { out += ",\"columnUnit\":\"\(columnUnit.rawValue)\"" }
        return out + "}\n"
    }
}
