import ModalModel

/// The rule behind each diagnostic code: its default severity and what it means, as FORMAT.md lists them.
///
/// SARIF output describes each code with this; a test checks that it agrees with FORMAT.md's table.
public struct DiagnosticRule: Sendable, Equatable {
    /// The stable code, such as `range-out-of-bounds`.
    public var code: String
    /// The severity the code is reported with by default.
    public var defaultSeverity: Severity
    /// What the code means, in one phrase (FORMAT.md's "meaning" column).
    public var summary: String

    /// Creates a rule.
    public init(code: String, defaultSeverity: Severity, summary: String) {
        self.code = code
        self.defaultSeverity = defaultSeverity
        self.summary = summary
    }

    /// Every code the validator and the command can report, in FORMAT.md's order.
    public static let all: [DiagnosticRule] = [
        DiagnosticRule(
            code: "json-syntax", defaultSeverity: .error,
            summary: "not JSON: a misplaced or missing character, an empty file, a byte order mark"),
        DiagnosticRule(code: "json-utf8", defaultSeverity: .error, summary: "the bytes are not valid UTF-8"),
        DiagnosticRule(
            code: "json-depth", defaultSeverity: .error, summary: "arrays or objects nested deeper than 512"),
        DiagnosticRule(code: "json-number", defaultSeverity: .error, summary: "a number too large to be finite"),
        DiagnosticRule(
            code: "json-unicode-escape", defaultSeverity: .error, summary: "a `\\u` escape of an unpaired surrogate"),
        DiagnosticRule(
            code: "file-too-large", defaultSeverity: .error, summary: "the file is larger than `--max-bytes`"),
        DiagnosticRule(
            code: "file-unreadable", defaultSeverity: .error, summary: "the file cannot be read (exit status 2)"),
        DiagnosticRule(
            code: "document-type", defaultSeverity: .error, summary: "the document is neither an array nor an object"),
        DiagnosticRule(code: "document-empty", defaultSeverity: .warning, summary: "the document is an empty array"),
        DiagnosticRule(code: "wrong-type", defaultSeverity: .error, summary: "a value has the wrong JSON type"),
        DiagnosticRule(code: "missing-key", defaultSeverity: .error, summary: "a required key is absent"),
        DiagnosticRule(code: "unknown-key", defaultSeverity: .warning, summary: "a key the format does not define"),
        DiagnosticRule(code: "duplicate-key", defaultSeverity: .warning, summary: "a key appears twice in one object"),
        DiagnosticRule(code: "range-negative", defaultSeverity: .error, summary: "`from` or `length` below 0"),
        DiagnosticRule(
            code: "range-not-integer", defaultSeverity: .error, summary: "`from` or `length` has a fraction"),
        DiagnosticRule(
            code: "range-overflow", defaultSeverity: .error,
            summary: "`from`, `length` or their sum is too large to represent"),
        DiagnosticRule(
            code: "range-out-of-bounds", defaultSeverity: .error, summary: "the range reaches past the end of `msg`"),
        DiagnosticRule(
            code: "range-splits-surrogate", defaultSeverity: .error,
            summary: "a range end falls inside a surrogate pair"),
        DiagnosticRule(
            code: "range-splits-grapheme", defaultSeverity: .warning,
            summary: "a range end falls inside a grapheme cluster"),
        DiagnosticRule(code: "range-empty", defaultSeverity: .warning, summary: "`length` is 0"),
        DiagnosticRule(
            code: "range-boundaries", defaultSeverity: .note,
            summary: "past the hundredth range end inside a character in one modal, the rest are counted here"),
        DiagnosticRule(
            code: "invalid-font-style", defaultSeverity: .error, summary: "`font_style` is not one of the six values"),
        DiagnosticRule(
            code: "invalid-font-size", defaultSeverity: .error, summary: "`font_size` is not a positive number"),
        DiagnosticRule(code: "invalid-color", defaultSeverity: .error, summary: "not a colour of the forms above"),
        DiagnosticRule(
            code: "invalid-action", defaultSeverity: .error,
            summary: "an action that is empty, malformed or not a single token"),
        DiagnosticRule(
            code: "invalid-action-data", defaultSeverity: .error,
            summary: "an app command's data is not percent-encoded JSON"),
        DiagnosticRule(
            code: "unknown-url-scheme", defaultSeverity: .warning,
            summary: "a `scheme://` action that is neither a URL that opens nor an app command"),
        DiagnosticRule(
            code: "builtin-action-case", defaultSeverity: .warning,
            summary: "`Close`, `NEXT`… written in the wrong case"),
        DiagnosticRule(
            code: "empty-label", defaultSeverity: .error, summary: "a button label that is empty or only white space"),
        DiagnosticRule(
            code: "invalid-text-align", defaultSeverity: .error,
            summary: "`text_align` is not `left`, `center` or `right`"),
        DiagnosticRule(
            code: "invalid-max-lines", defaultSeverity: .error, summary: "`max_lines` is not a positive whole number"),
        DiagnosticRule(
            code: "control-character", defaultSeverity: .warning,
            summary: "a control or bidi character in `msg` or a label"),
        DiagnosticRule(
            code: "profile-colors-merge", defaultSeverity: .warning,
            summary: "different colours that the target terminal shows as one"),
        DiagnosticRule(
            code: "profile-font-size", defaultSeverity: .warning,
            summary: "a `font_size` that a terminal shows only as bold (a heading) or dim"),
        DiagnosticRule(
            code: "low-contrast", defaultSeverity: .warning,
            summary: "text or a button whose colours contrast less than WCAG AA's 4.5:1, as the target shows them"),
        DiagnosticRule(
            code: "config-invalid", defaultSeverity: .error,
            summary: "a `.modalkit.json` setting that is unknown or has a wrong value (exit status 2)"),
    ]

    /// The rule for a code, or nil for a code not in the catalogue.
    public static func rule(for code: String) -> DiagnosticRule? { all.first { $0.code == code } }
}
