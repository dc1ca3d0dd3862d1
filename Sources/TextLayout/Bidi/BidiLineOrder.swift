/// The per-line rules of UAX #9: L1 (whitespace at the line's end and before separators returns to the
/// paragraph level) and L2 (reversal of runs from the highest level down to the lowest odd one).
enum BidiLineOrder {
    /// Applies rule L1 to one line: `levels[i]` is the level of the character whose original class is
    /// `classes[i]`. Characters removed by X9 count as whitespace here, so they follow the run they end.
    static func resetWhitespace(_ levels: inout [UInt8], classes: [BidiClass], paragraphLevel: UInt8) {
        var trailing = true
        var index = levels.count - 1
        while index >= 0 {
            switch classes[index] {
            case .S, .B:
                levels[index] = paragraphLevel
                trailing = true
            case let other where isResetBeforeSeparator(other):
                if trailing { levels[index] = paragraphLevel }
            default:
                trailing = false
            }
            index -= 1
        }
    }

    /// Whether L1 returns a character of this class to the paragraph level when only such characters stand
    /// between it and a separator or the line's end: whitespace, isolate controls, and what X9 removes.
    @inline(__always)
    static func isResetBeforeSeparator(_ bidiClass: BidiClass) -> Bool {
        switch bidiClass {
        case .WS, .LRI, .RLI, .FSI, .PDI, .BN, .LRE, .RLE, .LRO, .RLO, .PDF: return true
        default: return false
        }
    }

    /// Rule L2: the indices of `levels` in visual order, left to right.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard var highest = levels.max() else { return order }
        var lowestOdd = UInt8.max
        for level in levels where level & 1 == 1 && level < lowestOdd { lowestOdd = level }
        if lowestOdd == UInt8.max { return order }
        // `order` and `levels` are permuted together, so each pass sees the levels in current visual order.
        var current = levels
        while highest >= lowestOdd {
            var start = 0
            while start < current.count {
                guard current[start] >= highest else {
                    start += 1
                    continue
                }
                var end = start
                while end < current.count && current[end] >= highest { end += 1 }
                order[start..<end].reverse()
                current[start..<end].reverse()
                start = end
            }
            highest -= 1
        }
        return order
    }
}
