import PositionedJSON
import TestSupport
import Testing

@testable import ModalModel

/// The small-value reader against the general parser: the same tree, positions included, or nil.
@Suite struct SmallJSONReaderTests {
    /// Random JSON-like texts: mostly the forms commands carry, with every kind of thing the small reader leaves
    /// to the general parser (escapes, other number forms, text outside ASCII, deep nesting, errors).
    static func randomText(_ generator: inout SeededGenerator, depth: Int = 0) -> String {
        let space = [" ", "", "", "\n", "\t", "\r\n"].randomElement(using: &generator)!
        let leaves = [
            "1", "0", "42", "12345678901234567", "123456789012345678", "-1", "1.5", "1e3", "01", "007",
            #""id""#, #""""#, #""track me""#, #""a\nb""#, #""é""#, #""\u0041""#, "true", "false", "null", "tru", "nul",
        ]
        guard depth < 10, Int.random(in: 0..<3, using: &generator) > 0 else {
            return space + leaves.randomElement(using: &generator)! + space
        }
        let count = Int.random(in: 0...3, using: &generator)
        if Bool.random(using: &generator) {
            let members = (0..<count).map { _ in
                let key = [#""id""#, #""k""#, #""""#, #""k\"""#, "k"].randomElement(using: &generator)!
                return space + key + space + ":" + randomText(&generator, depth: depth + 1)
            }
            let trailing = Int.random(in: 0..<20, using: &generator) == 0 ? "," : ""
            return "{" + members.joined(separator: ",") + trailing + space + "}"
        }
        let elements = (0..<count).map { _ in randomText(&generator, depth: depth + 1) }
        return "[" + elements.joined(separator: ",") + space + "]"
    }

    @Test func readsWhatTheGeneralParserReads() {
        var generator = SeededGenerator(seed: 77)
        var taken = 0
        let rounds = TestScale.rounds(100_000, quick: 10_000)
        for _ in 0..<rounds {
            let bytes = Array(Self.randomText(&generator).utf8)
            let small = bytes.withUnsafeBufferPointer { SmallJSONReader.parse($0) }
            guard let small else { continue }
            taken += 1
            guard case .success(let general) = JSONParser.parse(bytes, maxDepth: 64) else {
                Issue.record("taken but refused: \(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            expect(Self.sameTree(small, general), "\(String(decoding: bytes, as: UTF8.self))")
        }
        // The reader must take a good share of these, or it would pass by refusing everything.
        expect(taken > rounds / 5, "took \(taken) of \(rounds)")
    }

    @Test func takesTheFormsCommandsCarry() {
        for text in [#"{"id":1}"#, #"{"code":"SPRING24","amount":5}"#, "[1, 2, 3]", #"{"a":{"b":[true,false,null]}}"#] {
            let bytes = Array(text.utf8)
            expect(bytes.withUnsafeBufferPointer { SmallJSONReader.parse($0) } != nil, "\(text)")
        }
    }

    /// Equal values at equal positions, all the way down (node equality alone ignores positions).
    static func sameTree(_ lhs: JSONNode, _ rhs: JSONNode) -> Bool {
        guard lhs.byteOffset == rhs.byteOffset else { return false }
        switch (lhs.value, rhs.value) {
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { sameTree($0, $1) }
        case (.object(let left), .object(let right)):
            return left.count == right.count
                && zip(left, right).allSatisfy {
                    $0.key == $1.key && $0.keyByteOffset == $1.keyByteOffset && sameTree($0.value, $1.value)
                }
        case (.number(let left), .number(let right)):
            return left.exactInteger == right.exactInteger && left.double.bitPattern == right.double.bitPattern
        default:
            return lhs.value == rhs.value
        }
    }
}
