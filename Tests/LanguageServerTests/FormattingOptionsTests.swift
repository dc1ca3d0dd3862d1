import LanguageServer
import LanguageServerProtocol
import ModalModel
@_spi(JSON) import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// Formatting with the editor's indentation, range formatting, and the inlay hints' labels.
@Suite struct FormattingOptionsTests {
    static func formatted(_ text: String, _ options: FormattingProvider.Options) throws -> String? {
        let document = TextDocument(uri: "file:///f.json", version: 1, text: text)
        return try FormattingProvider.edits(for: document, encoding: .utf16, options: options).first?["newText"]?
            .stringValue
    }

    @Test func theEditorsOptionsChooseTabsOrSpaces() throws {
        expectEqual(FormattingProvider.Options(["tabSize": 4, "insertSpaces": true]).indentUnit, "    ")
        expectEqual(FormattingProvider.Options(["tabSize": 4, "insertSpaces": false]).indentUnit, "\t")
        expectEqual(FormattingProvider.Options(nil).indentUnit, "  ")
        let text = #"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":1},"font_style":"bold"}]}"#
        let tabbed = try #require(try Self.formatted(text, FormattingProvider.Options(indentUnit: "\t")))
        expectEqual(
            tabbed,
            "{\n\t\"msg\": \"Hi\",\n\t\"styles\": [\n\t\t{\n\t\t\t\"apply_to\": {\n\t\t\t\t\"from\": 0,\n"
                + "\t\t\t\t\"length\": 1\n\t\t\t},\n\t\t\t\"font_style\": \"bold\"\n\t\t}\n\t]\n}\n")
        let four = try #require(try Self.formatted(text, FormattingProvider.Options(indentUnit: "    ")))
        expect(four.contains("\n        {\n            \"apply_to\""))
    }

    /// A random JSON value: nested containers, numbers, and strings of escapes, hidden characters and emoji.
    static func randomValue(depth: Int, using random: inout SeededGenerator) -> String {
        let strings = [
            #""plain""#, #""tab\there""#, "\"raw\u{202E}rlo\"", #""esc\u202eaped""#, "\"\u{200F}\u{2028}\u{200B}\"",
            #""\u200f\u2028\u200b""#, #""q\"uote \\ back""#, "\"😀 e\u{301}\"", #""\ud83d\ude00""#, #""""#,
        ]
        let pick = Int.random(in: 0..<(depth > 3 ? 5 : 8), using: &random)
        switch pick {
        case 0: return strings.randomElement(using: &random)!
        case 1: return ["0", "-1", "1.5", "1e3", "12345678901234567890", "0.1"].randomElement(using: &random)!
        case 2: return ["true", "false", "null"].randomElement(using: &random)!
        case 3, 4: return strings.randomElement(using: &random)!
        case 5:
            let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                randomValue(depth: depth + 1, using: &random)
            }
            return "[ " + items.joined(separator: " ,\n") + "]"
        default:
            let members = (0..<Int.random(in: 0...3, using: &random)).map { index in
                "\(strings.randomElement(using: &random)!.dropLast())\(index)\" :"
                    + randomValue(depth: depth + 1, using: &random)
            }
            return "{" + members.joined(separator: ",  ") + "\n}"
        }
    }

    /// For random documents and options: formatting its own output changes nothing, keeps the value, and never
    /// writes a hidden character raw.
    @Test func formattingIsIdempotentForAnyOptions() throws {
        var random = SeededGenerator(seed: 4605)
        let units = ["\t", " ", "  ", "   ", "    ", "        "]
        for _ in 0..<300 {
            let text = Self.randomValue(depth: 0, using: &random)
            let options = FormattingProvider.Options(indentUnit: units.randomElement(using: &random)!)
            let once = try Self.formatted(text, options) ?? text
            expect(try Self.formatted(once, options) == nil, "\(once.debugDescription)")
            expect(
                !once.unicodeScalars.contains { $0 != "\n" && $0 != "\t" && ControlCharacters.isHiddenInSource($0) })
            let before = try JSONParser.parse(Array(text.utf8)).get()
            let after = try JSONParser.parse(Array(once.utf8)).get()
            let writer = CanonicalJSONWriter(layout: .compact)
            expectEqual(writer.bytes(before.value), writer.bytes(after.value))
            for line in once.split(separator: "\n") {
                let indent = line.prefix { $0 == " " || $0 == "\t" }
                expect(
                    indent.count % options.indentUnit.count == 0 && Set(indent).isSubset(of: Set(options.indentUnit)))
            }
        }
    }

    @Test func rangeFormattingFormatsTheSmallestEnclosingValue() throws {
        let text =
            "{\n\t\"msg\": \"Hi\",\n\t\"styles\": [\n\t\t{\"apply_to\":{\"from\":0,\"length\":1},  \"underline\":true}\n\t]\n}\n"
        let document = TextDocument(uri: "file:///f.json", version: 1, text: text)
        let tabs = FormattingProvider.Options(indentUnit: "\t")
        let inside = text.utf8.count - text.drop { $0 != "1" }.utf8.count
        let edits = try FormattingProvider.rangeEdits(
            for: document, from: inside, to: inside + 1, encoding: .utf16, options: tabs)
        // The cursor is on the 1 of `length`: that number is formatted already, so nothing changes.
        expect(edits.isEmpty)
        // A range from the style's `{` to its `}`: the style object, formatted at its depth.
        let open = text.utf8.count - text.drop { $0 != "{" }.dropFirst().drop { $0 != "{" }.utf8.count
        let styleEdits = try FormattingProvider.rangeEdits(
            for: document, from: open, to: open + 2, encoding: .utf16, options: tabs)
        let edit = try #require(styleEdits.first)
        expectEqual(styleEdits.count, 1)
        expect(edit["range"]["start"]["line"]?.intValue == 3 && edit["range"]["start"]["character"]?.intValue == 2)
        expectEqual(
            edit["newText"]?.stringValue,
            "{\n\t\t\t\"apply_to\": {\n\t\t\t\t\"from\": 0,\n\t\t\t\t\"length\": 1\n\t\t\t},\n\t\t\t\"underline\": true\n\t\t}"
        )
        // What whole-document formatting makes is left alone by range formatting anywhere.
        let whole = try #require(try Self.formatted(text, tabs))
        let formattedDocument = TextDocument(uri: "file:///f.json", version: 2, text: whole)
        for offset in stride(from: 0, to: whole.utf8.count, by: 3) {
            expect(
                try FormattingProvider.rangeEdits(
                    for: formattedDocument, from: offset, to: min(whole.utf8.count, offset + 5), encoding: .utf16,
                    options: tabs
                ).isEmpty, "at \(offset)")
        }
    }

    /// A hint's label is cut between whole escapes and whole characters: `“… 👨\u{2…”` was seen.
    @Test func inlayLabelsAreNeverCutThroughAnEscape() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        for prefixLength in 0..<24 {
            let text = String(repeating: "x", count: prefixLength) + family + family
            let label = VisibleText.shortened(text, limit: InlayHintProvider.labelLimit)
            expect(label.count <= InlayHintProvider.labelLimit)
            expect(label.hasSuffix("…"))
            let body = label.dropLast()
            // Every `\u{` opened is closed, and nothing is left of an escape.
            expectEqual(body.ranges(of: "\\u{").count, body.filter { $0 == "}" }.count, "\(label)")
            expect(!body.hasSuffix("\\"))
            expect(VisibleText.escaped(text).hasPrefix(String(body)))
        }
        expectEqual(VisibleText.shortened("abcdefgh", limit: 5), "abcd…")
        expectEqual(VisibleText.shortened("a\u{200D}b", limit: 24), "a\\u{200D}b")
        // The start of a longer text always ends in an ellipsis.
        expectEqual(VisibleText.shortened("abc", limit: 24, isCut: true), "abc…")
    }
}
