/// Every diagnostic code ModalKit reports, declared once with its severity, its FORMAT.md section and a summary.
///
/// To add a code: add a case whose raw value is the kebab-case code, give it a severity, an anchor and a
/// summary below, and add its row to the table under "Diagnostic codes" in FORMAT.md (a test compares the two).
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    case jsonSyntax = "json-syntax"
    case jsonUTF8 = "json-utf8"
    case jsonDepth = "json-depth"
    case jsonNumber = "json-number"
    case jsonUnicodeEscape = "json-unicode-escape"
    case fileTooLarge = "file-too-large"
    case fileUnreadable = "file-unreadable"
    case documentType = "document-type"
    case documentEmpty = "document-empty"
    case wrongType = "wrong-type"
    case missingKey = "missing-key"
    case unknownKey = "unknown-key"
    case duplicateKey = "duplicate-key"
    case rangeNegative = "range-negative"
    case rangeNotInteger = "range-not-integer"
    case rangeOverflow = "range-overflow"
    case rangeOutOfBounds = "range-out-of-bounds"
    case rangeSplitsSurrogate = "range-splits-surrogate"
    case rangeSplitsGrapheme = "range-splits-grapheme"
    case rangeEmpty = "range-empty"
    case rangeBoundaries = "range-boundaries"
    case invalidFontStyle = "invalid-font-style"
    case invalidFontSize = "invalid-font-size"
    case invalidColor = "invalid-color"
    case invalidAction = "invalid-action"
    case invalidActionData = "invalid-action-data"
    case unknownURLScheme = "unknown-url-scheme"
    case builtinActionCase = "builtin-action-case"
    case emptyLabel = "empty-label"
    case invalidTextAlign = "invalid-text-align"
    case invalidMaxLines = "invalid-max-lines"
    case invalidDirection = "invalid-direction"
    case controlCharacter = "control-character"

    /// The severity a diagnostic with this code has (`control-character` becomes a note past the tenth in a string).
    public var severity: Severity {
        switch self {
        case .documentEmpty, .unknownKey, .duplicateKey, .rangeSplitsGrapheme, .rangeEmpty, .unknownURLScheme,
            .builtinActionCase, .controlCharacter:
            .warning
        case .rangeBoundaries: .note
        default: .error
        }
    }

    /// The FORMAT.md section that states the rule, as a Markdown anchor such as `#colours`.
    public var anchor: String {
        switch self {
        case .jsonSyntax, .jsonUTF8, .jsonDepth, .jsonNumber, .jsonUnicodeEscape, .fileTooLarge, .fileUnreadable:
            "#encoding"
        case .documentType, .documentEmpty: "#document"
        case .wrongType, .missingKey, .invalidTextAlign, .invalidMaxLines, .invalidDirection: "#modal"
        case .unknownKey, .duplicateKey: "#unknown-and-repeated-keys"
        case .rangeNegative, .rangeNotInteger, .rangeOverflow, .rangeOutOfBounds, .rangeSplitsSurrogate,
            .rangeSplitsGrapheme, .rangeEmpty, .rangeBoundaries:
            "#ranges-count-utf-16-code-units"
        case .invalidFontStyle, .invalidFontSize: "#style"
        case .invalidColor: "#colours"
        case .invalidAction, .invalidActionData, .unknownURLScheme, .builtinActionCase: "#actions"
        case .emptyLabel: "#button"
        case .controlCharacter: "#untrusted-text"
        }
    }

    /// One line saying what the code means, fit for a rule description in a report.
    public var summary: String {
        switch self {
        case .jsonSyntax: "Not JSON: a misplaced or missing character, an empty file, a byte order mark."
        case .jsonUTF8: "The file is not valid UTF-8."
        case .jsonDepth: "Arrays or objects are nested deeper than the limit."
        case .jsonNumber: "A number is too large to be finite."
        case .jsonUnicodeEscape: "A \\u escape of an unpaired surrogate."
        case .fileTooLarge: "The file is larger than the size limit."
        case .fileUnreadable: "The file cannot be read."
        case .documentType: "The document is neither an array nor an object."
        case .documentEmpty: "The document is an empty array."
        case .wrongType: "A value has the wrong JSON type."
        case .missingKey: "A required key is absent."
        case .unknownKey: "A key the format does not define."
        case .duplicateKey: "A key appears twice in one object."
        case .rangeNegative: "A range's from or length is below 0."
        case .rangeNotInteger: "A range's from or length has a fraction."
        case .rangeOverflow: "A range's from, length or their sum is too large to represent."
        case .rangeOutOfBounds: "A range reaches past the end of the message."
        case .rangeSplitsSurrogate: "A range end falls inside a surrogate pair."
        case .rangeSplitsGrapheme: "A range end falls inside a grapheme cluster."
        case .rangeEmpty: "A range has length 0."
        case .rangeBoundaries: "More range ends inside characters than are listed."
        case .invalidFontStyle: "font_style is not one of the six values."
        case .invalidFontSize: "font_size is not a positive number."
        case .invalidColor: "A value is not a colour."
        case .invalidAction: "An action is empty, malformed or not a single token."
        case .invalidActionData: "An app command's data is not percent-encoded JSON."
        case .unknownURLScheme: "A scheme:// action that is neither a URL that opens nor an app command."
        case .builtinActionCase: "A built-in action written in the wrong case."
        case .emptyLabel: "A button label is empty or only white space."
        case .invalidTextAlign: "text_align is not left, center or right."
        case .invalidMaxLines: "max_lines is not a positive whole number."
        case .invalidDirection: "direction is not ltr, rtl or auto."
        case .controlCharacter: "A control or bidi character in the message or a label."
        }
    }
}
