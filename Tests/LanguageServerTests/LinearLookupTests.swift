import LanguageServer
import LanguageServerProtocol
import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// The outline, the hints and positions are found without rereading a message or a line for each entry;
/// these compare them with the straightforward way on random documents.
@Suite struct LinearLookupTests {

    /// Pieces that try grapheme breaking and escaping: line breaks, joiners, combining marks after a break,
    /// flags, surrogate pairs, bidi controls, backslashes and quotes.
    static let pieces: [String] = [
        "a", "Hi ", "é", "e\u{301}", "\n", "\r\n", "\n\u{301}", "\t", "👨\u{200D}👩\u{200D}👧", "🇫🇷", "🇫", "🎉",
        "\u{200B}", "\u{202E}", "\u{200F}", "\u{2028}", "\\", "\"", "`", "漢字", "\u{FE0F}", " ", "\u{0}", "\u{7F}",
        "\r", "\r\r\n",
    ]

    /// Pieces written as they are, so that a text of them is cut by length alone.
    static let plainPieces: [String] = ["a", "Hi ", "é", "漢字", "🎉", " ", "🇫🇷"]

    /// Text of random pieces: of all of them, or (one time in three) of plain ones only.
    static func randomText(_ generator: inout SeededGenerator, pieces count: Int) -> String {
        let choices = Int.random(in: 0..<3, using: &generator) == 0 ? plainPieces : pieces
        return (0..<count).map { _ in choices.randomElement(using: &generator)! }.joined()
    }

    /// JSON string literal with only what JSON requires escaped, so that the rest is read back raw.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A document of a few modals with random messages, styles (ranges inside, across, past and before the
    /// message, and over all of it) and buttons; on one line or pretty.
    static func randomDocument(_ generator: inout SeededGenerator) -> String {
        let oneLine = Bool.random(using: &generator)
        let separator = oneLine ? " " : "\n  "
        var modals: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let message = randomText(&generator, pieces: Int.random(in: 0...120, using: &generator))
            let units = message.utf16.count
            var styles: [String] = []
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                let from: Int
                let length: Int
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: (from, length) = (0, units)
                case 1: (from, length) = (Int.random(in: -5...units + 5, using: &generator), Int.max)
                case 2: (from, length) = (-3, Int.random(in: 0...10, using: &generator))
                default:
                    from = Int.random(in: 0...max(0, units), using: &generator)
                    length = Int.random(in: 0...80, using: &generator)
                }
                styles.append(#"{"apply_to": {"from": \#(from), "length": \#(length)}, "font_style": "bold"}"#)
            }
            var buttons: [String] = []
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let label = randomText(&generator, pieces: Int.random(in: 0...60, using: &generator))
                buttons.append(#"{"label": \#(literal(label)), "action": "close"}"#)
            }
            modals.append(
                "{\"msg\": \(literal(message)),\(separator)\"styles\": [\(styles.joined(separator: "," + separator))],"
                    + "\(separator)\"buttons\": [\(buttons.joined(separator: ", "))]}")
        }
        return "[" + modals.joined(separator: oneLine ? ", " : ",\n") + "]"
    }

    /// The outline as it was made before: the covered text of each style read whole from the message.
    static func referenceSymbols(_ sourceMap: JSONSourceMap) -> [DocumentSymbolProvider.Symbol] {
        ModalSource(sourceMap).modalNodes.enumerated().map { index, modal in
            let message = modal.value["msg"]?.stringValue
            var children: [DocumentSymbolProvider.Symbol] = []
            if case .array(let styles)? = modal.value["styles"] {
                for (number, style) in styles.enumerated() {
                    var detail: String?
                    if let message, let range = ModalSource.range(of: style) {
                        detail = VisibleText.shortened(
                            ModalSource.coveredText(message, from: range.from, length: range.length), limit: 40)
                    }
                    children.append(
                        .init(
                            name: "style \(number)", detail: detail, kind: 7, start: style.byteOffset,
                            end: sourceMap.end(of: style), children: []))
                }
            }
            if case .array(let buttons)? = modal.value["buttons"] {
                for (number, button) in buttons.enumerated() {
                    let label = button.value["label"]?.stringValue.map { VisibleText.shortened($0, limit: 40) }
                    children.append(
                        .init(
                            name: label.map { "button “\($0)”" } ?? "button \(number)",
                            detail: button.value["action"]?.stringValue.map { VisibleText.shortened($0, limit: 40) },
                            kind: 24, start: button.byteOffset, end: sourceMap.end(of: button), children: []))
                }
            }
            let title = message.map { VisibleText.shortened(String($0.prefix { !$0.isNewline }), limit: 40) }
            return .init(
                name: "modal \(index)", detail: title, kind: 19, start: modal.byteOffset, end: sourceMap.end(of: modal),
                children: children)
        }
    }

    static func sourceMap(_ text: String) throws -> JSONSourceMap {
        let analysis = DocumentAnalysis(bytes: Array(text.utf8), version: 1, path: nil, config: .none)
        return try #require(analysis.sourceMap)
    }

    @Test(arguments: 0..<40) func symbolsEqualTheWholeTextReference(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let text = Self.randomDocument(&generator)
        let map = try Self.sourceMap(text)
        let symbols = try DocumentSymbolProvider(sourceMap: map).symbols()
        expectEqual(symbols, Self.referenceSymbols(map), "seed \(seed): \(text)")
    }

    @Test(arguments: 0..<40) func hintsEqualTheWholeTextReference(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let map = try Self.sourceMap(Self.randomDocument(&generator))
        var expected: [String] = []
        for modal in ModalSource(map).modalNodes {
            guard let message = modal.value["msg"]?.stringValue, case .array(let styles)? = modal.value["styles"]
            else { continue }
            for style in styles {
                let range = try #require(ModalSource.range(of: style))
                let covered = ModalSource.coveredText(message, from: range.from, length: range.length)
                expected.append("“" + VisibleText.shortened(covered, limit: InlayHintProvider.labelLimit) + "”")
            }
        }
        let hints = InlayHintProvider(sourceMap: map).hints(from: 0, to: map.bytes.count).map(\.label)
        expectEqual(hints, expected, "seed \(seed)")
    }

    @Test(arguments: 0..<200) func aCoveredPrefixIsThePrefixOfTheCoveredText(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let message = Self.randomText(&generator, pieces: Int.random(in: 0...400, using: &generator))
        let units = MessageUnits(message)
        let from = Int.random(in: -2...message.utf16.count + 2, using: &generator)
        let length = Bool.random(using: &generator) ? Int.max : Int.random(in: 0...600, using: &generator)
        let count = Int.random(in: 0...90, using: &generator)
        let whole = units.coveredText(from: from, length: length)
        expectEqual(units.coveredPrefix(from: from, length: length, characterCount: count), String(whole.prefix(count)))
    }

    /// A symbol's work stops when asked to, with the error it is asked with.
    @Test func symbolsStopWhenTheRequestIsCancelled() throws {
        let styles = (0..<1000).map { #"{"apply_to": {"from": \#($0), "length": 1}}"# }
        let map = try Self.sourceMap(
            #"{"msg": "\#(String(repeating: "a", count: 1000))", "styles": [\#(styles.joined(separator: ","))]}"#)
        var calls = 0
        #expect(throws: ResponseError.requestCancelled) {
            try DocumentSymbolProvider(sourceMap: map).symbols { () throws(ResponseError) in
                calls += 1
                if calls == 2 { throw ResponseError.requestCancelled }
            }
        }
        expectEqual(calls, 2)
    }

    /// The position of every byte offset, and the offset of every position, in both encodings, equal a walk
    /// of the line from its start, on documents with long lines that cross many checkpoints.
    @Test(.tags(.slow), arguments: TestScale.prefix(0..<UInt64(30), quick: 10))
    func positionsEqualAWalkOfTheLine(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let text = Self.randomText(&generator, pieces: Int.random(in: 0...1500, using: &generator))
        let bytes = Array(text.utf8)
        let lines = LineTable(bytes)
        expectEqual(lines.lineStarts, Self.walkedLineStarts(bytes), "seed \(seed)")
        for encoding in [PositionEncoding.utf16, .utf8] {
            for offset in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 700)) {
                let expected = Self.walkedPosition(of: offset, lineStarts: lines.lineStarts, bytes: bytes, encoding)
                let position = lines.position(ofByteOffset: offset, in: bytes, encoding: encoding)
                expectEqual(position, expected, "seed \(seed), offset \(offset)")
            }
            for line in lines.lineStarts.indices {
                let length = lines.lineEnd(line, in: bytes) - lines.lineStarts[line]
                for character in stride(from: 0, through: length + 3, by: max(1, length / 200)) {
                    let position = Position(line: line, character: character)
                    let expected = Self.walkedOffset(of: position, lines: lines, bytes: bytes, encoding)
                    expectEqual(
                        lines.byteOffset(of: position, in: bytes, encoding: encoding), expected,
                        "seed \(seed), \(position)")
                }
            }
        }
    }

    /// Line starts as a walk finds them: after `\n`, `\r\n` or a lone `\r`.
    static func walkedLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        return starts
    }

    static func walkedPosition(of offset: Int, lineStarts: [Int], bytes: [UInt8], _ encoding: PositionEncoding)
        -> Position
    {
        let line = lineStarts.lastIndex { $0 <= offset }!
        var units = 0
        var index = lineStarts[line]
        while index < offset {
            let length = sequenceLength(bytes[index])
            if index + length > offset { break }
            units += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            index += length
        }
        return Position(line: line, character: encoding == .utf8 ? offset - lineStarts[line] : units)
    }

    static func walkedOffset(of position: Position, lines: LineTable, bytes: [UInt8], _ encoding: PositionEncoding)
        -> Int
    {
        let start = lines.lineStarts[position.line]
        let end = lines.lineEnd(position.line, in: bytes)
        var units = 0
        var index = start
        while index < end {
            let length = sequenceLength(bytes[index])
            let width = encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            if units + width > position.character { break }
            units += width
            index = min(index + length, end)
        }
        return index
    }

    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}

/// A line table updated edit by edit answers as one built from the edited text.
@Suite struct LineTableUpdateTests {
    @Test(.tags(.slow), arguments: TestScale.prefix(0..<UInt64(40), quick: 12))
    func anUpdatedTableAnswersAsAFreshOne(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var bytes = Array(
            LinearLookupTests.randomText(&generator, pieces: Int.random(in: 0...900, using: &generator)).utf8)
        var lines = LineTable(bytes)
        for _ in 0..<Int.random(in: 1...20, using: &generator) {
            // Edits at sequence starts, as a document makes them, of any size, line breaks included.
            let starts = bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 } + [bytes.count]
            let from = starts.randomElement(using: &generator)!
            let to = starts.filter { $0 >= from && $0 <= from + Int.random(in: 0...1500, using: &generator) }
                .randomElement(using: &generator)!
            let inserted = Array(
                LinearLookupTests.randomText(
                    &generator,
                    pieces: Int.random(in: 0...(Bool.random(using: &generator) ? 3 : 300), using: &generator)
                ).utf8)
            bytes.replaceSubrange(from..<to, with: inserted)
            lines.update(replacing: from..<to, insertedCount: inserted.count, in: bytes)
            let fresh = LineTable(bytes)
            expectEqual(lines.lineStarts, fresh.lineStarts, "seed \(seed)")
            for offset in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 100)) {
                expectEqual(
                    lines.position(ofByteOffset: offset, in: bytes, encoding: .utf16),
                    fresh.position(ofByteOffset: offset, in: bytes, encoding: .utf16), "seed \(seed)")
            }
            for line in fresh.lineStarts.indices {
                let length = fresh.lineEnd(line, in: bytes) - fresh.lineStarts[line]
                for character in stride(from: 0, through: length + 2, by: max(1, length / 10)) {
                    let position = Position(line: line, character: character)
                    expectEqual(
                        lines.byteOffset(of: position, in: bytes, encoding: .utf16),
                        fresh.byteOffset(of: position, in: bytes, encoding: .utf16), "seed \(seed)")
                }
            }
        }
    }
}
