import ModalModel

/// Makes every certain fix of a document, pass by pass until nothing changes, then proves the result; the one
/// fixer behind `modalkit fix` and the language server's "fix all".
///
/// Each pass makes one kind of fix on the bytes the previous pass left and validates them again: misspelt keys
/// first, since a renamed `lenght` or `apply_too` brings a range into its modal, then ranges counted in another
/// unit, so that the conversion sees every range of the modal. One pass making its fixes from the original
/// bytes would convert the ranges it could read and leave the renamed one in the old unit, silently.
///
/// The document is left unchanged, with the reasons, when a rename would be a guess; when a modal's ranges
/// would be converted without all of them, or while a second unit reads them as whole words too; when a
/// modal would be converted twice; when a modal changed otherwise has ranges that read cleanly in another
/// unit (`RangeUnitInference.doubtfulUnits`); when the passes do not settle; or when the proof fails: every
/// range of a converted modal must cover in UTF-16 the text its original numbers covered in the inferred
/// unit, and every other range must keep its numbers.
package enum FixedPointFixer {
    /// At most this many passes change something; a document still changing after them is left alone.
    package static let passLimit = 8

    /// The outcome for `bytes`; `diagnostics` are the validator's for them, when already known.
    package static func fix(_ bytes: [UInt8], diagnostics: [Diagnostic]? = nil) -> FixOutcome {
        var current = bytes
        var currentDiagnostics = diagnostics ?? ModalDecoder.decode(bytes).diagnostics
        var fixes: [ModalFix] = []
        var edits: [SourceEdit] = []  // of the original bytes
        var passes = 0
        var convertedUnits: [String: RangeUnit] = [:]  // modal pointer: the unit its ranges were counted in
        while true {
            let pass = ModalFixer.nextPass(bytes: current, diagnostics: currentDiagnostics)
            switch pass {
            case .done:
                if fixes.isEmpty { return .unchanged }
                let doubts = ModalFixer.unitDoubts(bytes: current, touchedBy: fixes)
                guard doubts.isEmpty else { return .refused(doubts.map { inOriginal($0, edits: edits) }) }
                let refusals = FixProof.refusals(
                    original: bytes, fixed: current, fixes: fixes, convertedUnits: convertedUnits)
                guard refusals.isEmpty else { return .refused(refusals) }
                return .fixed(FixedDocument(bytes: current, fixes: fixes, edits: edits, passes: passes))
            case .refused(let refusals):
                return .refused(refusals.map { inOriginal($0, edits: edits) })
            case .fixes(let passFixes):
                for fix in passFixes {
                    guard case .rangeUnit(let unit) = fix.kind else { continue }
                    if let earlier = convertedUnits[fix.pointer] {
                        let modal = PointerProse.place(fix.pointer)
                        return .refused([
                            FixRefusal(
                                pointer: fix.pointer,
                                byteOffset: SourceEdit.originalOffset(
                                    of: fix.edits.first?.byteOffset ?? 0, under: edits),
                                reason:
                                    "the ranges of the modal at \(modal) were converted from \(earlier.name) and then "
                                    + "looked counted in \(unit.name), so which unit they are in is not certain; "
                                    + "correct them by hand")
                        ])
                    }
                    convertedUnits[fix.pointer] = unit
                }
                guard passes < passLimit else {
                    return .refused([
                        FixRefusal(
                            pointer: "", byteOffset: 0,
                            reason: "the fixes still changed the document after \(passLimit) passes, so they are "
                                + "not certain; run 'modalkit validate' and correct it by hand")
                    ])
                }
                let passEdits = passFixes.flatMap(\.edits)
                current = SourceEdit.apply(passEdits, to: current)
                edits = SourceEdit.composed(edits, then: passEdits)
                fixes += passFixes
                passes += 1
                currentDiagnostics = ModalDecoder.decode(current).diagnostics
            }
        }
    }

    /// A refusal made on the bytes of a later pass, placed in the original bytes.
    static func inOriginal(_ refusal: FixRefusal, edits: [SourceEdit]) -> FixRefusal {
        var placed = refusal
        placed.byteOffset = SourceEdit.originalOffset(of: refusal.byteOffset, under: edits)
        return placed
    }
}
