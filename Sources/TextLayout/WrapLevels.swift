import ModalModel
@_spi(Kernel) import TextKernel

/// The bidi levels and matched isolates of a piece, found once before its windows are wrapped.
extension WrapPieces {
    /// The levels of one paragraph of a piece: its first scalar's index in the piece, and one level a scalar.
    struct ParagraphLevels {
        var start: Int
        var levels: [UInt8]
    }

    /// Whether valid UTF-8 holds an isolate (U+2066–U+2069, all E2 81 A6–A9).
    static func containsIsolate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset + 2 < bytes.count {
            if bytes[offset] == 0xE2 && bytes[offset + 1] == 0x81 && (0xA6...0xA9).contains(bytes[offset + 2]) {
                return true
            }
            offset += 1
        }
        return false
    }

    /// The levels of the paragraphs of `bytes` (valid UTF-8 whose matched isolates start at the UTF-8 offsets
    /// `matchedIsolates`) that `WrapBidi` would resolve, as it resolves them: the sanitised scalars of every
    /// paragraph of a right-to-left text, and of the paragraphs of a left-to-right one that hold a scalar able to
    /// raise a level; a paragraph runs up to LF, CR or U+2029. Each is resolved in parts of at least
    /// `minimumPartCount` scalars where it can be cut.
    ///
    /// With `scalarLimit`, it stops at the first paragraph end or cut after that many scalars: the levels then
    /// hold for the scalars before `coveredScalarCount` only (all of them without a limit, or when none was hit).
    static func resolvedLevels(
        _ bytes: UnsafeBufferPointer<UInt8>, matchedIsolates: [Int], direction: WritingDirection,
        minimumPartCount: Int, scalarLimit: Int = .max
    ) -> (levels: [ParagraphLevels], coveredScalarCount: Int) {
        let table = BidiPropertyTable.shared
        var result: [ParagraphLevels] = []
        var offset = 0
        var scalarIndex = 0
        while offset <= bytes.count {
            // One paragraph: find its end and whether it needs levels.
            let paragraphStart = offset
            let paragraphScalar = scalarIndex
            var needsLevels = direction == .rightToLeft
            while offset < bytes.count {
                // Past the limit with nothing that raises a level, every level so far is 0, as without levels.
                if !needsLevels && scalarIndex >= scalarLimit { return (result, scalarIndex) }
                let lead = bytes[offset]
                if lead < 0xD6 && lead != 0x0A && lead != 0x0D {
                    // Below U+0590 and not a separator: neither ends the paragraph nor can raise a level.
                    offset += lead < 0x80 ? 1 : 2
                    scalarIndex += 1
                    continue
                }
                let (value, length) = ValidUTF8.scalar(in: bytes, at: offset)
                if value == 0x0A || value == 0x0D || value == 0x2029 { break }
                if !needsLevels && value >= 0x590 && table.canRaiseLevel(value) {
                    let isPlaceholder =
                        ControlCharacters.placeholder(for: Unicode.Scalar(value).unsafelyUnwrapped) != nil
                    needsLevels = !isPlaceholder || !offsets(matchedIsolates, in: offset..<offset + 1).isEmpty
                }
                offset += length
                scalarIndex += 1
            }
            if needsLevels {
                var levels: [UInt8] = []
                let remaining = scalarLimit == .max ? Int.max : max(1, scalarLimit - paragraphScalar)
                levels.reserveCapacity(min(scalarIndex - paragraphScalar, remaining))
                let isWhole = BidiParagraph.appendLevels(
                    of: SanitizedScalars(
                        bytes: UnsafeBufferPointer(rebasing: bytes[paragraphStart..<offset]),
                        matchedIsolates: offsets(matchedIsolates, in: paragraphStart..<offset)),
                    paragraphLevel: direction.paragraphLevel, minimumPartCount: minimumPartCount,
                    stoppingAfter: remaining, to: &levels)
                result.append(ParagraphLevels(start: paragraphScalar, levels: levels))
                if !isWhole { return (result, paragraphScalar + levels.count) }
            }
            guard offset < bytes.count else { break }
            if scalarIndex >= scalarLimit { return (result, scalarIndex) }
            // Past the separator.
            offset += ValidUTF8.scalar(in: bytes, at: offset).length
            scalarIndex += 1
        }
        return (result, .max)
    }

    /// The sorted `offsets` that lie in `range`, counted from its start; a binary search finds the first.
    static func offsets(_ offsets: [Int], in range: Range<Int>) -> [Int] {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var result: [Int] = []
        while low < offsets.count && offsets[low] < range.upperBound {
            result.append(offsets[low] - range.lowerBound)
            low += 1
        }
        return result
    }

    /// The parts of `levels` over the piece's scalars `range`, with starts counted from `range.lowerBound`.
    /// Windows come in order, so `cursor` (the first paragraph that may still overlap) only moves on.
    static func window(of levels: [ParagraphLevels], scalars range: Range<Int>, cursor: inout Int)
        -> [ParagraphLevels]
    {
        while cursor < levels.count && levels[cursor].start + levels[cursor].levels.count <= range.lowerBound {
            cursor += 1
        }
        var result: [ParagraphLevels] = []
        var index = cursor
        while index < levels.count && levels[index].start < range.upperBound {
            let paragraph = levels[index]
            let lower = max(paragraph.start, range.lowerBound)
            let upper = min(paragraph.start + paragraph.levels.count, range.upperBound)
            if lower < upper {
                result.append(
                    ParagraphLevels(
                        start: lower - range.lowerBound,
                        levels: Array(paragraph.levels[(lower - paragraph.start)..<(upper - paragraph.start)])))
            }
            index += 1
        }
        return result
    }

    /// The scalars of valid UTF-8 as layout sees them: every control the untrusted-text policy neutralises is its
    /// placeholder, except the isolates at the sorted UTF-8 offsets `matchedIsolates`, which it keeps.
    private struct SanitizedScalars: Sequence, IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        let matchedIsolates: [Int]
        var offset = 0
        var isolateCursor = 0

        init(bytes: UnsafeBufferPointer<UInt8>, matchedIsolates: [Int]) {
            self.bytes = bytes
            self.matchedIsolates = matchedIsolates
        }

        mutating func next() -> Unicode.Scalar? {
            guard offset < bytes.count else { return nil }
            let (value, length) = ValidUTF8.scalar(in: bytes, at: offset)
            defer { offset += length }
            // Printable ASCII and everything from U+00A0 below the bidi controls is shown as it is.
            if value >= 0x20 && value < 0x7F || value >= 0xA0 && value < 0x202A {
                return Unicode.Scalar(value).unsafelyUnwrapped
            }
            return ControlCharacters.shown(
                Unicode.Scalar(value).unsafelyUnwrapped, atUTF8Offset: offset, matchedIsolates: matchedIsolates,
                cursor: &isolateCursor)
        }
    }
}
