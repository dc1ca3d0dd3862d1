import ModalModel
import Reporting
import TestSupport
import Testing

@Suite struct SuggestedFixesTests {
    func suggested(_ text: String) -> (fixed: String, fixes: [ModalFix], after: [Diagnostic]) {
        let bytes = Array(text.utf8)
        let diagnostics = ModalDecoder.decode(bytes).diagnostics
        let fixes = SuggestedFixes.fixes(for: bytes, diagnostics: diagnostics)
        for fix in fixes { expect(diagnostics.contains { fix.resolves($0) }, "\(fix.summary) resolves nothing") }
        let fixed = SourceEdit.apply(fixes.flatMap(\.edits), to: bytes)
        return (String(decoding: fixed, as: UTF8.self), fixes, ModalDecoder.decode(fixed).diagnostics)
    }

    @Test func aBuiltInActionInTheWrongCaseIsWrittenInLowerCase() {
        let result = suggested(#"{"msg": "Hi", "buttons": [{"label": "OK", "action": "Close"}]}"#)
        expectEqual(result.fixed, #"{"msg": "Hi", "buttons": [{"label": "OK", "action": "close"}]}"#)
        expect(result.after.isEmpty)
    }

    @Test func aMisspeltColourNameBecomesTheSuggestedOne() {
        let result = suggested(#"{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 2}, "color": "gren"}]}"#)
        expect(result.fixed.contains(#""color": "green""#))
        expect(result.after.isEmpty)
    }

    @Test func aRangeThatSplitsACharacterIsWidenedToWholeCharacters() {
        // "e" + U+0301 is one character of two units: the range 1..<2 starts after the e, inside it.
        let result = suggested(#"{"msg": "ae\u0301b", "styles": [{"apply_to": {"from": 2, "length": 2}}]}"#)
        expectEqual(result.fixes.map(\.summary), [#"widen the range to whole characters: {"from": 1, "length": 3}"#])
        expect(result.fixed.contains(#"{"from": 1, "length": 3}"#))
        expect(!result.after.contains { $0.code == "range-splits-grapheme" })
    }

    @Test func certainFixesAreNotSuggestedAgain() {
        // modalkit fix renames this key; a suggestion would only repeat it.
        let result = suggested(#"{"msg": "Hi", "stlyes": []}"#)
        expect(result.fixes.isEmpty)
    }
}
