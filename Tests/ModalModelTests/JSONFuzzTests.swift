import ModalModel
import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// Seeded, deterministic fuzzing: whatever the input, the parser returns, and an error points at a real place.
@Suite struct JSONFuzzTests {
    static let seeds: [String] = [
        ##"[{"msg":"Hello\nWorld","styles":[{"apply_to":{"from":0,"length":5},"font_style":"bold","font_size":25,"color":"#fff"}],"buttons":[{"label":"OK","action":"close","bg_color":"#333","fg_color":"#fff"}],"text_align":"center","max_lines":3}]"##,
        "{\n  \"msg\": \"日本語 \\uD83D\\uDE00 e\\u0301\",\r\n  \"styles\": [],\r\n  \"n\": [-0.5e-3, 1E+2, 0, true, false, null]\n}",
        #"{"a":{"b":{"c":[[[[]]],{}]}},"d":"\\\/\b\f\n\r\t\u001b"}"#,
        "[\"tab\\t\", 12345678901234567890123, 1.7976931348623157e308, \"\u{202E}\"]",
    ]

    /// Bytes that matter to JSON, plus some that must be rejected.
    static let alphabet: [UInt8] =
        Array("{}[]:,\"\\/ \n\r\t0123456789-+.eEtrufalsn'u".utf8) + [
            0x00, 0x1B, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xF5, 0xFF,
        ]

    @Test func randomAndMutatedInputsNeverCrashAndErrorsPointInsideTheFile() {
        var generator = SeededGenerator(seed: 20_261_130)
        var accepted = 0
        var rejected = 0
        var codes: Set<String> = []
        for round in 0..<TestScale.rounds(60_000, quick: 6_000) {
            let bytes: [UInt8]
            switch round % 3 {
            case 0:
                bytes = (0..<Int(generator.next() % 48)).map { _ in
                    Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]
                }
            case 1:
                bytes = Self.mutate(
                    Array(Self.seeds[Int(generator.next() % UInt64(Self.seeds.count))].utf8), using: &generator)
            default:
                let value = RandomJSON.value(using: &generator, depth: 0)
                bytes = Self.mutate(Array(JSONWriter.serialize(value).utf8), using: &generator)
            }
            switch JSONParser.parse(bytes, maxDepth: 16) {
            case .success(let root):
                accepted += 1
                let written = JSONWriter.serialize(root.value)
                let reparsed = try? JSONParser.parse(Array(written.utf8)).get()
                expectEqual(reparsed.map { JSONTestHelpers.sameAfterRoundTrip(root.value, $0.value) }, true, "\(bytes)")
            case .failure(let error):
                rejected += 1
                codes.insert(error.code)
                expect(JSONTestHelpers.locationProblem(of: error, in: bytes) == nil, "\(bytes): \(error)")
                expect(!error.message.isEmpty)
                expect(
                    !error.message.unicodeScalars.contains { ControlCharacters.placeholder(for: $0) != nil },
                    "\(error.message)")
            }
        }
        // Both outcomes and every error code are actually exercised.
        expect(accepted > 300)
        expect(rejected > 2000)
        expectEqual(codes, ["json-syntax", "json-utf8", "json-depth", "json-number", "json-unicode-escape"])
    }

    /// One to four random edits: flip, insert, delete, duplicate a span, or truncate.
    static func mutate(_ input: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<(Int(generator.next() % 4) + 1) {
            let position = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count))
            switch generator.next() % 6 {
            case 0 where !bytes.isEmpty:
                bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            case 1:
                bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
            case 2 where !bytes.isEmpty:
                bytes.remove(at: position)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int(generator.next() % 16))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            case 4:
                // Deep nesting and big exponents, which random edits rarely reach.
                let insert =
                    generator.next() % 2 == 0 ? Array(repeating: UInt8(ascii: "["), count: 20) : Array("1e999".utf8)
                bytes.insert(contentsOf: insert, at: position)
            default:
                bytes.removeLast(bytes.count - position)
            }
        }
        return bytes
    }
}
