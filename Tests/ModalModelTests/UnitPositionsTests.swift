import TestSupport
import Testing

@testable import ModalModel

/// The one-walk resolver against the standard library's own views, unit by unit.
@Suite struct UnitPositionsTests {
    static let pieces = [
        "a", "Sale", " ", "\n", "\r\n", "é", "e\u{301}", "🎉", "👍🏽", "👨‍👩‍👧‍👦", "🇯🇵", "限定", "セール", "1️⃣", "—", "abcdefghijk",
        // Where the bytes alone do not settle a boundary: a lone carriage return, a joiner before ©, a kana letter
        // with its voicing mark, a prepended concatenation mark, a soft hyphen.
        "\r", "©", "\u{200D}", "か\u{3099}", "\u{0600}", "\u{AD}", "ー",
        // Scripts whose letters always break around, next to what joins them: Greek, Cyrillic with a combining
        // mark, Hebrew with a point, Arabic with a vowel sign, an emoji with a skin tone and with a joiner, regional
        // indicators, Hangul syllables and jamo, and a Devanagari conjunct (GB9c).
        "Ωμέγα", "Привет", "и\u{0306}", "שָׁלוֹם", "مَرحبا", "👍", "\u{1F3FD}", "👨‍💻", "\u{1F1EF}", "한국", "\u{1100}\u{1161}",
        "क्ष", "\u{94D}",
    ]

    /// The word-wise test for characters outside the BMP against the scalars, at every length and alignment.
    @Test func hasAstralMatchesTheScalars() {
        var generator = SeededGenerator(seed: 21)
        for _ in 0..<TestScale.rounds(20_000, quick: 2_000) {
            let message = (0..<Int.random(in: 0...20, using: &generator))
                .map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let expected = message.unicodeScalars.contains { $0.value > 0xFFFF }
            expectEqual(UnitPositions.hasAstral(message), expected, "\(message.debugDescription)")
        }
        expect(!UnitPositions.hasAstral(""))
        expect(UnitPositions.hasAstral("abcdefghijklmno\u{10000}"))
        expect(!UnitPositions.hasAstral("abcdefghijklmno\u{FFFF}"))
    }

    /// Every offset from -1 to past the end, in every unit, of random messages.
    @Test func everyOffsetMatchesTheStringViews() {
        var generator = SeededGenerator(seed: 20)
        for _ in 0..<TestScale.rounds(1_500, quick: 150) {
            let message = (0..<Int.random(in: 0...30, using: &generator))
                .map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let units: [RangeUnit] = [.utf16, .codePoints, .graphemeClusters, .utf8Bytes]
            let lengths = [message.utf16.count, message.unicodeScalars.count, message.count, message.utf8.count]
            let offsets = lengths.map { Array(-1...($0 + 2)) }
            for (u, unit) in units.enumerated() {
                // Shuffled, with a repeat, as range ends come.
                let unitOffsets = offsets[u].shuffled(using: &generator) + [offsets[u][0]]
                let resolved = UnitPositions.resolve(unitOffsets, unit: unit, in: message)
                for (i, offset) in unitOffsets.enumerated() {
                    expectEqual(
                        resolved[i], Self.expected(offset, unit, message),
                        "\(unit) \(offset) in \(message.debugDescription)")
                }
            }
        }
    }

    /// Every offset of ASCII runs of each length around one wider scalar, so that it falls at every place in
    /// the sixteen- and eight-byte steps of the walk: a four-byte scalar after seven ASCII bytes gives nine
    /// UTF-16 units, after fifteen seventeen.
    @Test func everyOffsetAroundAWideScalarAtEveryAlignment() {
        let units: [RangeUnit] = [.utf16, .codePoints, .graphemeClusters, .utf8Bytes]
        for wide in ["🎉", "é", "限", "👍🏽"] {
            // The walk starts at the first scalar outside ASCII: the run after it sets where the second falls.
            for (leading, middle) in [0, 3, 17].flatMap({ leading in (0..<34).map { (leading, $0) } }) {
                let message =
                    String(repeating: "a", count: leading) + wide + String(repeating: "b", count: middle) + wide + "r"
                for unit in units {
                    let offsets = Array(-1...(message.utf8.count + 1))
                    let resolved = UnitPositions.resolve(offsets, unit: unit, in: message)
                    for (i, offset) in offsets.enumerated() {
                        let expected = Self.expected(offset, unit, message)
                        // Together (each walk starts where the last ended) and alone (each walk starts at 0).
                        expectEqual(resolved[i], expected, "\(unit) \(offset) in \(message)")
                        expectEqual(UnitPositions.resolve([offset], unit: unit, in: message), [expected])
                    }
                }
            }
        }
    }

    static func expected(_ offset: Int, _ unit: RangeUnit, _ message: String) -> UnitPositions.Position {
        guard offset >= 0 else { return .invalid }
        let index: String.Index?
        switch unit {
        case .utf16: index = message.utf16.index(message.startIndex, offsetBy: offset, limitedBy: message.endIndex)
        case .codePoints:
            index = message.unicodeScalars.index(message.startIndex, offsetBy: offset, limitedBy: message.endIndex)
        case .graphemeClusters: index = message.index(message.startIndex, offsetBy: offset, limitedBy: message.endIndex)
        case .utf8Bytes: index = message.utf8.index(message.startIndex, offsetBy: offset, limitedBy: message.endIndex)
        }
        guard let index, let scalarIndex = index.samePosition(in: message.unicodeScalars) else { return .invalid }
        let utf16Offset = message.utf16.distance(from: message.startIndex, to: scalarIndex)
        guard let characterIndex = scalarIndex.samePosition(in: message) else {
            return UnitPositions.Position(utf16Offset: utf16Offset, isClusterBoundary: false)
        }
        let before = characterIndex > message.startIndex ? message[message.index(before: characterIndex)] : nil
        let after = characterIndex < message.endIndex ? message[characterIndex] : nil
        return UnitPositions.Position(
            utf16Offset: utf16Offset, isClusterBoundary: true,
            before: before.map { UnitPositions.kind(of: $0.unicodeScalars.first!) },
            after: after.map { UnitPositions.kind(of: $0.unicodeScalars.first!) })
    }

    /// Two scalars that stand alone are two clusters, in either order, as the standard library counts them.
    @Test func scalarsThatStandAloneNeverJoin() {
        let alone = [0..<0x300, 0x3041..<0x3097, 0x30A1..<0x3100, 0x4E00..<0xA000].flatMap { $0 }
            .compactMap { $0 == 0x0D ? nil : Unicode.Scalar(UInt32($0)) }
        expect(alone.allSatisfy { UnitPositions.standsAlone($0.value) })
        expect(!UnitPositions.standsAlone(0x0D) && !UnitPositions.standsAlone(0x300))
        expect(!UnitPositions.standsAlone(0x3099) && !UnitPositions.standsAlone(0x200D))
        let neighbours: [Unicode.Scalar] = [
            "a", " ", "\n", "\u{0}", "\u{AD}", "©", "é", "\u{2FF}", "あ", "ン", "ー", "一", "鿿",
        ]
        for scalar in TestScale.sample(alone, quick: 5) {
            for neighbour in neighbours {
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(neighbour)
                expectEqual(
                    String(pair).count, 2,
                    "U+\(String(scalar.value, radix: 16)) then U+\(String(neighbour.value, radix: 16))")
                pair = String.UnicodeScalarView([neighbour, scalar])
                expectEqual(
                    String(pair).count, 2,
                    "U+\(String(neighbour.value, radix: 16)) then U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    /// The blocks that `kind(of:)` settles without a property look-up agree with the look-up.
    @Test func quickKindsAgreeWithTheCategories() {
        let blocks = [
            0xC0...0x24F, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x05D0...0x05EA,
            0x0620...0x064A, 0x0388...0x03F5, 0x0400...0x0481, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
        ]
        for value in blocks.joined() {
            let scalar = Unicode.Scalar(UInt32(value))!
            expectEqual(
                UnitPositions.kind(of: scalar), UnitPositions.kindByCategory(of: scalar),
                "U+\(String(value, radix: 16))")
        }
    }
}
