import ModalDiff
import ModalModel
import TestSupport
import Testing

@Suite struct WordMatchingTests {
    /// The longest common subsequence's length, by the textbook table, as the oracle.
    private func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    @Test func randomSequencesMatchAsManyAsTheLongestCommonSubsequence() {
        var random = SeededGenerator(seed: 45)
        for _ in 0..<TestScale.rounds(10_000, quick: 2_000) {
            let old = (0..<Int.random(in: 0...24, using: &random)).map { _ in Int.random(in: 0..<4, using: &random) }
            let new = (0..<Int.random(in: 0...24, using: &random)).map { _ in Int.random(in: 0..<4, using: &random) }
            let matching = WordMatching.matching(old, new)
            expect(!matching.isCoarse)
            expectEqual(matching.matches.count, lcsLength(old, new), "\(old) \(new)")
            for (index, match) in matching.matches.enumerated() {
                expectEqual(old[match.old], new[match.new])
                if index > 0 {
                    expect(match.old > matching.matches[index - 1].old && match.new > matching.matches[index - 1].new)
                }
            }
        }
    }

    @Test func pastTheBoundTheMiddleIsOneCoarseReplacement() {
        let old = [9] + Array(0..<50) + [8]
        let new = [9] + Array(100..<150) + [8]
        let matching = WordMatching.matching(old, new, maxEdits: 20)
        expect(matching.isCoarse)
        expectEqual(matching.matches.map(\.old), [0, 51])
        expectEqual(matching.matches.map(\.new), [0, 51])
    }

    @Test func oneChangeInALongMessageIsFoundWithoutTheSearch() {
        let old = Array(0..<400_000)
        var new = old
        new[200_000] = -1
        // One word replaced is two edits: a deletion and an insertion.
        let matching = WordMatching.matching(old, new, maxEdits: 2)
        let isCoarse = matching.isCoarse
        let count = matching.matches.count
        expect(!isCoarse)
        expectEqual(count, 399_999)
    }

    /// Two unrelated messages of about 2 MB each: the bound stops the search, and the answer is one replacement.
    @Test func unrelatedLongMessagesAreOneCoarseReplacement() {
        let old = String(repeating: "alpha beta gamma delta ", count: 90_000)
        let new = String(repeating: "one two three four five ", count: 85_000)
        let oldModal = Modal(message: old)
        let newModal = Modal(message: new)
        let changes = ModalComparison.changes(from: oldModal, to: newModal)
        expectEqual(changes.count, 1)
        guard case .text(let edit) = changes.first else {
            Issue.record("not a text edit")
            return
        }
        expect(edit.isCoarse)
        expectEqual(edit.removedText.utf16.count, old.utf16.count - 1)
        expectEqual(edit.addedText.utf16.count, new.utf16.count - 1)
    }

    @Test func wordsSplitOnWhiteSpaceWithUTF16Offsets() {
        let words = MessageWord.words(of: "  héllo\n😀 world ")
        expectEqual(words.map(\.text), ["héllo", "😀", "world"])
        expectEqual(words.map(\.utf16Offset), [2, 8, 11])
        expectEqual(words.map(\.utf16Length), [5, 2, 5])
    }
}
