import ModalModel

/// GitHub Actions workflow commands (`::error file=PATH,line=L,col=C,title=CODE::MESSAGE`, `ReportFormat.github`),
/// which GitHub shows as annotations on the pull request.
///
/// GitHub shows at most 10 error and 10 warning annotations per step and drops the rest silently, so the
/// output keeps to `ReportOptions.annotationsPerKind`, errors first, and ends with one notice
/// that says how many were left out. Columns count Unicode scalars unless the options ask otherwise.
package enum GitHubAnnotations {
    /// The annotations kept so far, each kind up to its limit, and how many of each were left out.
    struct Collector: Sendable {
        private var errors: [String] = []
        private var warnings: [String] = []
        private var notices: [String] = []
        private var omittedErrors = 0
        private var omittedWarnings = 0
        private var omittedNotes = 0

        /// Keeps the annotations of one more report that fit the limits, and counts the rest.
        mutating func add(_ report: FileReport, limit: Int, columnUnit: ColumnUnit) {
            if let reason = report.unreadable {
                if errors.count < limit {
                    errors.append(
                        "::error file=\(property(report.path)),title=file-unreadable::\(data("cannot read the file: \(reason)"))\n"
                    )
                } else {
                    omittedErrors += 1
                }
                return
            }
            for diagnostic in report.diagnostics {
                let column = report.column(of: diagnostic.location, in: columnUnit)
                switch diagnostic.severity {
                case .error:
                    if errors.count < limit {
                        errors.append(annotation(diagnostic, path: report.path, column: column))
                    } else {
                        omittedErrors += 1
                    }
                case .warning:
                    if warnings.count < limit {
                        warnings.append(annotation(diagnostic, path: report.path, column: column))
                    } else {
                        omittedWarnings += 1
                    }
                case .note:
                    if notices.count < limit - 1 {
                        notices.append(annotation(diagnostic, path: report.path, column: column))
                    } else {
                        omittedNotes += 1
                    }
                }
            }
        }

        /// The annotations, errors first, then the notice for what was left out, named after the tool.
        func output(options: ReportOptions) -> String {
            var out = errors.joined() + warnings.joined() + notices.joined()
            let omitted = omittedErrors + omittedWarnings + omittedNotes
            guard omitted > 0 else { return out }
            var parts: [String] = []
            if omittedErrors > 0 { parts.append(plural(omittedErrors, "error")) }
            if omittedWarnings > 0 { parts.append(plural(omittedWarnings, "warning")) }
            if omittedNotes > 0 { parts.append(plural(omittedNotes, "note")) }
            let limit = options.annotationsPerKind
            var message =
                "\(omitted) more \(omitted == 1 ? "finding is" : "findings are") not shown here (\(parts.joined(separator: ", "))): "
                + "GitHub shows at most \(limit) error and \(limit) warning annotations per step."
            if let advice = options.fullReportAdvice { message += " " + advice }
            out += "::notice title=\(property("\(options.toolName): more findings"))::\(data(message))\n"
            return out
        }
    }

    /// One workflow command for a diagnostic; the hint follows the message on its own line.
    package static func annotation(_ diagnostic: Diagnostic, path: String, column: Int?) -> String {
        let command =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        var message = diagnostic.message
        if let hint = diagnostic.hint { message += "\nhint: " + hint }
        let columnProperty = column.map { ",col=\($0)" } ?? ""
        return "::\(command) file=\(property(path)),line=\(diagnostic.location.line)"
            + "\(columnProperty),title=\(property(diagnostic.code))::\(data(message))\n"
    }

    private static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    /// Escapes a workflow command's message (GitHub's rules: % CR LF), after making it terminal-safe.
    static func data(_ text: String) -> String {
        var out = ""
        for scalar in TerminalSafeText.safe(text).unicodeScalars {
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
}
