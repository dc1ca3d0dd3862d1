import LanguageServer
import ModalModel
import Reporting
import TestSupport
import Testing

/// The diagnostics each fix resolves, found through the pointer index, are those a filter of every
/// diagnostic finds, on random documents with many fixable findings of every kind.
@Suite struct DiagnosticsByPointerTests {

    static func randomDocument(_ generator: inout SeededGenerator) -> String {
        var modals: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            var styles: [String] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let from = Int.random(in: 0...14, using: &generator)
                let length = Int.random(in: 0...6, using: &generator)
                let lengthKey = ["length", "lenght", "length", "lngth"].randomElement(using: &generator)!
                let color = ["#ff0000", "gren", "red", "blu"].randomElement(using: &generator)!
                styles.append(#"{"apply_to": {"from": \#(from), "\#(lengthKey)": \#(length)}, "color": "\#(color)"}"#)
            }
            let action = ["close", "Close", "next", "Nxt"].randomElement(using: &generator)!
            let buttonKey = ["buttons", "buttns"].randomElement(using: &generator)!
            modals.append(
                #"{"msg": "🎉 Café 👨‍👩‍👧 deal", "styles": [\#(styles.joined(separator: ", "))], "#
                    + #""\#(buttonKey)": [{"label": "OK", "action": "\#(action)"}]}"#)
        }
        return Bool.random(using: &generator) && modals.count == 1
            ? modals[0] : "[" + modals.joined(separator: ", ") + "]"
    }

    @Test(arguments: 0..<60) func theIndexFindsWhatTheFilterFinds(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let text = Self.randomDocument(&generator)
        let document = TextDocument(uri: "file:///t/m.json", version: 1, text: text)
        let analysis = DocumentAnalysis(bytes: document.bytes, version: 1, path: nil, config: .none)
        let fixes =
            ModalFixer.fixes(for: document.bytes, diagnostics: analysis.unfilteredDiagnostics)
            + SuggestedFixes.fixes(for: document.bytes, diagnostics: analysis.diagnostics)
        let index = DiagnosticsByPointer(analysis.diagnostics)
        for fix in fixes {
            expectEqual(index.resolved(by: fix), analysis.diagnostics.filter { fix.resolves($0) }, "seed \(seed)")
        }
        expectEqual(
            index.resolved(byAnyOf: fixes),
            analysis.diagnostics.filter { diagnostic in fixes.contains { $0.resolves(diagnostic) } })
    }

    @Test func theRandomDocumentsHaveFixesOfEveryKind() {
        var kinds: Set<String> = []
        for seed in 0..<60 as Range<UInt64> {
            var generator = SeededGenerator(seed: seed)
            let bytes = Array(Self.randomDocument(&generator).utf8)
            let analysis = DocumentAnalysis(bytes: bytes, version: 1, path: nil, config: .none)
            for fix in ModalFixer.fixes(for: bytes, diagnostics: analysis.unfilteredDiagnostics)
                + SuggestedFixes.fixes(for: bytes, diagnostics: analysis.diagnostics)
            {
                switch fix.kind {
                case .rangeUnit: kinds.insert("range")
                case .renameKey: kinds.insert("rename")
                case .suggestion: kinds.insert("suggestion")
                }
            }
        }
        expectEqual(kinds, ["range", "rename", "suggestion"])
    }
}
