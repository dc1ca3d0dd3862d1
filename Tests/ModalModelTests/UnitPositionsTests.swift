import TestSupport
import Testing

@testable import ModalModel

/// The one-walk resolver against the standard library's own views, unit by unit.
@Suite struct UnitPositionsTests {
    static let pieces = [
        "a", "Sale", " ", "\n", "\r\n", "é", "e\u{301}", "🎉", "👍🏽", "👨‍👩‍👧‍👦", "🇯🇵", "限定", "セール", "1️⃣", "—", "abcdefghijk",
    ]

    /// Every offset from -1 to past the end, in every unit, of random messages.
    @Test func everyOffsetMatchesTheStringViews() {
        var generator = SeededGenerator(seed: 20)
        for _ in 0..<150 {
            let message = (0..<Int.random(in: 0...12, using: &generator))
                .map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let units: [RangeUnit] = [.utf16, .codePoints, .graphemeClusters, .utf8Bytes]
            let lengths = [message.utf16.count, message.unicodeScalars.count, message.count, message.utf8.count]
            let offsets = lengths.map { Array(-1...($0 + 2)) }
            for (u, unit) in units.enumerated() {
                // Shuffled, with a repeat, as range ends come.
                let unitOffsets = offsets[u].shuffled(using: &generator) + [offsets[u][0]]
                let resolved = UnitPositions.resolve(unitOffsets, unit: unit, in: message)
                for (i, offset) in unitOffsets.enumerated() {
                    #expect(
                        resolved[i] == Self.expected(offset, unit, message),
                        "\(unit) \(offset) in \(message.debugDescription)")
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
}
