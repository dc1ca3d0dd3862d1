/// Every code of the preview bridge's `error` events, declared once with its summary.
///
/// They name problems with a command line, not with a document, so they are not diagnostic codes. To add
/// one: add a case and its summary, and its row to the "Bad lines" table of docs/bridge.md (a test
/// compares the two).
package enum BridgeErrorCode: String, Sendable, Hashable, CaseIterable {
    case invalidJSON = "bridge-invalid-json"
    case notObject = "bridge-not-object"
    case missingCommand = "bridge-missing-command"
    case unknownCommand = "bridge-unknown-command"
    case missingField = "bridge-missing-field"
    case invalidField = "bridge-invalid-field"
    case unsupportedScheme = "bridge-unsupported-scheme"
    case invalidDocument = "bridge-invalid-document"
    case sourceUnreadable = "bridge-source-unreadable"
    case nothingShown = "bridge-nothing-shown"
    case noSuchTarget = "bridge-no-such-target"
    case lineTooLong = "bridge-line-too-long"
    case loadCancelled = "bridge-load-cancelled"

    /// What the code means, in one phrase: the "meaning" column of docs/bridge.md's table.
    package var summary: String {
        switch self {
        case .invalidJSON:
            "the line is not JSON (the message gives the parser's reason and byte); a blank line is skipped instead"
        case .notObject: "the line is JSON but not an object"
        case .missingCommand: "the object has no `command`"
        case .unknownCommand: "`command` is not a string or not one of the five"
        case .missingField: "`show`/`replace` without a source, `focus` without `button` or `link`"
        case .invalidField:
            "a field of the wrong type, more than one source, `focus` with both `button` and `link`, a field given "
                + "twice, or a `url` that is not a URL"
        case .unsupportedScheme: "a `path` or `url` is a URL of a scheme other than http, https and file"
        case .invalidDocument: "the document (inline, or read from `path` or `url`) fails validation"
        case .sourceUnreadable:
            "a `path` or `url` cannot be read; the message says why (with its `url-…` code for a URL)"
        case .nothingShown: "`focus` while no valid modal is shown"
        case .noSuchTarget: "`focus` names a button or link the modal shown does not have"
        case .lineTooLong:
            "the line is longer than `--max-bytes`; its bytes are dropped as they arrive, so it costs no memory"
        case .loadCancelled:
            "the user pressed Esc while the `path` or `url` of this `show` or `replace` loaded; what was shown stays"
        }
    }
}
