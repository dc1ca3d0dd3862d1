import ModalModel

/// GitHub Actions workflow commands (`::error file=PATH,line=L,col=C,title=CODE::MESSAGE`), which GitHub
/// shows as annotations on the pull request.
///
/// GitHub shows at most 10 error and 10 warning annotations per step and drops the rest silently, so the
/// output keeps to those limits, errors first, and ends with one notice that says how many were left out
/// and how to see them all. Columns are those of `SourceLocation` (Unicode scalars).
public enum GitHubAnnotations {
    /// How many annotations of each kind GitHub shows per step.
    public struct Limits: Sendable, Equatable {
        /// The most `::error` annotations.
        public var errors: Int
        /// The most `::warning` annotations.
        public var warnings: Int
        /// The most `::notice` annotations for notes; one more notice is kept for the summary of what was left out.
        public var notices: Int

        /// Creates limits.
        public init(errors: Int, warnings: Int, notices: Int) {
            self.errors = errors
            self.warnings = warnings
            self.notices = notices
        }

        /// GitHub's limits: 10 of each kind per step, one notice kept back for the summary.
        public static let github = Limits(errors: 10, warnings: 10, notices: 9)
        /// No limit.
        public static let unlimited = Limits(errors: .max, warnings: .max, notices: .max)
    }

    /// The annotations for all reports: errors first, each kind up to its limit, then a notice for the rest.
    public static func format(_ reports: [FileReport], limits: Limits = .github) -> String {
        var errors: [String] = []
        var warnings: [String] = []
        var notices: [String] = []
        var omittedErrors = 0
        var omittedWarnings = 0
        var omittedNotes = 0
        for report in reports {
            if let reason = report.unreadable {
                if errors.count < limits.errors {
                    errors.append(
                        "::error file=\(property(report.path)),title=file-unreadable::\(data("cannot read the file: \(reason)"))\n"
                    )
                } else {
                    omittedErrors += 1
                }
                continue
            }
            for diagnostic in report.diagnostics {
                switch diagnostic.severity {
                case .error:
                    if errors.count < limits.errors {
                        errors.append(annotation(diagnostic, path: report.path))
                    } else {
                        omittedErrors += 1
                    }
                case .warning:
                    if warnings.count < limits.warnings {
                        warnings.append(annotation(diagnostic, path: report.path))
                    } else {
                        omittedWarnings += 1
                    }
                case .note:
                    if notices.count < limits.notices {
                        notices.append(annotation(diagnostic, path: report.path))
                    } else {
                        omittedNotes += 1
                    }
                }
            }
        }
        var out = errors.joined() + warnings.joined() + notices.joined()
        let omitted = omittedErrors + omittedWarnings + omittedNotes
        if omitted > 0 {
            var parts: [String] = []
            if omittedErrors > 0 { parts.append(plural(omittedErrors, "error")) }
            if omittedWarnings > 0 { parts.append(plural(omittedWarnings, "warning")) }
            if omittedNotes > 0 { parts.append(plural(omittedNotes, "note")) }
            let message =
                "\(omitted) more \(omitted == 1 ? "finding is" : "findings are") not shown here (\(parts.joined(separator: ", "))): "
                + "GitHub shows at most \(limits.errors) error and \(limits.warnings) warning annotations per step. "
                + "Run 'modalkit validate' with --format text to see them all, or upload --format sarif to code scanning."
            out += "::notice title=\(property("modalkit: more findings"))::\(data(message))\n"
        }
        return out
    }

    /// One workflow command for a diagnostic; the hint follows the message on its own line.
    package static func annotation(_ diagnostic: Diagnostic, path: String) -> String {
        let command =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        var message = diagnostic.message
        if let hint = diagnostic.hint { message += "\nhint: " + hint }
        return "::\(command) file=\(property(path)),line=\(diagnostic.location.line)"
            + ",col=\(diagnostic.location.column),title=\(property(diagnostic.code))::\(data(message))\n"
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
