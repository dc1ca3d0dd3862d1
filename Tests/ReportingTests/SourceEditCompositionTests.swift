import Reporting
import TestSupport
import Testing

@Suite struct SourceEditCompositionTests {
    /// Random edits of random text in two passes: the composed edits of the original give what the two passes
    /// give, whatever the second pass's edits touch of the first's.
    @Test func composedEditsGiveWhatTwoPassesGive() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<TestScale.rounds(20_000, quick: 2_000) {
            let original = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                UInt8.random(in: 97...102, using: &generator)
            }
            let first = Self.randomEdits(of: original.count, using: &generator)
            let middle = SourceEdit.apply(first, to: original)
            let second = Self.randomEdits(of: middle.count, using: &generator)
            let last = SourceEdit.apply(second, to: middle)
            let composed = SourceEdit.composed(first, then: second)
            expectEqual(SourceEdit.apply(composed, to: original), last, "\(original) \(first) \(second)")
            expect(zip(composed, composed.dropFirst()).allSatisfy { $0.byteOffset + $0.byteLength <= $1.byteOffset })
        }
    }

    @Test func anOffsetAfterEditsIsPlacedInTheOriginal() {
        // "abcdef": "b" becomes "XYZ", "e" is removed: "aXYZcdf".
        let edits = [
            SourceEdit(byteOffset: 1, byteLength: 1, replacement: "XYZ"),
            SourceEdit(byteOffset: 4, byteLength: 1, replacement: ""),
        ]
        expectEqual(SourceEdit.apply(edits, to: Array("abcdef".utf8)), Array("aXYZcdf".utf8))
        expectEqual(SourceEdit.originalOffset(of: 0, under: edits), 0)
        expectEqual(SourceEdit.originalOffset(of: 2, under: edits), 1)  // inside the replacement
        expectEqual(SourceEdit.originalOffset(of: 4, under: edits), 2)  // "c"
        expectEqual(SourceEdit.originalOffset(of: 6, under: edits), 5)  // "f"
    }

    /// Up to four edits of text `count` bytes long that do not overlap, each replacing up to three bytes by up
    /// to three letters.
    static func randomEdits(of count: Int, using generator: inout SeededGenerator) -> [SourceEdit] {
        var edits: [SourceEdit] = []
        var position = 0
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            guard position <= count else { break }
            let start = Int.random(in: position...count, using: &generator)
            let length = Int.random(in: 0...min(3, count - start), using: &generator)
            let replacement = String(
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    "XYZ".randomElement(using: &generator)!
                })
            edits.append(SourceEdit(byteOffset: start, byteLength: length, replacement: replacement))
            position = start + length + 1
        }
        return edits
    }
}
