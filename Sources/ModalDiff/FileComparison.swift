import ModalModel

/// What changed for users between two versions of one file: its modals, paired by index, and its diagnostics.
public struct FileComparison: Sendable, Equatable {
    /// The modals that differ, were added or were removed, in index order; the modals that look the same are left out.
    public var modals: [ModalDifference]
    /// Diagnostics the new version has and the old one did not.
    public var newDiagnostics: [DiagnosticFacts]
    /// Diagnostics the old version had and the new one does not.
    public var goneDiagnostics: [DiagnosticFacts]

    /// Whether users would see anything change.
    public var showsChange: Bool { !modals.isEmpty }

    /// Creates a comparison.
    public init(modals: [ModalDifference], newDiagnostics: [DiagnosticFacts], goneDiagnostics: [DiagnosticFacts]) {
        self.modals = modals
        self.newDiagnostics = newDiagnostics
        self.goneDiagnostics = goneDiagnostics
    }

    /// Compares two versions of a file's modals. Modals are paired by their index in the file, so a modal
    /// inserted before others shows as changes to those after it and one added at the end; diagnostics are
    /// paired by code, JSON pointer and message, which reformatting does not move.
    public static func compare(
        old: [Modal], new: [Modal], oldDiagnostics: [Diagnostic] = [], newDiagnostics: [Diagnostic] = [],
        maxEdits: Int = WordMatching.defaultMaxEdits
    ) -> FileComparison {
        var modals: [ModalDifference] = []
        for index in 0..<max(old.count, new.count) {
            if index >= new.count {
                modals.append(.removed(index: index))
            } else if index >= old.count {
                modals.append(.added(index: index))
            } else {
                let changes = ModalComparison.changes(from: old[index], to: new[index], maxEdits: maxEdits)
                if !changes.isEmpty { modals.append(.changed(index: index, changes)) }
            }
        }
        let before = oldDiagnostics.map(DiagnosticFacts.init)
        let after = newDiagnostics.map(DiagnosticFacts.init)
        return FileComparison(
            modals: modals, newDiagnostics: multisetMinus(after, before),
            goneDiagnostics: multisetMinus(before, after))
    }

    /// The elements of `list` not matched one for one by elements of `other`, in `list`'s order.
    private static func multisetMinus(_ list: [DiagnosticFacts], _ other: [DiagnosticFacts]) -> [DiagnosticFacts] {
        var counts: [DiagnosticFacts: Int] = [:]
        for facts in other { counts[facts, default: 0] += 1 }
        return list.filter { facts in
            guard let count = counts[facts], count > 0 else { return true }
            counts[facts] = count - 1
            return false
        }
    }
}

/// How one modal index differs between the two versions of a file.
public enum ModalDifference: Sendable, Equatable {
    /// The new version has a modal at this index and the old one had none.
    case added(index: Int)
    /// The old version had a modal at this index and the new one has none.
    case removed(index: Int)
    /// Both have a modal here, and users see these changes.
    case changed(index: Int, [ModalChange])

    /// The modal's index in its file.
    public var index: Int {
        switch self {
        case .added(let index), .removed(let index), .changed(let index, _): index
        }
    }
}

/// A diagnostic without its line and column, which move when a file is only reformatted.
public struct DiagnosticFacts: Sendable, Hashable {
    /// `error`, `warning` or `note`.
    public var severity: String
    /// The code, as `modalkit validate` reports it.
    public var code: String
    /// The JSON pointer to the value concerned.
    public var pointer: String
    /// The message.
    public var message: String

    /// The facts of a diagnostic.
    public init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity.rawValue
        code = diagnostic.code
        pointer = diagnostic.pointer
        message = diagnostic.message
    }
}
