import ModalModel

/// The rule behind each diagnostic code: its default severity and what it means, as FORMAT.md lists them.
///
/// SARIF output describes each code with this; the codes themselves are declared once, in `DiagnosticCode`.
package struct DiagnosticRule: Sendable, Equatable {
    /// The stable code, such as `range-out-of-bounds`.
    package var code: String
    /// The severity the code is reported with by default.
    package var defaultSeverity: Severity
    /// What the code means, in one phrase (FORMAT.md's "meaning" column).
    package var summary: String

    /// Creates a rule.
    package init(code: String, defaultSeverity: Severity, summary: String) {
        self.code = code
        self.defaultSeverity = defaultSeverity
        self.summary = summary
    }

    /// Every code the validator and the command can report, from the one catalogue (`DiagnosticCode`).
    package static let all: [DiagnosticRule] = DiagnosticCode.allCases.map {
        DiagnosticRule(code: $0.rawValue, defaultSeverity: $0.severity, summary: $0.summary)
    }

    /// The rule for a code, or nil for a code not in the catalogue.
    package static func rule(for code: String) -> DiagnosticRule? { all.first { $0.code == code } }
}
