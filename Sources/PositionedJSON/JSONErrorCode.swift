/// The codes of the errors that make bytes not JSON, declared once with their summaries.
///
/// The format's diagnostic catalogue (`DiagnosticCode` in ModalModel) takes these five as its `json-*` codes,
/// so a parse error reads the same whoever parsed the bytes.
package enum JSONErrorCode: String, Sendable, Hashable, CaseIterable {
    case jsonSyntax = "json-syntax"
    case jsonUTF8 = "json-utf8"
    case jsonDepth = "json-depth"
    case jsonNumber = "json-number"
    case jsonUnicodeEscape = "json-unicode-escape"

    /// What the code means, in one phrase: the "meaning" column of FORMAT.md's table.
    package var summary: String {
        switch self {
        case .jsonSyntax: "not JSON: a misplaced or missing character, an empty file, a byte order mark"
        case .jsonUTF8: "the bytes are not valid UTF-8"
        case .jsonDepth: "arrays or objects nested deeper than 512"
        case .jsonNumber: "a number too large to be finite"
        case .jsonUnicodeEscape: "a `\\u` escape of an unpaired surrogate"
        }
    }
}
