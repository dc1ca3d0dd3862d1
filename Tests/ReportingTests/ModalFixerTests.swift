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
        #expect(diagnostics.contains { $0.severity == .error })
        let (fixed, fixes) = try #require(ModalFixer.fixed(before, diagnostics: diagnostics))
        #expect(fixes.allSatisfy { $0.kind == .rangeUnit(.codePoints) })
        #expect(fixed == expected)
        #expect(!ModalDecoder.decode(fixed).hasErrors)
        // Idempotent: the fixed file has nothing left to fix.
        #expect(ModalFixer.fixed(fixed, diagnostics: ModalDecoder.decode(fixed).diagnostics) == nil)
    }

    @Test func fixturesAreThere() {
        #expect(codePointFixtureNames().count == 20)
    }

    /// Once one range shows the modal is in code points, a range that happened to be valid moves too.
    @Test func silentlyShiftedRangeOfTheSameModalIsConvertedToo() throws {
        // "😀 ab 😀 cd": code points "ab" = 2..<4, "cd" = 7..<9 (past the end in UTF-16 only after +2).
        let text =
            #"{"msg":"😀 ab 😀 cd","styles":[{"apply_to":{"from":2,"length":2}},{"apply_to":{"from":7,"length":2}}]}"#
        let bytes = Array(text.utf8)
        let diagnostics = ModalDecoder.decode(bytes).diagnostics
        // The first range is silently wrong in UTF-16 (" a"); the inference names the unit for the modal.
        #expect(diagnostics.map(\.code) == ["range-unit-mismatch", "range-splits-surrogate"])
        let (fixed, _) = try #require(ModalFixer.fixed(bytes, diagnostics: diagnostics))
        #expect(
            String(decoding: fixed, as: UTF8.self)
                == #"{"msg":"😀 ab 😀 cd","styles":[{"apply_to":{"from":3,"length":2}},{"apply_to":{"from":9,"length":2}}]}"#
        )
    }

    @Test func rangesWithoutAstralCharactersAreNotTouched() {
        let text = #"{"msg":"héllo","styles":[{"apply_to":{"from":2,"length":9}}]}"#
        let bytes = Array(text.utf8)
        #expect(ModalFixer.fixed(bytes, diagnostics: ModalDecoder.decode(bytes).diagnostics) == nil)
    }

    @Test func misspeltKeyWithOneCandidateIsRenamedAndNothingElseChanges() throws {
        let text =
            "{ \"msg\" : \"Hi\",\n  \"styles\": [{\"apply_to\": {\"from\": 0, \"lenght\": 2}, \"colr\": \"red\"}] }"
        let bytes = Array(text.utf8)
        let diagnostics = ModalDecoder.decode(bytes).diagnostics
        let (fixed, fixes) = try #require(ModalFixer.fixed(bytes, diagnostics: diagnostics))
        #expect(
            String(decoding: fixed, as: UTF8.self)
                == "{ \"msg\" : \"Hi\",\n  \"styles\": [{\"apply_to\": {\"from\": 0, \"length\": 2}, \"color\": \"red\"}] }"
        )
        #expect(fixes.map(\.kind).contains(.renameKey(from: "lenght", to: "length")))
        #expect(ModalDecoder.decode(fixed).diagnostics.isEmpty)
    }

    @Test func keyIsNotRenamedOntoAKeyThatIsAlreadyThere() {
        let text = #"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":2,"lenght":2}}]}"#
        let bytes = Array(text.utf8)
        #expect(ModalFixer.fixed(bytes, diagnostics: ModalDecoder.decode(bytes).diagnostics) == nil)
    }

    @Test func coloursAreNeverGuessed() {
        let text = ##"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":2},"color":"#12345"}]}"##
        let bytes = Array(text.utf8)
        #expect(ModalFixer.fixed(bytes, diagnostics: ModalDecoder.decode(bytes).diagnostics) == nil)
    }

    @Test func diffShowsOnlyTheChangedLinesWithContext() {
        let old = Array("a\nb\n\"from\": 3,\nc\nd\ne\nf\ng\nh\n".utf8)
        let new = Array("a\nb\n\"from\": 5,\nc\nd\ne\nf\ng\nh\n".utf8)
        #expect(
            UnifiedDiff.diff(path: "x.json", old: old, new: new)
                == "--- a/x.json\n+++ b/x.json\n@@ -1,6 +1,6 @@\n a\n b\n-\"from\": 3,\n+\"from\": 5,\n c\n d\n e\n")
        #expect(UnifiedDiff.diff(path: "x.json", old: old, new: old) == "")
    }
}
