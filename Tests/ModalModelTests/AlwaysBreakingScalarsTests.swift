import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalModel

/// The scalars that boundary checks and drawing treat as never joining a neighbour must be so by the
/// standard library's grapheme rules: each one starts and ends a cluster next to letters, jamo, an Indic
/// linker and every other scalar of the set, so that skipping grapheme breaking between two of them
/// changes nothing.
@Suite struct AlwaysBreakingScalarsTests {
    @Test(.tags(.slow)) func everyScalarOfTheSetStandsAloneByTheStandardLibrarysRules() {
        // Every scalar the check accepts, found by asking it of all of them.
        let scalars = (0...0x10_FFFF).compactMap { Unicode.Scalar(UInt32($0)) }.filter {
            UTF16Offsets.alwaysBreaksAround($0.value)
        }
        expect(scalars.count > 30_000)
        // Neighbours that join whatever can be joined: a letter, a leading jamo (GB6), a Devanagari consonant
        // with its virama (GB9c), an emoji with ZWJ only after (the set has no ZWJ), and a sample of the set.
        let before = ["a", "\u{1100}", "\u{0915}\u{094D}", "\u{1F600}", "\u{00E9}"]
        let after = ["a", "\u{1161}", "\u{0915}", "\u{00E9}"]
        let sample = stride(from: 0, to: scalars.count, by: 61).map { String(scalars[$0]) }
        var wrong: [String] = []
        // Every scalar at full scale; every fifth (from the first) in a quick run.
        for scalar in TestScale.sample(scalars, quick: 10) {
            let text = String(scalar)
            for neighbour in before + sample where (neighbour + text).count != neighbour.count + 1 {
                wrong.append("\(neighbour.debugDescription) + U+\(String(scalar.value, radix: 16))")
            }
            for neighbour in after where (text + neighbour).count != 2 {
                wrong.append("U+\(String(scalar.value, radix: 16)) + \(neighbour.debugDescription)")
            }
        }
        expect(wrong.isEmpty, "\(wrong.prefix(20))")
        expect(!UTF16Offsets.alwaysBreaksAround(0x0301) && !UTF16Offsets.alwaysBreaksAround(0x200D))
        expect(!UTF16Offsets.alwaysBreaksAround(0x0600) && !UTF16Offsets.alwaysBreaksAround(0x064B))
    }

    /// Every scalar of the set draws something, so that `DocumentDecoder.drawsNothing` may skip its properties:
    /// none is a mark, a format character, default-ignorable or a variation selector.
    @Test func everyScalarOfTheSetDraws() {
        let invisible = (0...0x10_FFFF).compactMap { Unicode.Scalar(UInt32($0)) }.filter { scalar in
            guard UTF16Offsets.alwaysBreaksAround(scalar.value) else { return false }
            let properties = scalar.properties
            return [.nonspacingMark, .enclosingMark, .format].contains(properties.generalCategory)
                || properties.isDefaultIgnorableCodePoint || properties.isVariationSelector
        }
        expect(invisible.isEmpty, "\(invisible.prefix(20).map { String($0.value, radix: 16) })")
        expect(DocumentDecoder.drawsNothing("\u{200B}\u{FE0F}\u{0301}"))
        expect(!DocumentDecoder.drawsNothing("\u{200B}限"))
    }
}
