import TestSupport
import Testing

@testable import TextLayout

/// The generated bidi tables against the UCD files they were made from.
@Suite struct BidiTableTests {
    private static let fixtures = repositoryRoot + "/Tests/TextLayoutTests/Fixtures/Unicode/"

    /// The data fields and the code point range of each data line of a UCD file.
    private static func dataLines(_ name: String) throws -> [(first: UInt32, last: UInt32, fields: [Substring])] {
        let text = try readTextFile(fixtures + name)
        var result: [(UInt32, UInt32, [Substring])] = []
        for line in text.split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";").map { $0.filter { $0 != " " } }.map { Substring($0) }
            guard fields.count >= 2 else { continue }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
            guard let first = UInt32(bounds[0], radix: 16) else { continue }
            let last = bounds.count > 1 ? UInt32(bounds[1], radix: 16) ?? first : first
            result.append((first, last, Array(fields.dropFirst())))
        }
        return result
    }

    @Test func tablesDescribeUnicode15() {
        expectEqual(BidiTableData.unicodeVersion, "15.0.0")
    }

    /// Every code point's Bidi_Class against DerivedBidiClass.txt, defaults from its @missing lines included.
    @Test func classesMatchDerivedBidiClassTxt() throws {
        let text = try readTextFile(Self.fixtures + "DerivedBidiClass.txt")
        let longNames: [Substring: BidiClass] = [
            "Left_To_Right": .L, "Right_To_Left": .R, "Arabic_Letter": .AL, "European_Terminator": .ET,
        ]
        var expected = [BidiClass](repeating: .L, count: 0x110000)
        for line in text.split(separator: "\n") where line.hasPrefix("# @missing:") {
            let fields = line.dropFirst(11).split(separator: ";").map { $0.filter { $0 != " " } }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
            let value = longNames[Substring(fields[1])]
            expect(value != nil, "unknown @missing value \(fields[1])")
            for codePoint in Int(bounds[0], radix: 16)!...Int(bounds[1], radix: 16)! {
                expected[codePoint] = value ?? .L
            }
        }
        var byName: [Substring: BidiClass] = [:]
        for bidiClass in BidiClass.allCases { byName[Substring(String(describing: bidiClass))] = bidiClass }
        for (first, last, fields) in try Self.dataLines("DerivedBidiClass.txt") {
            let value = byName[fields[0]]
            expect(value != nil, "unknown class \(fields[0])")
            for codePoint in first...last { expected[Int(codePoint)] = value ?? .L }
        }
        let table = BidiPropertyTable.shared
        var mismatches: [String] = []
        for codePoint in 0..<UInt32(0x110000) where !(0xD800...0xDFFF).contains(codePoint) {
            let actual = table.properties(scalarValue: codePoint).bidiClass
            if actual != expected[Int(codePoint)] && mismatches.count < 10 {
                mismatches.append("U+\(String(codePoint, radix: 16)): \(actual), not \(expected[Int(codePoint)])")
            }
        }
        expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func mirroredGlyphsMatchBidiMirroringTxt() throws {
        let table = BidiPropertyTable.shared
        var listed = Set<UInt32>()
        for (first, _, fields) in try Self.dataLines("BidiMirroring.txt") {
            listed.insert(first)
            let glyph = UInt32(fields[0], radix: 16)
            expectEqual(table.mirroredGlyph(Unicode.Scalar(first)!)?.value, glyph, "U+\(String(first, radix: 16))")
        }
        expectEqual(listed.count, 428)
        let flagged = (0..<UInt32(0x110000)).filter {
            !(0xD800...0xDFFF).contains($0) && table.properties(scalarValue: $0).hasMirroredGlyph
        }
        expectEqual(Set(flagged), listed)
    }

    /// Both brackets of a pair share a key, and the canonically equivalent angle brackets share one too.
    @Test func bracketPairsMatchBidiBracketsTxt() throws {
        let table = BidiPropertyTable.shared
        let lines = try Self.dataLines("BidiBrackets.txt")
        expectEqual(lines.count, 128)
        for (first, _, fields) in lines {
            let name = "U+\(String(first, radix: 16))"
            let properties = table.properties(scalarValue: first)
            expectEqual(properties.isOpeningBracket, (fields[1] == "o"), "\(name)")
            expectEqual(properties.isClosingBracket, (fields[1] == "c"), "\(name)")
            expect(table.bracketPairKey(first) != nil, "\(name)")
            expectEqual(table.bracketPairKey(first), table.bracketPairKey(UInt32(fields[0], radix: 16)!), "\(name)")
        }
        expectEqual(table.bracketPairKey(0x2329), table.bracketPairKey(0x3008))
        expectEqual(table.bracketPairKey(0x232A), table.bracketPairKey(0x3009))
        expect(table.bracketPairKey(0x28) != table.bracketPairKey(0x5B))
        expect(table.bracketPairKey(0x41) == nil)
    }
}
