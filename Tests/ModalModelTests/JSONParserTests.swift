import ModalModel
import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@Suite struct JSONParserPositionTests {
    @Test func recordsWhereNestedValuesAndKeysStart() throws {
        //          0         1         2         3
        //          0123456789012345678901234567890123456
        let text = #"{"a": [1, {"b": null}], "c": "x", "a": 2}"#
        let root = try JSONTestHelpers.parse(text).get()
        expectEqual(root.byteOffset, 0)
        guard case .object(let members) = root.value else {
            Issue.record("not an object: \(root.value)")
            return
        }
        expectEqual(members.map(\.key), ["a", "c", "a"])  // order and duplicates kept
        expectEqual(members.map(\.keyByteOffset), [1, 24, 34])
        expectEqual(members.map(\.value.byteOffset), [6, 29, 39])
        guard case .array(let elements) = members[0].value.value, case .object(let inner) = elements[1].value else {
            Issue.record("unexpected shape: \(members[0].value.value)")
            return
        }
        expectEqual(elements.map(\.byteOffset), [7, 10])
        expectEqual(inner[0].keyByteOffset, 11)
        expectEqual(inner[0].value.byteOffset, 16)
        expectEqual(inner[0].value.value, .null)
    }

    @Test func positionsCountBytesAcrossMultiByteText() throws {
        let text = "[\"é😀\", \"日本\",\n  true]"
        let root = try JSONTestHelpers.parse(text).get()
        guard case .array(let elements) = root.value else {
            Issue.record("not an array")
            return
        }
        // "é😀" is 2 + 4 bytes, so the next string starts at 1 + 8 + 2.
        expectEqual(elements.map(\.byteOffset), [1, 11, 23])
        let source = SourceText(bytes: Array(text.utf8))
        let location = source.location(ofByteOffset: elements[2].byteOffset)
        expect((location.line, location.column) == (2, 3))
        let second = source.location(ofByteOffset: elements[1].byteOffset)
        expect((second.line, second.column) == (1, 8))  // after [ " é 😀 " , and a space
    }

    @Test func errorLocationsFollowCRLFAndLoneCR() throws {
        let crlf = Array("{\r\n  \"a\": 1\r\n  \"b\": 2\r\n}".utf8)
        let error = try #require(JSONTestHelpers.error(crlf))
        let location = SourceText(bytes: crlf).location(ofByteOffset: error.byteOffset)
        expect((location.line, location.column) == (3, 3))
        expectEqual(error.message, "expected ',' or '}' after an object member, but found '\"'")

        let loneCR = Array("[1,\r2,\r\rx]".utf8)
        let crError = try #require(JSONTestHelpers.error(loneCR))
        let crLocation = SourceText(bytes: loneCR).location(ofByteOffset: crError.byteOffset)
        expect((crLocation.line, crLocation.column) == (4, 1))
    }
}

@Suite struct JSONParserStringTests {
    @Test func decodesEveryEscape() throws {
        let root = try JSONTestHelpers.parse(#"["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u4E2D\u001b", "a\u0000b"]"#).get()
        expectEqual(
            root.value,
            .array([
                JSONNode(value: .string("\"\\/\u{08}\u{0C}\n\r\t"), byteOffset: 0),
                JSONNode(value: .string("Aé中\u{1B}"), byteOffset: 0),
                JSONNode(value: .string("a\u{0}b"), byteOffset: 0),
            ]))
    }

    /// Every byte value in every place of a `\uXXXX` escape: a digit only where it is 0–9, a–f or A–F, with its
    /// value; anything else an error.
    @Test func everyByteInEveryPlaceOfAUnicodeEscape() {
        let hexDigits = Array("0123456789abcdef".utf8)
        for place in 0..<4 {
            for byte in UInt8.min...UInt8.max {
                var digits = Array("0041".utf8)
                digits[place] = byte
                let bytes = Array(#""\u"#.utf8) + digits + Array(#"" "#.utf8)
                let parsed = JSONParser.parse(bytes)
                let lower = (0x41...0x46).contains(byte) ? byte | 0x20 : byte
                guard let value = hexDigits.firstIndex(of: lower) else {
                    guard case .failure = parsed else {
                        Issue.record("byte \(byte) at \(place) was taken")
                        continue
                    }
                    continue
                }
                let scalar = Unicode.Scalar(
                    UInt32(0x0041) & ~(0xF << (12 - 4 * place)) | UInt32(value) << (12 - 4 * place))!
                guard case .success(let node) = parsed, case .string(let text) = node.value else {
                    Issue.record("byte \(byte) at \(place) was refused")
                    continue
                }
                expect(text.unicodeScalars.elementsEqual([scalar]), "byte \(byte) at \(place)")
            }
        }
    }

    @Test func combinesSurrogatePairEscapes() throws {
        let root = try JSONTestHelpers.parse(#""x\uD83D\uDE00y\ud83c\udde9\ud83c\uddea""#).get()
        expectEqual(root.value, .string("x😀y🇩🇪"))
    }

    @Test func keepsLongTextAroundEscapesIntact() throws {
        let run = String(repeating: "ab日本😀", count: 40)
        let root = try JSONTestHelpers.parse("\"" + run + "\\n" + run + "\\u00e9\"").get()
        expectEqual(root.value, .string(run + "\n" + run + "é"))
    }

    @Test(arguments: [
        (#"["\uD83D"]"#, 2, #"\uD83D"#),
        (#"["ab\uD83Dx"]"#, 4, #"\uD83D"#),
        (#"["\uD83D\u0041"]"#, 2, #"\uD83D"#),
        (#"["\uD83D\uD83D"]"#, 2, #"\uD83D"#),
        (#"["\uDE00"]"#, 2, #"\uDE00"#),
        (#"["\uDE00\uD83D"]"#, 2, #"\uDE00"#),
    ])
    func rejectsUnpairedSurrogateEscapesAtTheBackslash(text: String, offset: Int, escape: String) throws {
        let error = try #require(JSONTestHelpers.error(text))
        expectEqual(error.code, "json-unicode-escape")
        expectEqual(error.byteOffset, offset)
        expect(error.message.contains("'\(escape)'"))
    }

    @Test func rejectsMalformedUnicodeEscapes() throws {
        let error = try #require(JSONTestHelpers.error(#"["\u12G4"]"#))
        expectEqual(error.code, "json-unicode-escape")
        expectEqual(error.byteOffset, 2)
        expect(error.message.contains(#"\u12G4"#))
    }

    @Test func rejectsRawLineBreakWithHint() throws {
        let error = try #require(JSONTestHelpers.error("{\"msg\": \"Hello\nWorld\"}"))
        expectEqual(error.code, "json-syntax")
        expectEqual(error.byteOffset, 14)
        expect(error.message.contains("U+000A"))
        expectEqual(error.hint?.contains(#"\n"#), true)
    }

    @Test func rejectsRawEscapeCharacterWithoutEchoingIt() throws {
        let error = try #require(JSONTestHelpers.error("[\"red \u{1B}[31m\"]"))
        expectEqual(error.code, "json-syntax")
        expectEqual(error.byteOffset, 6)
        expect(error.message.contains("U+001B"))
        expectEqual(error.hint?.contains(#"\u001b"#), true)
        expect(!error.message.utf8.contains(0x1B))
    }

    @Test(arguments: [(#"["a\x41"]"#, #"'\x'"#), (#"["it\'s"]"#, #"'\''"#), (#"["\U0041"]"#, #"'\U'"#)])
    func rejectsUnknownEscapes(text: String, shown: String) throws {
        let error = try #require(JSONTestHelpers.error(text))
        expectEqual(error.code, "json-syntax")
        expect(error.message.contains(shown))
        expectEqual(error.byteOffset, Array(text.utf8).firstIndex(of: UInt8(ascii: "\\")))
    }
}

@Suite struct JSONParserNumberTests {
    @Test(arguments: [
        ("7", 7.0, 7 as Int?),
        ("7.0", 7.0, 7),
        ("7e2", 700.0, 700),
        ("7E+2", 700.0, 700),
        ("1.5e1", 15.0, 15),
        ("100e-2", 1.0, 1),
        ("-0", -0.0, 0),
        ("-0.0e5", -0.0, 0),
        ("0e99999999999999999999", 0.0, 0),
        ("7.5", 7.5, nil),
        ("0.1", 0.1, nil),
        ("1e300", 1e300, nil),
        ("1e-300", 1e-300, nil),
        ("123456789012345678901234567890", 123456789012345678901234567890.0, nil),
        ("9223372036854775807", 9223372036854775807.0, Int.max),
        ("-9223372036854775808", -9223372036854775808.0, Int.min),
        ("9223372036854775808", 9223372036854775808.0, nil),
        ("1000000000000000000000e-3", 1e18, 1_000_000_000_000_000_000),
        ("9007199254740993", 9007199254740992.0, 9_007_199_254_740_993),
        ("12345678901234567890123e-20", 123.45678901234567890123, nil),
        ("2.2250738585072014e-308", 2.2250738585072014e-308, nil),
        ("1.7976931348623157e308", 1.7976931348623157e308, nil),
        ("4.9e-324", Double.leastNonzeroMagnitude, nil),
        ("1e-400", 0.0, nil),
        ("123e25", 123e25, nil),
        ("0.30000000000000004", 0.30000000000000004, nil),
        ("3.14159265358979323846264338327950288", 3.14159265358979323846264338327950288, nil),
    ])
    func parsesNumbers(text: String, double: Double, exactInteger: Int?) throws {
        let root = try JSONTestHelpers.parse(text).get()
        guard case .number(let number) = root.value else {
            Issue.record("not a number: \(root.value)")
            return
        }
        expectEqual(number.double, double)
        expectEqual(number.double.sign, double.sign)
        expectEqual(number.exactInteger, exactInteger)
    }

    @Test func agreesWithTheStandardLibraryOnManyDecimals() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<TestScale.rounds(20_000, quick: 2_000) {
            let integerDigits = Int(generator.next() % 20) + 1
            let fractionDigits = Int(generator.next() % 20)
            var text = generator.next() % 2 == 0 ? "-" : ""
            text += String(generator.next() % 9 + 1)
            for _ in 1..<integerDigits { text += String(generator.next() % 10) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
            }
            // Exponents up to 280 with up to 20 integer digits stay below the largest double.
            if generator.next() % 2 == 0 { text += "e" + String(Int(generator.next() % 600) - 320) }
            let root = try JSONTestHelpers.parse(text).get()
            guard case .number(let number) = root.value else {
                Issue.record("not a number: \(text)")
                continue
            }
            expectEqual(number.double, Double(text)!, "\(text)")
        }
    }

    @Test(arguments: [
        ("01", 0, "leading zeros"), ("-01", 0, "leading zeros"), ("[00]", 1, "leading zeros"),
        ("+1", 0, "'+'"), (".5", 0, "0.5"), ("1.", 2, "1."), ("1.e5", 2, "1."), ("1e", 2, "exponent"),
        ("1e+", 3, "exponent"), ("-", 1, ""), ("[NaN]", 1, "NaN"), ("Infinity", 0, "Infinity"),
        ("-Infinity", 1, "Infinity"), ("0x1F", 0, "decimal"),
    ])
    func rejectsNumbersOutsideTheGrammar(text: String, offset: Int, hintWord: String) throws {
        let error = try #require(JSONTestHelpers.error(text))
        expectEqual(error.code, "json-syntax")
        expectEqual(error.byteOffset, offset)
        if !hintWord.isEmpty {
            expect((error.hint ?? "").contains(hintWord) || error.message.contains(hintWord), "\(error)")
        }
    }

    @Test func rejectsNumbersTooLargeForADouble() throws {
        let error = try #require(JSONTestHelpers.error("[1, 1e999]"))
        expectEqual(error.code, "json-number")
        expectEqual(error.message, "number 1e999 is too large")
        expectEqual(error.byteOffset, 4)
        let negative = try #require(JSONTestHelpers.error("-18e307"))
        expectEqual(negative.code, "json-number")
        expectEqual(negative.message, "number -18e307 is too large")
    }
}

@Suite struct JSONParserDepthTests {
    @Test func aMillionOpeningBracketsFailFastAtTheLimit() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let clock = ContinuousClock()
        var error: JSONParseError?
        let elapsed = clock.measure { error = JSONTestHelpers.error(bytes) }
        let found = try #require(error)
        expectEqual(found.code, "json-depth")
        expectEqual(found.byteOffset, 512)
        expect(found.message.contains("512"))
        expect(elapsed < .seconds(1))
    }

    @Test func aMillionOpeningBracketsDoNotOverflowTheStackWithoutALimit() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let error = try #require(JSONTestHelpers.error(bytes, maxDepth: Int.max))
        expectEqual(error.code, "json-syntax")
        expectEqual(error.byteOffset, bytes.count)
    }

    @Test func honoursACustomLimitForArraysAndObjects() throws {
        expect(JSONTestHelpers.error(Array("[[{\"a\":1}]]".utf8), maxDepth: 3) == nil)
        let error = try #require(JSONTestHelpers.error(Array("[[{\"a\":[1]}]]".utf8), maxDepth: 3))
        expectEqual(error.code, "json-depth")
        expectEqual(error.byteOffset, 7)
        expect(JSONTestHelpers.error(Array("1".utf8), maxDepth: 0) == nil)
        expectEqual(JSONTestHelpers.error(Array("[]".utf8), maxDepth: 0)?.code, "json-depth")
    }
}

@Suite struct JSONParserUTF8Tests {
    @Test(
        arguments: [
            (
                [0x22, 0x61, 0xC3, 0x28, 0x22], 2,
                "invalid UTF-8: byte 0xC3 starts a 2-byte sequence but 0x28 is not a continuation byte"
            ),
            ([0x22, 0x80, 0x22], 1, "invalid UTF-8: byte 0x80 is a continuation byte with no lead byte before it"),
            (
                [0x22, 0x61, 0x62, 0xC0, 0xAF, 0x22], 3,
                "invalid UTF-8: byte 0xC0 can only start an overlong (non-shortest) encoding"
            ),
            (
                [0x22, 0xE0, 0x80, 0xAF, 0x22], 1,
                "invalid UTF-8: bytes 0xE0 0x80 start an overlong (non-shortest) encoding"
            ),
            (
                [0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22], 1,
                "invalid UTF-8: bytes 0xF0 0x8F start an overlong (non-shortest) encoding"
            ),
            (
                [0x22, 0xED, 0xA0, 0x80, 0x22], 1,
                "invalid UTF-8: bytes 0xED 0xA0 encode a UTF-16 surrogate (U+D800–U+DFFF), which UTF-8 must not contain"
            ),
            (
                [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1,
                "invalid UTF-8: bytes 0xF4 0x90 encode a code point above U+10FFFF"
            ),
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1, "invalid UTF-8: byte 0xF5 never appears in UTF-8"),
            (
                [0x22, 0xE3, 0x81, 0x22], 1,
                "invalid UTF-8: byte 0xE3 starts a 3-byte sequence but 0x22 is not a continuation byte"
            ),
            (
                [0x22, 0x61, 0xE3, 0x81], 2,
                "invalid UTF-8: byte 0xE3 starts a 3-byte sequence but the file ends after 2 bytes"
            ),
            (
                [0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22], 3,
                "invalid UTF-8: byte 0xC3 starts a 2-byte sequence but 0x28 is not a continuation byte"
            ),
            (
                [0x22, 0xE9, 0x0A, 0x22], 1,
                "invalid UTF-8: byte 0xE9 starts a 3-byte sequence but 0x0A is not a continuation byte"
            ),
            ([0x5B, 0x31, 0x2C, 0x20, 0xFF, 0x5D], 4, "invalid UTF-8: byte 0xFF never appears in UTF-8"),
            (
                [0x7B, 0x7D, 0x20, 0xC3], 3,
                "invalid UTF-8: byte 0xC3 starts a 2-byte sequence but the file ends after 1 byte"
            ),
        ] as [([UInt8], Int, String)])
    func pointsAtTheFirstOffendingByte(bytes: [UInt8], offset: Int, message: String) throws {
        let error = try #require(JSONTestHelpers.error(bytes))
        expectEqual(error.code, "json-utf8")
        expectEqual(error.byteOffset, offset)
        expectEqual(error.message, message)
        expectEqual(error.hint?.contains("UTF-8"), true)
    }

    @Test func acceptsEveryWellFormedScalarBoundary() throws {
        let text = "\"\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\u{E000}\u{D7FF}\""
        expect(try JSONTestHelpers.parse(text).get().value == .string(String(text.dropFirst().dropLast())))
    }

    @Test func rejectsAByteOrderMark() throws {
        let error = try #require(JSONTestHelpers.error([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]))
        expectEqual(error.code, "json-syntax")
        expectEqual(error.byteOffset, 0)
        expectEqual(error.hint, "save the file as UTF-8 without a byte order mark")
    }
}

@Suite struct JSONParserMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var offset: Int
        var message: String
        var hint: String?
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "", offset: 0, message: "the file is empty"),
        Case(text: " \n\t ", offset: 4, message: "expected a JSON value but reached the end of the file"),
        Case(text: "{} x", offset: 3, message: "unexpected 'x' after the JSON value"),
        Case(
            text: "{}{}", offset: 2, message: "unexpected '{' after the JSON value",
            hint: "a file holds a single JSON value; put several values in an array: [first, second]"),
        Case(
            text: "[1, 2,]", offset: 5, message: "expected a value after ',', but found ']'",
            hint: "remove the ',' before ']'"),
        Case(
            text: "{\"a\": 1,\n}", offset: 7, message: "expected a key after ',', but found '}'",
            hint: "remove the ',' before '}'"),
        Case(
            text: "{\"a\": 'b'}", offset: 6, message: "expected a JSON value after ':', but found \"'\"",
            hint: "JSON strings use double quotes: write \"text\", not 'text'"),
        Case(
            text: "{'a': 1}", offset: 1, message: "expected a key in double quotes or '}', but found \"'\"",
            hint: "JSON keys use double quotes: write \"key\", not 'key'"),
        Case(
            text: "{msg: \"hi\"}", offset: 1, message: "expected a key in double quotes or '}', but found 'msg'",
            hint: "object keys are strings: put the key in double quotes, \"msg\""),
        Case(
            text: "// note\n{}", offset: 0, message: "expected a JSON value, but found a '//' comment",
            hint: "JSON has no comments; remove the comment"),
        Case(
            text: "{\"a\": 1 /* x */}", offset: 8,
            message: "expected ',' or '}' after an object member, but found a '/*' comment",
            hint: "JSON has no comments; remove the comment"),
        Case(
            text: "[NaN]", offset: 1, message: "expected a JSON value after '[', but found 'NaN'",
            hint: "JSON has no NaN or Infinity; use null, a finite number or a string"),
        Case(
            text: "[-Infinity]", offset: 2, message: "expected a digit after '-', but found 'Infinity'",
            hint: "JSON has no NaN or Infinity; use null, a finite number or a string"),
        Case(
            text: "[007]", offset: 1, message: "a number cannot have leading zeros: '007'",
            hint: "remove the leading zeros, or write the value as a string if they matter (\"007\")"),
        Case(
            text: "{\"a\": 1 \"b\": 2}", offset: 8,
            message: "expected ',' or '}' after an object member, but found '\"'",
            hint: "add a ',' between the members"),
        Case(
            text: "[1 2]", offset: 3, message: "expected ',' or ']' after an array value, but found '2'",
            hint: "add a ',' between the values"),
        Case(
            text: "[\"a\nb\"]", offset: 3, message: "a string cannot contain a raw line break (U+000A)",
            hint: "write a line break inside a string as \\n; if the string should end here, add the closing '\"'"),
        Case(
            text: "[True]", offset: 1, message: "expected a JSON value after '[', but found 'True'",
            hint: "JSON literals are lowercase: true, false and null"),
        Case(
            text: "[1,\u{1B}]", offset: 3, message: "expected a JSON value after ',', but found U+001B"),
        Case(
            text: "[\u{202E}1]", offset: 1, message: "expected a JSON value after '[', but found U+202E",
            hint: "remove the invisible character U+202E; between values JSON allows only spaces, tabs and line breaks"),
        Case(
            text: "{\"a\" 1}", offset: 5, message: "expected ':' after the object key, but found '1'",
            hint: "add a ':' between the key and its value"),
        Case(
            text: "[1}", offset: 2, message: "expected ',' or ']' after an array value, but found '}'",
            hint: "this array was opened with '[', so close it with ']'"),
        Case(
            text: "{\"a\": [1, 2", offset: 11,
            message: "expected ',' or ']' after an array value but reached the end of the file",
            hint: "close the array with ']'; the file may have been cut off"),
        Case(
            text: "[\"abc", offset: 1, message: "this string is never closed: the file ends before its closing '\"'",
            hint: "add the closing '\"'; the file may have been cut off"),
    ])
    func explainsCommonMistakes(_ example: Case) throws {
        let bytes = Array(example.text.utf8)
        let error = try #require(JSONTestHelpers.error(bytes))
        expectEqual(error.code, "json-syntax")
        expectEqual(error.byteOffset, example.offset)
        expectEqual(error.message, example.message)
        if let hint = example.hint { expectEqual(error.hint, hint) }
        expect(JSONTestHelpers.locationProblem(of: error, in: bytes) == nil)
        // Whatever was found, the text never carries a raw control character to a terminal.
        for text in [error.message, error.hint ?? ""] {
            expect(!text.unicodeScalars.contains { ControlCharacters.placeholder(for: $0) != nil })
        }
    }
}
