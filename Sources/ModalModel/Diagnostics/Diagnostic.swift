import PositionedJSON

/// How serious a diagnostic is, ordered so that the most severe is the greatest: `severity >= .warning` means
/// "a warning or an error", and `max()` of a list is its worst finding.
public enum Severity: String, Sendable, Equatable, Comparable {
    case error, warning, note

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// One finding about a modal document, located precisely in its source.
public struct Diagnostic: Sendable, Equatable {
    /// Error, warning or note.
    public var severity: Severity
    /// A stable kebab-case identifier such as `json-syntax` or `range-out-of-bounds`.
    public var code: String
    /// What is wrong, in one sentence.
    public var message: String
    /// Where in the source.
    public var location: SourceLocation
    /// A JSON pointer (RFC 6901) to the value concerned, such as `/0/styles/2/apply_to/length`; empty for the whole document.
    public var pointer: String
    /// How to fix it, when there is something specific to say.
    public var hint: String?

    /// Creates a diagnostic with a code from the catalogue and an explicit severity.
    package init(
        severity: Severity, code: DiagnosticCode, message: String, location: SourceLocation,
        pointer: String = "", hint: String? = nil
    ) {
        self.severity = severity
        self.code = code.rawValue
        self.message = message
        self.location = location
        self.pointer = pointer
        self.hint = hint
    }
}

extension Diagnostic {
    /// Creates a diagnostic with the severity the catalogue gives its code.
    package init(
        _ code: DiagnosticCode, message: String, location: SourceLocation, pointer: String = "", hint: String? = nil
    ) {
        self.init(
            severity: code.severity, code: code, message: message, location: location, pointer: pointer, hint: hint)
    }

    /// The catalogue entry of `code`; nil only for a diagnostic made from a code another tool reported.
    package var diagnosticCode: DiagnosticCode? { DiagnosticCode(rawValue: code) }
}
