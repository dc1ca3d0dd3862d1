import ModalDiff
import ModalModel
@_spi(Kernel) import TextKernel

/// One compared file: where it is, what users see change, and what stopped the comparison if anything did.
struct FileDiffResult: Sendable {
    /// Which sides have the file.
    enum Presence: String, Sendable {
        case both, added, removed
    }

    var path: String
    var presence: Presence
    /// What changed; nil when the file could not be compared.
    var comparison: FileComparison?
    /// Whether the two sides are the same bytes.
    var sameBytes = false
    /// Why the file could not be compared, naming it.
    var trouble: String?
    /// The modals of each side, kept for the outputs that draw or quote them.
    var oldModals: [Modal] = []
    var newModals: [Modal] = []

    /// Whether users would see a change.
    var showsChange: Bool { comparison?.showsChange ?? false }

    /// Reads and compares one pair; the modals of a changed file are kept only when `keepModals`.
    static func compare(_ pair: DiffPair, maxBytes: Int, keepModals: Bool) -> FileDiffResult {
        let presence: Presence =
            switch (pair.old, pair.new) {
            case (.absent, _): .added
            case (_, .absent): .removed
            default: .both
            }
        var result = FileDiffResult(path: pair.path, presence: presence)
        let oldBytes: [UInt8]?
        let newBytes: [UInt8]?
        switch (pair.old.read(maxBytes: maxBytes), pair.new.read(maxBytes: maxBytes)) {
        case (.failure(let trouble), _), (_, .failure(let trouble)):
            result.trouble = trouble.message
            return result
        case (.success(let old), .success(let new)):
            oldBytes = old
            newBytes = new
        }
        result.sameBytes = oldBytes != nil && oldBytes == newBytes
        // Equal bytes decode to equal modals and diagnostics: nothing to compare.
        if result.sameBytes, FastPaths.isOn(.identicalBytes) {
            result.comparison = FileComparison(modals: [], newDiagnostics: [], goneDiagnostics: [])
            return result
        }
        var sides: [(modals: [Modal], diagnostics: [Diagnostic])] = []
        for (source, bytes) in [(pair.old, oldBytes), (pair.new, newBytes)] {
            guard let bytes else {
                sides.append(([], []))
                continue
            }
            let decoded = ModalDecoder.decode(bytes)
            guard let document = decoded.document else {
                let first = decoded.diagnostics.first { $0.severity == .error }
                let said =
                    first.map { "\($0.code) at line \($0.location.line), column \($0.location.column): \($0.message)" }
                    ?? "it holds no modal document"
                result.trouble =
                    "\(source.label) is not a modal document: \(said) ('modalkit validate' lists every finding)"
                return result
            }
            sides.append((document.modals, decoded.diagnostics))
        }
        result.comparison = FileComparison.compare(
            old: sides[0].modals, new: sides[1].modals, oldDiagnostics: sides[0].diagnostics,
            newDiagnostics: sides[1].diagnostics)
        // Only a file users see change in is drawn or quoted; keeping every file's modals would hold the
        // whole corpus in memory.
        if keepModals, result.comparison?.showsChange == true {
            result.oldModals = sides[0].modals
            result.newModals = sides[1].modals
        }
        return result
    }
}
