import ModalModel
import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@Suite struct JSONWriterTests {
    @Test func quotesAndEscapesWhatTerminalsWouldActOn() {
        let text =
            "a\"b\\c\n\t\r\u{08}\u{0C}\u{0}\u{1B}[31m\u{7F}\u{85}\u{9B}\u{A0}é\u{2028}\u{2029}\u{202A}\u{202E}\u{2066}\u{2069}\u{2067}😀/"
        let expected =
            #""a\"b\\c\n\t\r\b\f\u0000\u001b[31m\u007f\u0085\u009b"# + "\u{A0}é"
            + #"\u2028\u2029\u202a\u202e\u2066\u2069\u2067"# + "😀/\""
        expectEqual(JSONWriter.quoted(text), expected)
        expectEqual(JSONWriter.quoted("plain"), "\"plain\"")
        expectEqual(JSONWriter.quoted(""), "\"\"")
        // Neighbours of the escaped ranges, the joiners and the variation selectors stay as they are.
        expectEqual(
            JSONWriter.quoted("\u{A0}\u{2027}\u{202F}\u{2070}\u{200C}\u{200D}\u{FE0F}"),
            "\"\u{A0}\u{2027}\u{202F}\u{2070}\u{200C}\u{200D}\u{FE0F}\"")
    }

    @Test func quotedOutputIsTerminalSafeAndReadsBack() throws {
        let interesting: [Unicode.Scalar] =
            (0...0xA0).compactMap(Unicode.Scalar.init)
            + [
                "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
                "\u{202F}", "\u{2065}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{206A}", "é", "日",
                "😀", "\u{FEFF}", "\u{10FFFF}", "\"", "\\",
            ]
        var generator = SeededGenerator(seed: 2024)
        for _ in 0..<TestScale.rounds(5_000, quick: 500) {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 40) {
                scalars.append(interesting[Int(generator.next() % UInt64(interesting.count))])
            }
            let original = String(scalars)
            let quoted = JSONWriter.quoted(original)
            expect(!quoted.utf8.contains { $0 < 0x20 || $0 == 0x7F })
            expect(!quoted.unicodeScalars.contains { ControlCharacters.placeholder(for: $0) != nil })
            expect(try JSONTestHelpers.parse(quoted).get().value == .string(original), "\(quoted)")
        }
    }

    @Test func writesNumbersAsIntegersOrShortestDoubles() {
        func text(_ double: Double, _ exact: Int?) -> String {
            JSONWriter.serialize(.number(JSONNumber(double: double, exactInteger: exact)))
        }
        expectEqual(text(7, 7), "7")
        expectEqual(text(-0.0, 0), "0")
        expectEqual(text(9_007_199_254_740_992, 9_007_199_254_740_993), "9007199254740993")
        expectEqual(text(7.5, nil), "7.5")
        expectEqual(text(0.1, nil), "0.1")
        expectEqual(text(1e300, nil), "1e+300")
        expectEqual(text(1e-7, nil), "1e-07")
        expectEqual(text(-0.0, nil), "-0.0")
        expectEqual(text(.infinity, nil), "null")
        expectEqual(text(.nan, nil), "null")
    }

    @Test func serializesCompactlyKeepingOrderAndDuplicates() throws {
        let text =
            "{ \"b\" : [ 1 , 2.5 , true , false , null ] ,\n \"a\" : { } , \"b\" : [ ] , \"c\\n\" : \"\\u001b\" }"
        let root = try JSONTestHelpers.parse(text).get()
        let written = JSONWriter.serialize(root.value)
        expectEqual(written, #"{"b":[1,2.5,true,false,null],"a":{},"b":[],"c\n":"\u001b"}"#)
        var appended = "prefix:"
        JSONWriter.write(root.value, into: &appended)
        expectEqual(appended, "prefix:" + written)
    }

    @Test func roundTripsRandomValues() throws {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<TestScale.rounds(3_000, quick: 300) {
            let value = RandomJSON.value(using: &generator, depth: 0)
            let written = JSONWriter.serialize(value)
            let reparsed = try JSONTestHelpers.parse(written).get()
            expectEqual(reparsed.value, value, "\(written)")
            expectEqual(JSONWriter.serialize(reparsed.value), written)
        }
    }
}

/// Random JSON values for round-trip and fuzz tests.
enum RandomJSON {
    static let sampleStrings = [
        "", "OK", "msg", "日本語のテキスト", "👨‍👩‍👧‍👦", "e\u{301}", "\u{1B}[31m", "tab\there", "line\nbreak", "quote\"",
        "back\\slash", "\u{202E}evil", "\u{85}", "#fff", "https://example.com/a?b=c&d=e",
    ]

    static func value(using generator: inout SeededGenerator, depth: Int) -> JSONValue {
        let choice = generator.next() % (depth > 4 ? 5 : 7)
        switch choice {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2:
            if generator.next() % 2 == 0 {
                let integer = Int(truncatingIfNeeded: generator.next()) >> Int(generator.next() % 64)
                return .number(JSONNumber(double: Double(integer), exactInteger: integer))
            }
            var double = Double(bitPattern: generator.next())
            if !double.isFinite { double = 0.5 }
            // A whole double that fits in Int reads back with exactInteger set, as the parser reports it.
            let exact = Int(exactly: double)
            return .number(JSONNumber(double: double, exactInteger: exact))
        case 3, 4:
            return .string(sampleStrings[Int(generator.next() % UInt64(sampleStrings.count))])
        case 5:
            let count = Int(generator.next() % 5)
            return .array(
                (0..<count).map { _ in JSONNode(value: value(using: &generator, depth: depth + 1), byteOffset: 0) })
        default:
            let count = Int(generator.next() % 5)
            return .object(
                (0..<count).map { _ in
                    JSONMember(
                        key: sampleStrings[Int(generator.next() % UInt64(sampleStrings.count))], keyByteOffset: 0,
                        value: JSONNode(value: value(using: &generator, depth: depth + 1), byteOffset: 0))
                })
        }
    }
}
