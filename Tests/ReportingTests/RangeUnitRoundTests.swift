import ModalModel
import Reporting
import TestSupport
import Testing

/// The acceptance round of range-unit inference: modals with word-aligned styles over emoji, combining marks, ZWJ
/// sequences, flags and CJK, each written in UTF-16, code points, grapheme clusters and UTF-8 bytes.
@Suite struct RangeUnitRoundTests {
    /// 400 modals (1,600 files) by default, 2,000 at full scale; the quick round is the start of the full one.
    static let modalCount = TestScale.rounds(2_000, quick: 200)
    static let seed: UInt64 = 20_261_202

    struct Tally: CustomStringConvertible {
        var wrongUnitFiles = 0
        var flaggedWithTheUnit = 0
        var fixedToTheWords = 0
        var twinsFlagged: [String] = []
        var misses: [String] = []

        var description: String {
            "\(wrongUnitFiles) wrong-unit files, \(flaggedWithTheUnit) flagged with the unit, "
                + "\(fixedToTheWords) fixed to the intended words; first misses: \(misses.prefix(5))"
        }
    }

    static func round() -> Tally {
        var generator = SeededGenerator(seed: seed)
        var tally = Tally()
        for _ in 0..<modalCount {
            let modal = UnitCountedModal.random(using: &generator)
            let intended = modal.utf16Ranges
            let twin = Array(modal.json(in: .utf16).utf8)
            if ModalDecoder.decode(twin).diagnostics.contains(where: { $0.code == "range-unit-mismatch" }) {
                tally.twinsFlagged.append(modal.json(in: .utf16))
            }
            for unit in RangeUnit.allCases where unit != .utf16 {
                // A unit that gives the same numbers as UTF-16 for this modal is no mistake.
                if modal.offsets(in: unit).map({ [$0.from, $0.length] })
                    == modal.offsets(in: .utf16).map({ [$0.from, $0.length] })
                {
                    continue
                }
                tally.wrongUnitFiles += 1
                let bytes = Array(modal.json(in: unit).utf8)
                let diagnostics = ModalDecoder.decode(bytes).diagnostics
                if diagnostics.contains(where: {
                    $0.code == "range-unit-mismatch" && $0.message.contains(unit.usualSource)
                }) {
                    tally.flaggedWithTheUnit += 1
                } else if tally.misses.count < 5 {
                    tally.misses.append("\(unit): \(modal.json(in: unit))")
                }
                if let (fixed, _) = ModalFixer.fixed(bytes, diagnostics: diagnostics),
                    let document = ModalDecoder.decode(fixed).document,
                    document.modals.first?.styles.map(\.range) == intended
                {
                    tally.fixedToTheWords += 1
                }
            }
        }
        return tally
    }

    @Test(.tags(.slow)) func wrongUnitFilesAreFlaggedAndFixedAndTheUTF16TwinsAreNot() {
        let tally = Self.round()
        expect(tally.wrongUnitFiles >= Self.modalCount * 3 * 8 / 10, "\(tally)")
        expect(tally.flaggedWithTheUnit * 100 >= tally.wrongUnitFiles * 95, "\(tally)")
        expect(tally.fixedToTheWords * 100 >= tally.wrongUnitFiles * 95, "\(tally)")
        expect(tally.twinsFlagged.isEmpty, "UTF-16 twins flagged: \(tally.twinsFlagged.prefix(3))")
        print("range-unit round: \(tally)")
    }
}
