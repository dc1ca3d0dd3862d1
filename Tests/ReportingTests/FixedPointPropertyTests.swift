import PositionedJSON
import Reporting
import TestSupport
import Testing

@testable import ModalModel

/// The property of `modalkit fix`: given a modal whose styles cover known words, corrupted at random (offsets
/// counted in another unit, misspelt keys, both), the fixer gives back every style's words, or leaves the
/// document byte for byte as it was and says why. A rewrite to any other text is a failure.
@Suite struct FixedPointPropertyTests {
    /// 300 modals by default, 3,000 at full scale; the quick round is the start of the full one.
    static let modalCount = TestScale.rounds(3_000, quick: 150)
    static let seed: UInt64 = 20_261_206

    /// The ways one modal is corrupted, one document each.
    enum Corruption: CaseIterable {
        /// Every offset counted in one other unit.
        case unit
        /// One or two keys misspelt.
        case keys
        /// Another unit and one misspelt key.
        case unitAndKey
        /// Another unit and the keys of ranges misspelt (`lenght`, `form`, `apply_too`): the reported bug.
        case unitAndRangeKeys
    }

    struct Tally: CustomStringConvertible {
        var documents = 0
        var restored = 0
        var alreadyRight = 0
        var unchangedWithReason = 0
        var beyondTheInference = 0
        var failed = 0
        var failures: [String] = []
        var reasons: [String: Int] = [:]

        var description: String {
            "\(FixedPointPropertyTests.modalCount) modals, \(Corruption.allCases.count) corruptions each: "
                + "\(documents) documents, \(restored) restored (\(alreadyRight) of them right already, the corruption "
                + "changing no offset), \(unchangedWithReason) unchanged with a reason, "
                + "\(beyondTheInference) unchanged beyond the inference, \(failed) failed"
        }
    }

    /// How a document's keys are written: the format's names, or misspellings of some.
    struct Spelling {
        var msg = "msg"
        var styles = "styles"
        var applyTo: [String]
        var from: [String]
        var length: [String]
        var look: [String]

        init(styleCount: Int) {
            applyTo = Array(repeating: "apply_to", count: styleCount)
            from = Array(repeating: "from", count: styleCount)
            length = Array(repeating: "length", count: styleCount)
            look = (0..<styleCount).map { Self.looks[$0 % Self.looks.count].key }
        }

        static let looks: [(key: String, value: String)] = [
            ("font_style", "\"bold\""), ("color", "\"red\""), ("link", "\"https://example.com/\""),
        ]

        /// Misspells the key in slot `slot` (see `slots`).
        mutating func misspell(_ slot: Slot, using generator: inout SeededGenerator) {
            switch slot {
            case .msg: msg = Self.typo(of: msg, known: ModalField.keys, using: &generator)
            case .styles: styles = Self.typo(of: styles, known: ModalField.keys, using: &generator)
            case .applyTo(let index):
                applyTo[index] = Self.typo(of: applyTo[index], known: StyleField.keys, using: &generator)
            case .from(let index): from[index] = Self.typo(of: from[index], known: RangeField.keys, using: &generator)
            case .length(let index):
                length[index] = Self.typo(of: length[index], known: RangeField.keys, using: &generator)
            case .look(let index): look[index] = Self.typo(of: look[index], known: StyleField.keys, using: &generator)
            }
        }

        /// A misspelling of `key` that the validator's did-you-mean takes back to it: the usual ones half the
        /// time, otherwise one random edit (swapped, dropped, doubled or replaced letter).
        static func typo(of key: String, known: [String], using generator: inout SeededGenerator) -> String {
            let usual = ["length": "lenght", "from": "form", "apply_to": "apply_too", "color": "colour"]
            if let word = usual[key], Bool.random(using: &generator) { return word }
            for _ in 0..<50 {
                var letters = Array(key)
                let index = Int.random(in: 0..<letters.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where index + 1 < letters.count: letters.swapAt(index, index + 1)
                case 1: letters.remove(at: index)
                case 2: letters.insert(letters[index], at: index)
                default: letters[index] = "abcdefghijklmnopqrstuvwxyz_".randomElement(using: &generator)!
                }
                let word = String(letters)
                if word != key, !known.contains(word), DocumentDecoder.suggestion(for: word, known: known) == key {
                    return word
                }
            }
            return usual[key] ?? key
        }
    }

    enum Slot: Hashable {
        case msg, styles, applyTo(Int), from(Int), length(Int), look(Int)
    }

    /// The slots in the order first drawn, each once: a `Set` would take them in an order that changes from
    /// run to run, and with it what the seeded generator draws next.
    static func distinct(_ slots: [Slot]) -> [Slot] {
        var seen: Set<Slot> = []
        return slots.filter { seen.insert($0).inserted }
    }

    static func document(_ modal: UnitCountedModal, in unit: RangeUnit, spelling: Spelling) -> String {
        let styles = modal.offsets(in: unit).enumerated().map { index, pair in
            let look = Spelling.looks[index % Spelling.looks.count]
            return "{\(JSONWriter.quoted(spelling.applyTo[index])): {\(JSONWriter.quoted(spelling.from[index])): "
                + "\(pair.from), \(JSONWriter.quoted(spelling.length[index])): \(pair.length)}, "
                + "\(JSONWriter.quoted(spelling.look[index])): \(look.value)}"
        }
        return "[{\(JSONWriter.quoted(spelling.msg)): \(JSONWriter.quoted(modal.message)), "
            + "\(JSONWriter.quoted(spelling.styles)): [" + styles.joined(separator: ", ") + "]}]"
    }

    /// The words each style of a fixed document covers, read with the format's key names; nil for a style
    /// without a range inside the message.
    static func coveredWords(in bytes: [UInt8]) -> (message: String?, words: [String?]) {
        guard case .success(let root) = JSONParser.parse(bytes), case .array(let modals) = root.value,
            let modal = modals.first, case .string(let message)? = modal.value["msg"],
            case .array(let styles)? = modal.value["styles"]
        else { return (nil, []) }
        let words = styles.map { style -> String? in
            guard case .number(let from)? = style.value["apply_to"]?["from"],
                case .number(let length)? = style.value["apply_to"]?["length"],
                let fromValue = from.exactInteger, let lengthValue = length.exactInteger,
                let range = try? UTF16Range(utf16Offset: fromValue, utf16Length: lengthValue).stringRange(in: message)
            else { return nil }
            return String(message[range])
        }
        return (message, words)
    }

    static func round() -> Tally {
        var generator = SeededGenerator(seed: seed)
        var tally = Tally()
        var made = 0
        while made < modalCount {
            let modal = UnitCountedModal.random(using: &generator)
            guard !modal.wordRanges.isEmpty else { continue }
            made += 1
            let intended = modal.wordRanges.map { String(modal.message[$0]) }
            let styleCount = modal.wordRanges.count
            let slots: [Slot] =
                [.msg, .styles] + (0..<styleCount).flatMap { [Slot.applyTo($0), .from($0), .length($0), .look($0)] }
            let rangeSlots = (0..<styleCount).flatMap { [Slot.applyTo($0), .from($0), .length($0)] }
            for corruption in Corruption.allCases {
                let unit = [RangeUnit.codePoints, .graphemeClusters, .utf8Bytes].randomElement(using: &generator)!
                var spelling = Spelling(styleCount: styleCount)
                var written = RangeUnit.utf16
                switch corruption {
                case .unit:
                    written = unit
                case .keys:
                    for slot in Self.distinct(
                        (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                            slots.randomElement(using: &generator)!
                        })
                    {
                        spelling.misspell(slot, using: &generator)
                    }
                case .unitAndKey:
                    written = unit
                    spelling.misspell(slots.randomElement(using: &generator)!, using: &generator)
                case .unitAndRangeKeys:
                    written = unit
                    for slot in Self.distinct(
                        (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                            rangeSlots.randomElement(using: &generator)!
                        })
                    {
                        spelling.misspell(slot, using: &generator)
                    }
                }
                let text = document(modal, in: written, spelling: spelling)
                let bytes = Array(text.utf8)
                tally.documents += 1
                func fail(_ why: String) {
                    tally.failed += 1
                    if tally.failures.count < 5 { tally.failures.append("\(corruption) \(written): \(why): \(text)") }
                }
                switch FixedPointFixer.fix(bytes) {
                case .fixed(let fixed):
                    let (message, words) = coveredWords(in: fixed.bytes)
                    guard message == modal.message, words == intended.map(Optional.some) else {
                        fail("rewritten to \(words.map { $0 ?? "(no range)" })")
                        continue
                    }
                    guard SourceEdit.apply(fixed.edits, to: bytes) == fixed.bytes else {
                        fail("the edits of the original do not give the fixed bytes")
                        continue
                    }
                    guard FixedPointFixer.fix(fixed.bytes) == .unchanged else {
                        fail("fixing the fixed document changes it again")
                        continue
                    }
                    tally.restored += 1
                case .refused(let refusals):
                    guard !refusals.isEmpty, refusals.allSatisfy({ (0...bytes.count).contains($0.byteOffset) })
                    else {
                        fail("refused without a placed reason")
                        continue
                    }
                    tally.unchangedWithReason += 1
                    let kind = String(refusals[0].reason.prefix(40))
                    tally.reasons[kind, default: 0] += 1
                case .unchanged:
                    // Nothing the fixer can see: right already (a unit that counts these words as UTF-16
                    // does), or wrong in a way no inference tells from a correct file.
                    if coveredWords(in: bytes).words == intended.map(Optional.some) {
                        tally.restored += 1
                        tally.alreadyRight += 1
                    } else {
                        tally.beyondTheInference += 1
                    }
                }
            }
        }
        return tally
    }

    @Test(.tags(.slow)) func fixRestoresTheIntendedWordsOrLeavesTheDocumentAndSaysWhy() {
        let tally = Self.round()
        print("fixed-point property: \(tally)")
        for (reason, count) in tally.reasons.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            print("  refused \(count)× \(reason)…")
        }
        expectEqual(tally.failed, 0, "\(tally.failures)")
        expectEqual(tally.documents, Self.modalCount * Corruption.allCases.count)
        // Most corruptions are within reach: a fixer that refused everything would not pass.
        expect(tally.restored * 10 >= tally.documents * 8, "\(tally)")
    }
}
