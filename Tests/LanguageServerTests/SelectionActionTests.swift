import LanguageServer
import ModalModel
import PositionedJSON
import Reporting
import TestSupport
import Testing

/// "Style the selection", "Link the selection" and "Extend style N to the selection" on text of `msg` written
/// with escapes.
@Suite struct SelectionActionTests {
    /// A piece of a message: how the source writes it and what it decodes to. Each is one grapheme cluster on its
    /// own, or part of one, so cluster boundaries fall only between pieces.
    static let pieces: [(source: String, decoded: String)] = [
        ("a", "a"), ("Z", "Z"), (" ", " "), (#"\n"#, "\n"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\u00e9"#, "é"),
        (#"\ud83d\ude00"#, "😀"), ("é", "é"), ("😀", "😀"), ("e\u{301}", "e\u{301}"), (#"\u0301"#, "\u{301}"),
        ("👨‍👩‍👧", "👨‍👩‍👧"), (#"\u200d"#, "\u{200D}"), ("🇫🇷", "🇫🇷"), (#"\r\n"#, "\r\n"), (#"\t"#, "\t"),
        ("日", "日"), (#"\u05d0"#, "א"),
    ]

    /// A document around a message source; `layout` picks how its `styles` are written, or that there are none.
    static func document(messageSource: String, decodedLength: Int, layout: Int) -> String {
        let style = #"{"apply_to": {"from": 0, "length": \#(decodedLength)}, "font_style": "italic"}"#
        switch layout {
        case 0: return "[\n  {\n    \"msg\": \"\(messageSource)\"\n  }\n]\n"
        case 1: return "{\"msg\": \"\(messageSource)\"}"
        case 2: return "{\"msg\": \"\(messageSource)\", \"styles\": []}"
        case 3: return "[\n\t{\n\t\t\"msg\": \"\(messageSource)\",\n\t\t\"styles\": [\n\t\t\t\(style)\n\t\t]\n\t}\n]\n"
        default: return "{\"msg\": \"\(messageSource)\", \"styles\": [\(style)]}"
        }
    }

    static func actions(_ text: String, from start: Int, to end: Int) throws -> [SelectionActionProvider.Action] {
        let bytes = Array(text.utf8)
        let root = try JSONParser.parse(bytes, knownStrings: .modalFormat).get()
        return SelectionActionProvider(sourceMap: JSONSourceMap(root: root, bytes: bytes)).actions(from: start, to: end)
    }

    /// The last style's range and the document's diagnostics after applying `action`.
    static func applied(_ action: SelectionActionProvider.Action, to text: String) -> (
        text: String, range: (from: Int, length: Int)?, codes: [String]
    ) {
        let bytes = SourceEdit.apply(action.edits, to: Array(text.utf8))
        let result = ModalDecoder.decode(bytes)
        let modal = result.document?.modals.first
        let range = modal?.styles.last.map { ($0.range.utf16Offset, $0.range.utf16Length) }
        return (String(decoding: bytes, as: UTF8.self), range, result.diagnostics.map(\.code))
    }

    /// Cluster boundaries of `text` in UTF-16 units, found with the standard library's own segmentation.
    static func clusterBoundaries(_ text: String) -> [Int] {
        text.indices.map { $0.utf16Offset(in: text) } + [text.utf16.count]
    }

    /// For random messages of escaped and raw characters and random selections of their source, the new style
    /// covers the selected text, widened to whole clusters, and the document stays free of findings.
    @Test func theNewStyleCoversExactlyTheSelectedText() throws {
        var random = SeededGenerator(seed: 46)
        var checked = 0
        for round in 0..<400 {
            let chosen = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                Self.pieces.randomElement(using: &random)!
            }
            let source = chosen.map(\.source).joined()
            let decoded = chosen.map(\.decoded).joined()
            let layout = round % 5
            let text = Self.document(messageSource: source, decodedLength: decoded.utf16.count, layout: layout)
            let contentStart = text.utf8.distance(
                from: text.startIndex, to: text.firstRange(of: "\"msg\": \"")!.upperBound)
            let closingQuote = contentStart + source.utf8.count
            let start = Int.random(in: contentStart..<closingQuote, using: &random)
            let end = Int.random(in: (start + 1)...closingQuote, using: &random)
            // Expected: the pieces the selection touches, then widened to the clusters around them.
            var pieceStart = contentStart
            var unit = 0
            var first = 0
            var last = 0
            for piece in chosen {
                let pieceEnd = pieceStart + piece.source.utf8.count
                if pieceStart <= start && start < pieceEnd { first = unit }
                unit += piece.decoded.utf16.count
                if pieceStart < end && end <= pieceEnd { last = unit }
                pieceStart = pieceEnd
            }
            let boundaries = Self.clusterBoundaries(decoded)
            let from = boundaries.last { $0 <= first }!
            let to = boundaries.first { $0 >= last }!
            let units = Array(decoded.utf16)
            let expected = String(decoding: units[from..<to], as: UTF16.self)

            let before = ModalDecoder.decode(Array(text.utf8)).diagnostics.map(\.code)
            // A selection with white space at an edge is one the unit inference doubts (styled words rarely
            // start or end with a space) and may read as counted in another unit: the warning a range typed by
            // hand over the same text gets too. Any other new finding fails.
            let edges = [expected.unicodeScalars.first, expected.unicodeScalars.last].compactMap { $0 }
            let whitespaceEdge = edges.contains { $0.properties.isWhitespace }
            func new(_ codes: [String]) -> [String] {
                codes.filter { !(whitespaceEdge && $0 == "range-unit-mismatch" && !before.contains($0)) }
            }
            let actions = try Self.actions(text, from: start, to: end)
            let style = try #require(actions.first { $0.title == "Style the selection" }, "\(text) \(start)–\(end)")
            let result = Self.applied(style, to: text)
            let range = try #require(result.range, "no style after the edit:\n\(result.text)")
            let covered = ModalSource.coveredText(decoded, from: range.from, length: range.length)
            expectEqual(covered, expected)
            expectEqual([range.from, range.from + range.length], [from, to], "\(text) \(start)–\(end)")
            expectEqual(new(result.codes), before, "\(result.codes) in\n\(result.text)")
            let link = try #require(actions.first { $0.title == "Link the selection" })
            let linked = Self.applied(link, to: text)
            expectEqual(new(linked.codes), before, "\(linked.codes) in\n\(linked.text)")
            expectEqual(linked.range.map { [$0.from, $0.length] }, [from, to - from])
            checked += 1
        }
        expectEqual(checked, 400)
    }

    @Test func theInsertedStyleFollowsTheDocumentsLayout() throws {
        let text = "[\n\t{\n\t\t\"msg\": \"Hello world\"\n\t}\n]\n"
        let start = text.utf8.count - " world\"\n\t}\n]\n".utf8.count
        let style = try #require(try Self.actions(text, from: start, to: start + 6).first)
        expectEqual(
            Self.applied(style, to: text).text,
            "[\n\t{\n\t\t\"msg\": \"Hello world\",\n\t\t\"styles\": [\n\t\t\t"
                + #"{"apply_to": {"from": 5, "length": 6}, "font_style": "bold"}"# + "\n\t\t]\n\t}\n]\n")
        let oneLine = #"{"msg": "Hello world", "styles": [{"apply_to": {"from": 0, "length": 1}, "underline": true}]}"#
        let added = try #require(try Self.actions(oneLine, from: 9, to: 14).first)
        expectEqual(
            Self.applied(added, to: oneLine).text,
            #"{"msg": "Hello world", "styles": [{"apply_to": {"from": 0, "length": 1}, "underline": true}, "#
                + #"{"apply_to": {"from": 0, "length": 5}, "font_style": "bold"}]}"#)
    }

    @Test func extendingGrowsEachTouchingStyleToTheUnion() throws {
        // Styles over "Hello" (0–5), "world" (6–11) and "!" (11–12); the selection is "lo wo" (3–8).
        let text =
            #"{"msg": "Hello world!", "styles": [{"apply_to": {"from": 0, "length": 5}, "underline": true}, "#
            + #"{"apply_to": {"from": 6, "length": 5}, "strikethrough": true}, "#
            + #"{"apply_to": {"from": 11, "length": 1}, "font_style": "bold"}]}"#
        let start = 9 + 3
        let actions = try Self.actions(text, from: start, to: start + 5)
        let extensions = actions.filter { $0.title.hasPrefix("Extend") }
        expectEqual(
            extensions.map(\.title),
            [
                "Extend style 0 (“Hello”) to the selection", "Extend style 1 (“world”) to the selection",
            ])
        try #require(extensions.count == 2)
        let first = Self.applied(extensions[0], to: text)
        expect(first.text.contains(#"{"apply_to": {"from": 0, "length": 8}, "underline": true}"#))
        let second = Self.applied(extensions[1], to: text)
        expect(second.text.contains(#"{"apply_to": {"from": 3, "length": 8}, "strikethrough": true}"#))
        expect(first.codes.isEmpty && second.codes.isEmpty)
        // Outside a message, an empty selection, or one that leaves the message: no action.
        expect(try Self.actions(text, from: 1, to: 4).isEmpty)
        expect(try Self.actions(text, from: start, to: start).isEmpty)
        expect(try Self.actions(text, from: start, to: start + 30).isEmpty)
    }

    @Test func clusterWideningKeepsWholeCharacters() {
        let text = "a👨‍👩‍👧b"
        // Inside the family emoji (units 1–9) at either end: the whole emoji.
        expect(SelectionActionProvider.widenedToClusters(text, from: 2, to: 4) == (1, 9))
        expect(SelectionActionProvider.widenedToClusters(text, from: 0, to: 1) == (0, 1))
        expect(SelectionActionProvider.widenedToClusters(text, from: 9, to: 10) == (9, 10))
        expect(SelectionActionProvider.widenedToClusters(text, from: 10, to: 10) == (10, 10))
    }
}
