import ModalModel

/// The shapes a list of file reports is written in, as `modalkit validate --format` names them.
///
/// Every format renders the same thing, a list of ``FileReport`` values and ``ReportOptions``, and
/// ``ReportWriter`` writes the same output one file at a time.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
    /// Compiler style: `PATH:LINE:COL: error: MESSAGE [code]`, the source line with a caret under the
    /// column, then the hint and the JSON pointer. Files without findings print nothing.
    case text
    /// One JSON document: `{"files":[{"path","valid","diagnostics":[…]}],"summary":{…}}`.
    case json
    /// GitHub Actions workflow commands, errors first, each kind up to its limit, then one notice for the rest.
    case github
    /// One SARIF 2.1.0 log, the format GitHub code scanning and SARIF viewers read, with fixes where certain.
    case sarif

    /// The whole report of `reports`: what a ``ReportWriter`` writes when given them one by one.
    public func render(_ reports: [FileReport], options: ReportOptions = ReportOptions()) -> String {
        var writer = ReportWriter(format: self, options: options)
        var out = ""
        for report in reports { out += writer.write(report) }
        return out + writer.finish()
    }

    /// The unit the format's columns count when the options leave it open: SARIF's is UTF-16, as
    /// GitHub code scanning reads it; the others count Unicode scalars, as compilers do.
    package var defaultColumnUnit: ColumnUnit {
        switch self {
        case .sarif: .utf16CodeUnits
        case .text, .json, .github: .unicodeScalars
        }
    }
}
