import ModalModel

/// What `FixedPointFixer` made of a document: nothing to do, a fix proved right, or a refusal with its reasons.
package enum FixOutcome: Sendable, Equatable {
    /// Nothing is certain enough to fix; the bytes stay as they are.
    case unchanged
    /// Every certain fix made and proved.
    case fixed(FixedDocument)
    /// The document is left unchanged: a fix would be ambiguous, or its result could not be proved.
    case refused([FixRefusal])
}

/// A document after the fixer's passes.
package struct FixedDocument: Sendable, Equatable {
    /// The fixed bytes.
    package var bytes: [UInt8]
    /// The fixes, in the order they were made: renames before conversions.
    package var fixes: [ModalFix]
    /// The edits of the original bytes that give `bytes`, sorted and not overlapping.
    package var edits: [SourceEdit]
    /// How many passes changed something.
    package var passes: Int
}

/// Why the fixer leaves a document unchanged, and where.
package struct FixRefusal: Sendable, Equatable {
    /// The JSON pointer of what could not be fixed safely.
    package var pointer: String
    /// The UTF-8 byte offset in the original document.
    package var byteOffset: Int
    /// Why, in one sentence that says what to do.
    package var reason: String

    /// Creates a refusal.
    package init(pointer: String, byteOffset: Int, reason: String) {
        self.pointer = pointer
        self.byteOffset = byteOffset
        self.reason = reason
    }
}
