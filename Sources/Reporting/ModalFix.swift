import ModalModel

/// A change to a modal document that is certain to be right, with the edits that make it.
package struct ModalFix: Sendable, Equatable {
    /// What kind of change.
    package enum Kind: Sendable, Equatable {
        /// Every range of one modal rewritten in UTF-16 from the unit it was counted in.
        case rangeUnit(RangeUnit)
        /// An unknown key renamed to the one known key it is a misspelling of.
        case renameKey(from: String, to: String)
        /// A likely fix for one finding with this code, offered in an editor but never made by `modalkit fix`.
        case suggestion(code: String)
    }

    /// What kind of change.
    package var kind: Kind
    /// The JSON pointer of what changes: the modal for ranges, the member for a renamed key.
    package var pointer: String
    /// What the fix does, in one sentence.
    package var summary: String
    /// The byte edits, which change only the digits of offsets or the text of a key.
    package var edits: [SourceEdit]
    /// What changes, one line per item, such as `/0/styles/1: " tap her" becomes "tap here"`.
    package var changes: [String]

    /// Creates a fix.
    package init(kind: Kind, pointer: String, summary: String, edits: [SourceEdit], changes: [String] = []) {
        self.kind = kind
        self.pointer = pointer
        self.summary = summary
        self.edits = edits
        self.changes = changes
    }

    /// Whether this fix resolves `diagnostic`: a range problem inside the modal, or the unknown key (or the
    /// required key it stands for).
    /// `DiagnosticsByPointer` asks this only of diagnostics at the fix's pointer, below it or at its parent.
    package func resolves(_ diagnostic: Diagnostic) -> Bool {
        switch kind {
        case .rangeUnit:
            return diagnostic.code.hasPrefix("range-") && diagnostic.pointer.hasPrefix(pointer + "/styles/")
        case .suggestion(let code):
            return diagnostic.code == code
                && (diagnostic.pointer == pointer || diagnostic.pointer.hasPrefix(pointer + "/"))
        case .renameKey(_, let to):
            if diagnostic.diagnosticCode == .unknownKey { return diagnostic.pointer == pointer }
            let parent = String(pointer[..<(pointer.lastIndex(of: "/") ?? pointer.startIndex)])
            return diagnostic.diagnosticCode == .missingKey && diagnostic.pointer == parent
                && diagnostic.message.contains("'\(to)'")
        }
    }
}
