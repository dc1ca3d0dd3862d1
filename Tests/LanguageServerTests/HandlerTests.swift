import LanguageServer
import LanguageServerProtocol
import ModalModel
import Reporting
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@Suite struct HandlerTests {
    func analysed(_ text: String) -> (TextDocument, DocumentAnalysis) {
        let document = TextDocument(uri: "file:///t/m.json", version: 1, text: text)
        return (document, DocumentAnalysis(bytes: document.bytes, version: 1, path: nil, config: .none))
    }

    /// The editor reports what `validate` reports under the same config, the card check included.
    @Test func aConfigsThemeAddsTheCardCheck() throws {
        let bytes = Array(##"{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 2}, "color": "#fff"}]}"##.utf8)
        let light = try ValidationConfig.parse(Array(#"{"theme": "light"}"#.utf8), directory: "/t/").get()
        let dark = try ValidationConfig.parse(Array(#"{"theme": "dark"}"#.utf8), directory: "/t/").get()
        let onLight = DocumentAnalysis(bytes: bytes, version: 1, path: nil, config: .config(light, path: "/t/c"))
        expectEqual(onLight.diagnostics.map(\.code), ["card-low-contrast"])
        expectEqual(onLight.diagnostics.first?.pointer, "/styles/0/color")
        let onDark = DocumentAnalysis(bytes: bytes, version: 1, path: nil, config: .config(dark, path: "/t/c"))
        expect(onDark.diagnostics.isEmpty)
        expect(DocumentAnalysis(bytes: bytes, version: 1, path: nil, config: .none).diagnostics.isEmpty)
    }

    @Test func everyFixOfTheFixerBecomesAQuickFix() {
        // Two kinds of fix in one file: ranges in code points and a misspelt key.
        let text = #"{"msg": "🎉 Hi", "styles": [{"apply_to": {"from": 1, "length": 1}}], "buttns": []}"#
        let (document, analysis) = analysed(text)
        let fixes = ModalFixer.fixes(for: document.bytes, diagnostics: analysis.unfilteredDiagnostics)
        expectEqual(fixes.count, 2)
        let provider = CodeActionProvider(
            document: document, analysis: analysis,
            conversion: DiagnosticConversion(document: document, encoding: .utf16, formatDocumentURI: nil))
        let actions = provider.actions(from: 0, to: document.bytes.count, only: nil)
        let titles = actions.compactMap { $0["title"]?.stringValue }
        expectEqual(titles.count, fixes.count + 1)
        for fix in fixes { expect(titles.contains { $0.lowercased() == fix.summary.lowercased() }) }
        expectEqual(titles.last, CodeActionProvider.fixAllTitle)
        // A quick fix is offered only where its diagnostic or its edit is; fixing all, anywhere.
        expect(provider.actions(from: 0, to: 0, only: ["quickfix"]).isEmpty)
        expectEqual(provider.actions(from: 0, to: 0, only: ["source.fixAll"]).count, 1)
    }

    /// Fix all once made its edits from one pass over the document: `lenght` was renamed and its range left in
    /// code points. Its edits are now what `modalkit fix` makes, every pass, as edits of the document as it is.
    @Test func fixAllRenamesThenConvertsEveryRangeOfTheModal() throws {
        let text =
            #"[{"msg": "Café 🎉 deal today only", "styles": [{"apply_to": {"from": 7, "lenght": 4}}, "#
            + #"{"apply_to": {"from": 12, "length": 10}}]}]"#
        let (document, analysis) = analysed(text)
        let provider = CodeActionProvider(
            document: document, analysis: analysis,
            conversion: DiagnosticConversion(document: document, encoding: .utf16, formatDocumentURI: nil))
        let fixAll = try #require(provider.actions(from: 0, to: 0, only: ["source.fixAll"]).first)
        expectEqual(fixAll["kind"]?.stringValue, CodeActionProvider.fixAllKind)
        let edits = try #require(fixAll["edit"]["changes"][document.uri]?.arrayValue)
        // Applied as a client does: from the last edit to the first, by UTF-16 position on the one line.
        var utf16 = Array(text.utf16)
        let placed = edits.compactMap { edit -> (start: Int, end: Int, newText: String)? in
            guard let start = edit["range"]["start"]["character"]?.intValue,
                let end = edit["range"]["end"]["character"]?.intValue,
                edit["range"]["start"]["line"]?.intValue == 0, let newText = edit["newText"]?.stringValue
            else { return nil }
            return (start, end, newText)
        }
        expectEqual(placed.count, edits.count)
        for edit in placed.sorted(by: { $0.start > $1.start }) {
            utf16.replaceSubrange(edit.start..<edit.end, with: Array(edit.newText.utf16))
        }
        expectEqual(
            String(decoding: utf16, as: UTF16.self),
            #"[{"msg": "Café 🎉 deal today only", "styles": [{"apply_to": {"from": 8, "length": 4}}, "#
                + #"{"apply_to": {"from": 13, "length": 10}}]}]"#)
        // Only the changed parts: the key and the two starts (the lengths are the same in UTF-16).
        expectEqual(Set(placed.map(\.newText)), ["\"length\"", "8", "13"])
    }

    @Test func everyKeyOfTheFormatHasAMeaning() {
        let tables: [(FormatMeanings.ObjectKind, [String])] = [
            (.modal, ModalField.keys), (.style, StyleField.keys), (.range, RangeField.keys),
            (.button, ButtonField.keys),
        ]
        for (kind, keys) in tables {
            for key in keys { expect(FormatMeanings.meaning(ofKey: key, in: kind) != nil, "\(kind) \(key)") }
        }
        for style in FontStyle.allCases {
            expect(FormatMeanings.values(forKey: "font_style").contains(style.rawValue))
            expect(FormatMeanings.meaning(ofValue: style.rawValue, forKey: "font_style") != nil)
        }
        for alignment in ModalTextAlignment.allCases {
            expect(FormatMeanings.values(forKey: "text_align").contains(alignment.rawValue))
        }
        // Every enumerated value the format declares has its own meaning for hover.
        for key in FormatVocabulary.keys {
            for value in key.value.allowedValues {
                expect(FormatMeanings.meaning(ofValue: value, forKey: key.name) != nil, "\(key.name) \(value)")
            }
        }
        for direction in TextDirection.allCases {
            expect(FormatMeanings.values(forKey: "direction").contains(direction.rawValue))
        }
    }

    @Test func theCursorsPlaceIsReadFromTextThatDoesNotParse() {
        let text = #"[{"msg": "a", "styles": [{"apply_to": {"from": 1, "#
        let place = CompletionProvider.place(at: text.utf8.count, in: Array(text.utf8))
        expectEqual(place.path, [.index(0), .key("styles"), .index(0), .key("apply_to")])
        expect(place.expectsKey)
        expectEqual(place.presentKeys, ["from"])
        let value = #"{"msg": "a", "text_align": "ce"#
        let inValue = CompletionProvider.place(at: value.utf8.count, in: Array(value.utf8))
        expect(inValue.key == "text_align" && !inValue.expectsKey)
        expectEqual(inValue.stringStart, value.utf8.count - 3)
    }

    @Test func invisibleCharactersAreWrittenOut() {
        expectEqual(VisibleText.escaped("a\u{200D}b\nc\u{1B}"), "a\\u{200D}b\\nc\\u{1B}")
        expectEqual(VisibleText.shortened("abcdefgh", limit: 5), "abcd…")
        expect(!VisibleText.hasInvisible("é 🎉"))
        // Every scalar a JSON writer escapes is written out in a hint too, fillers and inherent vowels included.
        expectEqual(
            VisibleText.escaped("\u{115F}\u{3164}\u{FFA0}\u{034F}\u{17B4}"),
            "\\u{115F}\\u{3164}\\u{FFA0}\\u{34F}\\u{17B4}")
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), ControlCharacters.isHiddenInSource(scalar), scalar != "\\" else {
                continue
            }
            expect(VisibleText.hasInvisible(String(Character(scalar))), "U+\(String(value, radix: 16))")
        }
    }

    @Test func formattingTwiceChangesNothingAndRefusesWhatDoesNotParse() throws {
        let document = TextDocument(
            uri: "file:///f.json", version: 1, text: #"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":1}}]}"#)
        let edits = try FormattingProvider.edits(for: document, encoding: .utf16)
        let formatted = try #require(edits.first?["newText"]?.stringValue)
        let again = TextDocument(uri: "file:///f.json", version: 2, text: formatted)
        expect(try FormattingProvider.edits(for: again, encoding: .utf16).isEmpty)
        let broken = TextDocument(uri: "file:///f.json", version: 3, text: "{\"msg\": ")
        #expect(throws: ResponseError.self) { try FormattingProvider.edits(for: broken, encoding: .utf16) }
    }

    /// Formatting never turns an escaped bidi control or invisible character into the raw character: an RLO
    /// written raw is the "Trojan Source" hazard, and a raw RLM, line separator or zero-width space hides in
    /// the editor. One that is written raw comes back escaped.
    @Test func formattingKeepsHiddenCharactersEscaped() throws {
        let escapes = [#"\u202e"#, #"\u200f"#, #"\u2028"#, #"\u200b"#, #"\u2066"#, #"\u2069"#, #"\ufeff"#]
        let text = #"{"msg": "Pay \#(escapes.joined(separator: "x")) now", "buttons": [{"label": "OK\u202e"}]}"#
        let document = TextDocument(uri: "file:///f.json", version: 1, text: text)
        let formatted = try #require(
            try FormattingProvider.edits(for: document, encoding: .utf16).first?["newText"]?.stringValue)
        for escape in escapes { expect(formatted.contains(escape), "\(escape) lost in \(formatted)") }
        expect(!formatted.unicodeScalars.contains { $0 != "\n" && ControlCharacters.isHiddenInSource($0) })
        let raw = TextDocument(uri: "file:///f.json", version: 2, text: "{\"msg\": \"a\u{202E}b\u{200B}c\"}")
        let fromRaw = try #require(
            try FormattingProvider.edits(for: raw, encoding: .utf16).first?["newText"]?.stringValue)
        expect(fromRaw.contains(#"a\u202eb\u200bc"#))
    }

    @Test func aConfigAboveTheDocumentApplies() {
        var lookup = ConfigLookup { path in
            path == "/project/.modalkit.json" ? Array(#"{"ignore": [{"code": "unknown-key"}]}"#.utf8) : nil
        }
        guard case .config(let config, let path) = lookup.config(forFile: "/project/modals/deep/m.json") else {
            Issue.record("no config found")
            return
        }
        expectEqual(path, "/project/.modalkit.json")
        expectEqual(config.ignores.map(\.code), ["unknown-key"])
        expectEqual(lookup.config(forFile: "/elsewhere/m.json"), .none)
    }
}
