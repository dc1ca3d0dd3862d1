import PositionedJSON

/// Every diagnostic code ModalKit reports, declared once with its severity, its FORMAT.md section and a summary.
///
/// To add a code: add a case whose raw value is the kebab-case code, give it a severity, an anchor and a
/// summary below, and add its row to the table under "Diagnostic codes" in FORMAT.md (a test compares the two).
package enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
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
    case rangeUnitMismatch = "range-unit-mismatch"
    case invalidFontStyle = "invalid-font-style"
    case invalidFontSize = "invalid-font-size"
    case fontSizeOutOfRange = "font-size-out-of-range"
    case fontSizeUnusual = "font-size-unusual"
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
    case profileColorsMerge = "profile-colors-merge"
    case profileFontSize = "profile-font-size"
    case lowContrast = "low-contrast"
    case cardLowContrast = "card-low-contrast"
    case configInvalid = "config-invalid"
    case unsafeURLScheme = "unsafe-url-scheme"
    case unsafeActionName = "unsafe-action-name"
    case messageDrawsNothing = "message-draws-nothing"

    /// The severity a diagnostic with this code has (`control-character` becomes a note past the tenth in a string).
    package var severity: Severity {
        switch self {
        case .documentEmpty, .unknownKey, .duplicateKey, .rangeSplitsGrapheme, .rangeEmpty, .unknownURLScheme,
            .builtinActionCase, .controlCharacter, .profileColorsMerge, .profileFontSize, .lowContrast,
            .cardLowContrast, .unsafeURLScheme, .messageDrawsNothing, .rangeUnitMismatch, .fontSizeUnusual:
            .warning
        case .rangeBoundaries: .note
        default: .error
        }
    }

    /// The FORMAT.md section that states the rule, as a Markdown anchor such as `#colours`.
    package var anchor: String {
        switch self {
        case .jsonSyntax, .jsonUTF8, .jsonDepth, .jsonNumber, .jsonUnicodeEscape, .fileTooLarge, .fileUnreadable:
            "#encoding"
        case .documentType, .documentEmpty: "#document"
        case .wrongType, .missingKey, .invalidTextAlign, .invalidMaxLines, .invalidDirection: "#modal"
        case .unknownKey, .duplicateKey: "#unknown-and-repeated-keys"
        case .rangeNegative, .rangeNotInteger, .rangeOverflow, .rangeOutOfBounds, .rangeSplitsSurrogate,
            .rangeSplitsGrapheme, .rangeEmpty, .rangeBoundaries:
            "#ranges-count-utf-16-code-units"
        case .rangeUnitMismatch: "#offsets-counted-in-another-unit"
        case .invalidFontStyle, .invalidFontSize: "#style"
        case .fontSizeOutOfRange, .fontSizeUnusual: "#font-size-range"
        case .invalidColor: "#colours"
        case .invalidAction, .invalidActionData, .unknownURLScheme, .builtinActionCase: "#actions"
        case .emptyLabel: "#button"
        case .controlCharacter: "#untrusted-text"
        case .profileColorsMerge, .lowContrast: "#colours"
        case .profileFontSize: "#font-sizes-on-a-terminal"
        case .cardLowContrast: "#the-card"
        case .configInvalid: "#diagnostic-codes"
        case .unsafeURLScheme, .unsafeActionName: "#links-and-action-names"
        case .messageDrawsNothing: "#untrusted-text"
        }
    }

    /// What the code means, in one phrase: the "meaning" column of FORMAT.md's table (a test keeps them equal).
    package var summary: String {
        switch self {
        case .jsonSyntax, .jsonUTF8, .jsonDepth, .jsonNumber, .jsonUnicodeEscape:
            JSONErrorCode(rawValue: rawValue)?.summary ?? ""
        case .fileTooLarge: "the file is larger than `--max-bytes`"
        case .fileUnreadable: "the file cannot be read (exit status 2)"
        case .documentType: "the document is neither an array nor an object"
        case .documentEmpty: "the document is an empty array"
        case .wrongType: "a value has the wrong JSON type"
        case .missingKey: "a required key is absent"
        case .unknownKey: "a key the format does not define"
        case .duplicateKey: "a key appears twice in one object"
        case .rangeNegative: "`from` or `length` below 0"
        case .rangeNotInteger:
            "`from` or `length` has a fraction, including literals that only round to a whole number (`1E-400`, `2.0000000000000001`)"
        case .rangeOverflow: "`from`, `length` or their sum is too large to represent"
        case .rangeOutOfBounds: "the range reaches past the end of `msg`"
        case .rangeSplitsSurrogate: "a range end falls inside a surrogate pair"
        case .rangeSplitsGrapheme: "a range end falls inside a grapheme cluster"
        case .rangeEmpty: "`length` is 0"
        case .rangeBoundaries: "past the hundredth range end inside a character in one modal, the rest are counted here"
        case .rangeUnitMismatch:
            "the ranges read as whole words in code points, grapheme clusters or UTF-8 bytes, and not in UTF-16"
        case .invalidFontStyle: "`font_style` is not one of the six values"
        case .invalidFontSize: "`font_size` is not a positive number"
        case .fontSizeOutOfRange: "`font_size` below 1 or above 1000 points: browsers and apps cannot draw it"
        case .fontSizeUnusual:
            "`font_size` below 6 points (too small to read on a phone) or above 200 (larger than a phone screen)"
        case .invalidColor: "not a colour of the forms above"
        case .invalidAction: "an action that is empty, malformed or not a single token"
        case .invalidActionData: "an app command's data is not percent-encoded JSON"
        case .unknownURLScheme: "a `scheme://` action that is neither a URL that opens nor an app command"
        case .builtinActionCase: "`Close`, `NEXT`… written in the wrong case"
        case .emptyLabel: "a button label that is empty or only white space"
        case .invalidTextAlign: "`text_align` is not `left`, `center`, `right`, `start` or `end`"
        case .invalidMaxLines: "`max_lines` is not a positive whole number"
        case .invalidDirection: "`direction` is not `ltr`, `rtl` or `auto`"
        case .controlCharacter: "a control or bidi character in `msg` or a label"
        case .profileColorsMerge: "different colours that the target terminal shows as one"
        case .profileFontSize: "a `font_size` that a terminal shows only as bold (a heading) or dim"
        case .lowContrast: "text or a button whose colours contrast less than WCAG AA's 4.5:1, as the target shows them"
        case .cardLowContrast:
            "text or a button label under WCAG AA's contrast (4.5:1, 3:1 for large text) on the app's card"
        case .configInvalid: "a `.modalkit.json` setting that is unknown or has a wrong value (exit status 2)"
        case .unsafeURLScheme:
            "a `javascript:`, `data:`, `file:` or `vbscript:` action: passed on, never drawn as a link"
        case .unsafeActionName:
            "a command or custom action name with a control character (NUL, `%00` decoded) or a bidi control"
        case .messageDrawsNothing:
            "`msg` holds only joiners, variation selectors, combining marks or other invisible characters"
        }
    }
}

extension DiagnosticCode {
    /// The catalogue entry of a JSON parse error's code.
    package init(_ code: JSONErrorCode) {
        switch code {
        case .jsonSyntax: self = .jsonSyntax
        case .jsonUTF8: self = .jsonUTF8
        case .jsonDepth: self = .jsonDepth
        case .jsonNumber: self = .jsonNumber
        case .jsonUnicodeEscape: self = .jsonUnicodeEscape
        }
    }
}

extension JSONParseError {
    /// The error's code as the format's diagnostic catalogue entry.
    package var diagnosticCode: DiagnosticCode { DiagnosticCode(jsonCode) }
}
