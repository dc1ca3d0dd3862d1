import LanguageServer
import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// Definition, highlight and references between a style's `apply_to` and the characters of `msg` it covers,
/// with escapes in the message.
@Suite struct NavigationTests {
    // Decoded: H i ␠ LF é 😀(2 units) ␠ " q " ␠ e n d: 15 units.
    static let text = #"""
        {"msg": "Hi \n\u00e9\ud83d\ude00 \"q\" end", "styles": [
          {"apply_to": {"from": 3, "length": 2}, "font_style": "bold"},
          {"apply_to": {"from": 5, "length": 2}, "underline": true},
          {"apply_to": {"from": 6, "length": 3}, "color": "#ff0000"},
          {"apply_to": {"from": 8, "length": 100}, "strikethrough": true},
          {"apply_to": {"from": 200, "length": 2}, "color": "#00ff00"},
          {"apply_to": {"from": -4, "length": 5}, "color": "#0000ff"}
        ]}
        """#
    static let bytes = Array(text.utf8)

    func provider() throws -> NavigationProvider {
        let root = try JSONParser.parse(Self.bytes, knownStrings: .modalFormat).get()
        return NavigationProvider(sourceMap: JSONSourceMap(root: root, bytes: Self.bytes))
    }

    /// The byte offset of the `occurrence`-th match of `needle` (0 first), plus `plus`.
    func offset(of needle: String, occurrence: Int = 0, plus: Int = 0) -> Int {
        var searchStart = Self.text.startIndex
        var found = Self.text.startIndex
        for _ in 0...occurrence {
            let range = Self.text[searchStart...].firstRange(of: needle)!
            found = range.lowerBound
            searchStart = range.upperBound
        }
        return Self.text.utf8.distance(from: Self.text.startIndex, to: found) + plus
    }

    func source(_ range: (start: Int, end: Int)?) -> String? {
        range.map { String(decoding: Self.bytes[$0.start..<$0.end], as: UTF8.self) }
    }

    @Test func definitionLandsOnTheEscapesTheRangeCovers() throws {
        let provider = try provider()
        // From the key, the object, and the keys and values of `from` and `length`, alike.
        for place in ["\"apply_to\"", "{\"from\"", "\"from\": 3", "3, ", "\"length\": 2", "2}"] {
            expectEqual(source(provider.definition(at: offset(of: place, plus: 1))), #"\n\u00e9"#, "\(place)")
        }
        expectEqual(source(provider.definition(at: offset(of: "\"from\": 5"))), #"\ud83d\ude00"#)
        // Starting between the halves of a surrogate pair: from the low half's escape, which the source has.
        expectEqual(source(provider.definition(at: offset(of: "\"from\": 6"))), #"\ude00 \""#)
        // Past the end: clipped to the closing quote, or empty there.
        expectEqual(source(provider.definition(at: offset(of: "\"from\": 8"))), #"\"q\" end"#)
        let beyond = try #require(provider.definition(at: offset(of: "\"from\": 200")))
        expect(beyond.start == beyond.end && Self.bytes[beyond.start] == UInt8(ascii: "\""))
        expectEqual(source(provider.definition(at: offset(of: "\"from\": -4"))), "H")
        // Elsewhere there is nothing to go to.
        expect(provider.definition(at: offset(of: "\"font_style\"", plus: 1)) == nil)
        expect(provider.definition(at: offset(of: "Hi")) == nil)
    }

    @Test func highlightOnTheMessageShowsEveryStyleCoveringIt() throws {
        let provider = try provider()
        // On the second escape of the emoji (unit 6): the styles from 5 and from 6 cover it.
        let highlights = provider.highlights(at: offset(of: #"\ude00"#, plus: 3))
        let read = highlights.filter { $0.kind == .read }.map { source(($0.start, $0.end)) }
        let words = highlights.filter { $0.kind == .text }.map { source(($0.start, $0.end)) }
        expectEqual(read, [#"{"from": 5, "length": 2}"#, #"{"from": 6, "length": 3}"#])
        expectEqual(words, [#"\ud83d\ude00"#, #"\ude00 \""#])
        // On an apply_to: it and its words.
        let own = provider.highlights(at: offset(of: "\"length\": 2"))
        expectEqual(own.map { source(($0.start, $0.end)) }, [#"{"from": 3, "length": 2}"#, #"\n\u00e9"#])
        expectEqual(own.map(\.kind), [.read, .text])
    }

    @Test func referencesListTheStylesCoveringAnOffset() throws {
        let provider = try provider()
        // Inside the `\"` before q (unit 8): the style from 6 (to 9) and the one from 8.
        let at = offset(of: #"\"q"#, plus: 1)
        let found = provider.references(at: at, includeDeclaration: false).map(source)
        expectEqual(found, [#"{"from": 6, "length": 3}"#, #"{"from": 8, "length": 100}"#])
        let withDeclaration = provider.references(at: at, includeDeclaration: true).map(source)
        expectEqual(withDeclaration, [#"\""#] + found)
        // The range from -4 ends before "i" (unit 1).
        expect(provider.references(at: offset(of: "Hi", plus: 1), includeDeclaration: false).isEmpty)
        expect(provider.references(at: offset(of: "\"font_style\""), includeDeclaration: true).isEmpty)
    }

    /// The inverse of the literal's UTF-16-to-byte mapping, on every byte of a literal full of escapes.
    @Test func byteOffsetsInALiteralMapBackToUnits() {
        let source = SourceText(bytes: Self.bytes)
        let quote = offset(of: "\"Hi")
        let closing = offset(of: " end\"", plus: 4)
        var previous = 0
        for byte in (quote + 1)...closing {
            let down = source.utf16Offset(ofByteOffset: byte, inStringLiteralAt: quote)
            let up = source.utf16Offset(ofByteOffset: byte, inStringLiteralAt: quote, roundingUp: true)
            expect(down >= previous && up >= down && up - down <= 2, "byte \(byte)")
            // A character's first byte maps there and back.
            if up == down { expectEqual(source.byteOffset(ofUTF16Offset: down, inStringLiteralAt: quote), byte) }
            previous = down
        }
        expectEqual(source.utf16Offset(ofByteOffset: closing, inStringLiteralAt: quote), 15)
        // Many offsets in one walk, in any order and repeated, map as each one alone does.
        let wanted = [15, -2, 6, 5, 100, 0, 6, 3, 14, 7, Int.max]
        expectEqual(
            source.byteOffsets(ofUTF16Offsets: wanted, inStringLiteralAt: quote),
            wanted.map { source.byteOffset(ofUTF16Offset: $0, inStringLiteralAt: quote) })
        expectEqual(
            wanted.map { source.byteOffset(ofUTF16Offset: $0, inStringLiteralAt: quote) },
            [
                closing, quote + 1, offset(of: #"\ude00"#), offset(of: #"\ud83d"#), closing, quote + 1,
                offset(of: #"\ude00"#), offset(of: #"\n\u00e9"#), closing - 1, offset(of: #" \"q"#), closing,
            ])
        expectEqual(source.utf16Offset(ofByteOffset: offset(of: #"\u00e9"#, plus: 3), inStringLiteralAt: quote), 4)
        expectEqual(
            source.utf16Offset(
                ofByteOffset: offset(of: #"\u00e9"#, plus: 3), inStringLiteralAt: quote, roundingUp: true), 5)
    }

    /// Positions of many offsets found in one walk per line are those found one by one, in either encoding.
    @Test func positionsOfManyOffsetsMatchEachAlone() {
        let document = TextDocument(uri: "file:///m.json", version: 1, text: Self.text + "\r\n😀é\r x\n")
        var random = SeededGenerator(seed: 7)
        let offsets = (0..<300).map { _ in Int.random(in: -3...(document.bytes.count + 3), using: &random) }
        for encoding in [PositionEncoding.utf16, .utf8] {
            expectEqual(
                document.positions(ofByteOffsets: offsets, encoding: encoding),
                offsets.map { document.position(ofByteOffset: $0, encoding: encoding) })
        }
    }
}
