/// Counts over all checked files, and the one-line summary the command prints on standard error.
public struct ReportSummary: Sendable, Equatable {
    /// Inputs checked.
    public var files = 0
    /// Inputs without errors (and, when strict, without warnings).
    public var valid = 0
    /// Inputs with errors, including unreadable ones.
    public var invalid = 0
    /// Inputs that could not be read.
    public var unreadable = 0
    /// Errors over all inputs (an unreadable input counts one).
    public var errors = 0
    /// Warnings over all inputs.
    public var warnings = 0
    /// Notes over all inputs.
    public var notes = 0

    /// An empty summary.
    public init() {}

    /// The summary of `reports`.
    public init(_ reports: [FileReport], strict: Bool) {
        for report in reports { add(report, strict: strict) }
    }

    /// Counts one more report.
    public mutating func add(_ report: FileReport, strict: Bool) {
        files += 1
        if report.unreadable != nil { unreadable += 1 }
        if report.isValid(strict: strict) { valid += 1 } else { invalid += 1 }
        for diagnostic in report.diagnostics {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
        if report.unreadable != nil { errors += 1 }
    }

    /// `checked 12 files: 11 valid, 1 invalid; 1 error, 0 warnings` and a line feed.
    public var line: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var text = "checked \(plural(files, "file")): \(valid) valid, \(invalid) invalid"
        if unreadable > 0 { text += " (\(unreadable) unreadable)" }
        text += "; \(plural(errors, "error")), \(plural(warnings, "warning"))"
        if notes > 0 { text += ", \(plural(notes, "note"))" }
        return text + "\n"
    }
}
