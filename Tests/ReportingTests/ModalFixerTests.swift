import Foundation
import ModalModel
import Reporting
import TestSupport
import Testing

let codePointFixtures = repositoryRoot + "/Tests/ReportingTests/Fixtures/codepoint-offsets"

func codePointFixtureNames() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: codePointFixtures + "/before")) ?? []).sorted()
}

@Suite struct ModalFixerTests {
    /// Every corpus file written in code points is invalid, and fixing gives back the generator's bytes exactly.
    @Test(arguments: codePointFixtureNames())
    func codePointCorpusFileIsFixedToTheOriginalBytes(name: String) throws {
        let before = try #require(readFileBytes(codePointFixtures + "/before/" + name))
        let expected = try #require(readFileBytes(codePointFixtures + "/expected/" + name))
        let diagnostics = ModalDecoder.decode(before).diagnostics
        expect(diagnostics.contains { $0.severity == .error })
        let (fixed, fixes) = try #require(ModalFixer.fixed(before, diagnostics: diagnostics))
        expect(fixes.allSatisfy { $0.kind == .rangeUnit(.codePoints) })
        expectEqual(fixed, expected)
        expect(!ModalDecoder.decode(fixed).hasErrors)
        // Idempotent: the fixed file has nothing left to fix.
        expect(ModalFixer.fixed(fixed, diagnostics: ModalDecoder.decode(fixed).diagnostics) == nil)
    }

    @Test func fixturesAreThere() {
        expectEqual(codePointFixtureNames().count, 20)
    }

    /// Once one range shows the modal is in code points, a range that happened to be valid moves too.
    @Test func silentlyShiftedRangeOfTheSameModalIsConvertedToo() throws {
        // "😀 ab 😀 cd": code points "ab" = 2..<4, "cd" = 7..<9 (past the end in UTF-16 only after +2).
        let text =
            #"{"msg":"😀 ab 😀 cd","styles":[{"apply_to":{"from":2,"length":2}},{"apply_to":{"from":7,"length":2}}]}"#
        let bytes = Array(text.utf8)
        let diagnostics = ModalDecoder.decode(bytes).diagnostics
        // The first range is silently wrong in UTF-16 (" a"); the inference names the unit for the modal.
        expectEqual(diagnostics.map(\.code), ["range-unit-mismatch", "range-splits-surrogate"])
        let (fixed, _) = try #require(ModalFixer.fixed(bytes, diagnostics: diagnostics))
        expectEqual(
            String(decoding: fixed, as: UTF8.self),
            #"{"msg":"😀 ab 😀 cd","styles":[{"apply_to":{"from":3,"length":2}},{"apply_to":{"from":9,"length":2}}]}"#)
    }

    @Test func rangesWithoutAstralCharactersAreNotTouched() {
        let text = #"{"msg":"héllo","styles":[{"apply_to":{"from":2,"length":9}}]}"#
        let bytes = Array(text.utf8)
        expect(ModalFixer.fixed(bytes, diagnostics: ModalDecoder.decode(bytes).diagnostics) == nil)
    }

    @Test func misspeltKeyWithOneCandidateIsRenamedAndNothingElseChanges() throws {
        let text =
            "{ \"msg\" : \"Hi\",\n  \"styles\": [{\"apply_to\": {\"from\": 0, \"lenght\": 2}, \"colr\": \"red\"}] }"
        let bytes = Array(text.utf8)
        let diagnostics = ModalDecoder.decode(bytes).diagnostics
        let (fixed, fixes) = try #require(ModalFixer.fixed(bytes, diagnostics: diagnostics))
        expectEqual(
            String(decoding: fixed, as: UTF8.self),
            "{ \"msg\" : \"Hi\",\n  \"styles\": [{\"apply_to\": {\"from\": 0, \"length\": 2}, \"color\": \"red\"}] }")
        expect(fixes.map(\.kind).contains(.renameKey(from: "lenght", to: "length")))
        expect(ModalDecoder.decode(fixed).diagnostics.isEmpty)
    }

    /// The reported case: the rename comes in the first pass and the conversion, which then sees both ranges,
    /// in the second.
    @Test func renamesComeBeforeTheConversionWhichConvertsTheRenamedRangeToo() throws {
        let text =
            #"[{"msg": "Café 🎉 deal today only", "styles": [{"apply_to": {"from": 7, "lenght": 4}}, "#
            + #"{"apply_to": {"from": 12, "length": 10}}]}]"#
        guard case .fixed(let fixed) = FixedPointFixer.fix(Array(text.utf8)) else {
            Issue.record("not fixed")
            return
        }
        expectEqual(fixed.passes, 2)
        expectEqual(fixed.fixes.map(\.kind), [.renameKey(from: "lenght", to: "length"), .rangeUnit(.codePoints)])
        expectEqual(SourceEdit.apply(fixed.edits, to: Array(text.utf8)), fixed.bytes)
        expectEqual(
            String(decoding: fixed.bytes, as: UTF8.self),
            #"[{"msg": "Café 🎉 deal today only", "styles": [{"apply_to": {"from": 8, "length": 4}}, "#
                + #"{"apply_to": {"from": 13, "length": 10}}]}]"#)
        // One pass alone would not convert the modal: a style has no range yet.
        expect(
            !ModalFixer.fixes(for: Array(text.utf8), diagnostics: ModalDecoder.decode(Array(text.utf8)).diagnostics)
                .contains { $0.kind == .rangeUnit(.codePoints) })
    }

    @Test func aRenameThatWouldBeAGuessLeavesTheWholeFileWithItsPlace() {
        // "g_color" is one edit from both "bg_color" and "fg_color"; "lenght" alone would be certain.
        let text =
            #"{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "lenght": 2}}], "#
            + ##""buttons": [{"label": "OK", "action": "close", "g_color": "#333"}]}"##
        let bytes = Array(text.utf8)
        guard case .refused(let refusals) = FixedPointFixer.fix(bytes) else {
            Issue.record("not refused")
            return
        }
        expectEqual(refusals.map(\.pointer), ["/buttons/0/g_color"])
        expectEqual(refusals.first?.byteOffset, text.utf8.count - ##""g_color": "#333"}]}"##.utf8.count)
        expectEqual(refusals.first?.reason.contains("would be a guess"), true)
        expect(ModalFixer.fixed(bytes, diagnostics: ModalDecoder.decode(bytes).diagnostics) == nil)
    }

    /// Renaming a key of a modal whose ranges cover whole words in UTF-16 and in other units too would make the
    /// file look fixed while its offsets may be in either.
    @Test func aModalWhoseUnitIsInDoubtIsNotChangedForAnotherReason() {
        // 13..<15 is "ef" in UTF-16, "gh" in code points and "ab" in UTF-8 bytes: every reading is clean.
        let text = #"{"msg": "🎉🎉🎉 ab cd ef gh", "styles": [{"apply_to": {"from": 13, "length": 2}, "colour": "red"}]}"#
        let bytes = Array(text.utf8)
        let outcome = FixedPointFixer.fix(bytes)
        guard case .refused(let refusals) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        expectEqual(refusals.map(\.pointer), [""])
        expectEqual(refusals.first?.reason.contains("would also start and end at word boundaries"), true)
        // Without the doubt: 10..<14 is "cdef" in UTF-16 and runs off the end or into an emoji in the others.
        let certain = #"{"msg": "🎉🎉🎉 ab cdef", "styles": [{"apply_to": {"from": 10, "length": 4}, "colour": "red"}]}"#
        guard case .fixed = FixedPointFixer.fix(Array(certain.utf8)) else {
            Issue.record("not fixed")
            return
        }
    }

    @Test func keyIsNotRenamedOntoAKeyThatIsAlreadyThere() {
        let text = #"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":2,"lenght":2}}]}"#
        let bytes = Array(text.utf8)
        expect(ModalFixer.fixed(bytes, diagnostics: ModalDecoder.decode(bytes).diagnostics) == nil)
    }

    @Test func coloursAreNeverGuessed() {
        let text = ##"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":2},"color":"#12345"}]}"##
        let bytes = Array(text.utf8)
        expect(ModalFixer.fixed(bytes, diagnostics: ModalDecoder.decode(bytes).diagnostics) == nil)
    }

    @Test func diffShowsOnlyTheChangedLinesWithContext() {
        let old = Array("a\nb\n\"from\": 3,\nc\nd\ne\nf\ng\nh\n".utf8)
        let new = Array("a\nb\n\"from\": 5,\nc\nd\ne\nf\ng\nh\n".utf8)
        expectEqual(
            UnifiedDiff.diff(path: "x.json", old: old, new: new),
            "--- a/x.json\n+++ b/x.json\n@@ -1,6 +1,6 @@\n a\n b\n-\"from\": 3,\n+\"from\": 5,\n c\n d\n e\n")
        expectEqual(UnifiedDiff.diff(path: "x.json", old: old, new: old), "")
    }
}
