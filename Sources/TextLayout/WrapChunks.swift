import ModalModel

/// Wrapping a long message a run of whole paragraphs at a time.
///
/// The wrapper decodes its text into per-scalar arrays (scalars, cluster starts, break actions, levels), about
/// ten bytes a scalar; for an 8 MB message that is more than the message itself. Paragraphs are independent
/// in every rule wrapping applies, so the message can be cut after a paragraph separator (LF, CR, CR LF or
/// U+2029) and each piece wrapped alone:
/// - a separator is a mandatory line break (UAX #14 LB4–LB5) and a grapheme cluster boundary (GB4–GB5), and the
///   line-breaking rules treat the start of text like the position after a mandatory break;
/// - UAX #9 resolves each paragraph on its own, and isolates are matched within their paragraph;
/// - a line after a mandatory break starts at column 0 with its leading whitespace kept, as the start of text.
/// What does span paragraphs is settled once for the whole message: its base direction (rules P2–P3 over the
/// whole message) is resolved up front and forced on every piece, the style spans are cut to each piece, and
/// `maxLines` counts lines across pieces.
///
/// A piece that ends in a separator yields one more line than it owns, the empty line after the break; that
/// line belongs to the next piece, which makes it again, so it is dropped unless the piece is the last.
///
/// A paragraph can itself be the whole message. A piece longer than a window that needs no bidi levels (see
/// `wrapInWindows`) is therefore wrapped a window at a time, each window starting where a line of the last
/// one starts.
package enum WrapChunks {
    /// Messages longer than this many UTF-8 bytes are wrapped in pieces of at least this size.
    package static let defaultChunkUTF8Count = 64 * 1024
    /// Pieces longer than this many UTF-8 bytes are wrapped in windows of about this size, when they can be.
    package static let defaultWindowUTF8Count = 64 * 1024

    /// Wraps `text` piece by piece; the lines equal those of wrapping it whole.
    ///
    /// It starts at `origin`, a piece start an earlier pass over the same text, options and piece size reported
    /// to `pieceStarted` (the first piece by default), and goes on while `shouldContinue` says so, asked
    /// before each piece: any run of lines can so be made again from the piece that holds its first line.
    static func wrap(
        _ text: StyledText, options: WrapOptions, chunkUTF8Count: Int, windowUTF8Count: Int,
        from origin: WrapPieceStart = WrapPieceStart(), pieceStarted: ((WrapPieceStart) -> Void)? = nil,
        shouldContinue: () -> Bool = { true }, eachLine: (LayoutLine) -> Void
    ) {
        if let maxLines = options.maxLines, maxLines <= origin.lineIndex { return }
        var pieceOptions = options
        if options.direction == .auto {
            pieceOptions.direction =
                ParagraphDirection.auto.resolved(for: text.text) == .rightToLeft ? .rightToLeft : .leftToRight
        }
        let utf16Count = text.text.utf16.count
        let spans = WrapSpans(text.spans, utf16Count: max(1, utf16Count)).spans
        var spanCursor = 0
        var linesLeft = options.maxLines.map { $0 - origin.lineIndex }
        var message = text.text
        message.withUTF8 { bytes in
            var start = origin.utf8Offset
            var startUTF16 = origin.utf16Offset
            var lineIndex = origin.lineIndex
            while start < bytes.count && shouldContinue() {
                pieceStarted?(WrapPieceStart(utf8Offset: start, utf16Offset: startUTF16, lineIndex: lineIndex))
                let end = pieceEnd(in: bytes, from: start, atLeast: max(1, chunkUTF8Count))
                let isLast = end == bytes.count
                let pieceBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let pieceUTF16Count = utf16Length(of: pieceBytes)
                let pieceSpans = slice(spans, from: startUTF16, count: pieceUTF16Count, cursor: &spanCursor)
                pieceOptions.maxLines = linesLeft
                // The line made last is held back until it is known whether it is the piece's own.
                var held: LayoutLine?
                var emitted = 0
                let take = { (line: LayoutLine) in
                    if let previous = held {
                        eachLine(rebased(previous, by: startUTF16))
                        emitted += 1
                    }
                    held = line
                }
                let wasCut: Bool
                // Windows cost a little per window (a pass to resolve levels, the overlap wrapped twice); a piece
                // of a few windows is cheaper wrapped whole.
                if pieceBytes.count > 4 * windowUTF8Count {
                    let direction: WritingDirection =
                        pieceOptions.direction == .rightToLeft ? .rightToLeft : .leftToRight
                    // Isolates are matched within whole paragraphs, which a window may not hold.
                    let matchedIsolates =
                        containsIsolate(pieceBytes) ? ControlCharacters.matchedIsolateOffsets(inUTF8: pieceBytes) : []
                    let levels = resolvedLevels(
                        pieceBytes, matchedIsolates: matchedIsolates, direction: direction,
                        minimumPieceCount: max(1, windowUTF8Count / 4))
                    wasCut = wrapInWindows(
                        pieceBytes, spans: pieceSpans, options: pieceOptions, direction: direction, levels: levels,
                        matchedIsolates: matchedIsolates, windowUTF8Count: windowUTF8Count, eachLine: take)
                } else {
                    let piece = StyledText(text: String(decoding: pieceBytes, as: UTF8.self), spans: pieceSpans)
                    wasCut = piece.wrapWhole(options: pieceOptions, eachLine: take)
                }
                if let last = held, wasCut || isLast {
                    eachLine(rebased(last, by: startUTF16))
                    emitted += 1
                }
                if wasCut { return }
                if let left = linesLeft { linesLeft = left - emitted }
                lineIndex += emitted
                start = end
                startUTF16 += pieceUTF16Count
            }
        }
    }

    /// Wraps `bytes`, valid UTF-8, a window of about `windowUTF8Count` bytes at a time, with the base `direction`,
    /// the bidi `levels` of its paragraphs resolved beforehand (`resolvedLevels`) and the UTF-8 offsets of its
    /// matched isolates; the lines (with offsets into `bytes`) and the result, whether `maxLines` cut the text,
    /// are those of wrapping it whole.
    ///
    /// The window's end cannot change a line that was decided (by the arrival of a line break or of a cluster
    /// that did not fit, `LineDecision`) before the window's last cluster: cluster boundaries and break actions
    /// look only backwards, except one break action LB25 may still forbid (`LineBreakStream.provisionalIndex`),
    /// which bounds the trusted part too. Those lines are kept; the next window starts where the first line
    /// not kept starts, dropping its leading whitespace when a soft break began it, as wrapping whole does. The
    /// break actions run on from window to window, so they are the whole text's. Levels are the whole
    /// paragraph's, resolved before (in pieces where it can be cut, `BidiParagraph.appendLevels`), and so are
    /// the isolates kept, which are matched within whole paragraphs. With `maxLines`, a window that holds the last allowed line lays
    /// itself out again with the limit, so that line ends in the ellipsis exactly as wrapping whole ends it.
    static func wrapInWindows(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [StyledSpan], options: WrapOptions, direction: WritingDirection,
        levels: [ParagraphLevels], matchedIsolates: [Int], windowUTF8Count: Int, eachLine: (LayoutLine) -> Void
    ) -> Bool {
        var stream = LineBreakStream()
        // The actions of scalars from the window's start up to those fed so far, from the window before.
        var carried: [BreakAction] = []
        var start = 0
        var startUTF16 = 0
        var startScalar = 0
        var afterSoftBreak = false
        var spanCursor = 0
        var levelCursor = 0
        var linesLeft = options.maxLines
        var size = max(1, windowUTF8Count)
        // Where the scalars fed to `stream` end: a window never ends before it (an earlier window may have grown).
        var fedEnd = 0
        while true {
            var end = max(fedEnd, min(bytes.count, start + size))
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            fedEnd = end
            let isLast = end == bytes.count
            let windowBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let utf16Count = utf16Length(of: windowBytes)
            let text = StyledText(
                text: String(decoding: windowBytes, as: UTF8.self),
                spans: slice(spans, from: startUTF16, count: utf16Count, cursor: &spanCursor))
            let windowIsolates = offsets(matchedIsolates, in: start..<end)
            let source = WrapSource(text.text, matchedIsolateOffsets: windowIsolates)
            let scalarCount = source.scalars.count
            var breaks = [BreakAction](repeating: .prohibited, count: scalarCount + 1)
            breaks.withUnsafeMutableBufferPointer { actions in
                for (index, action) in carried.enumerated() { actions[index] = action }
                source.scalars.withUnsafeBufferPointer { scalars in
                    stream.feed(
                        UnsafeBufferPointer(rebasing: scalars[carried.count...]), base: startScalar, into: actions)
                }
            }
            breaks[0] = .prohibited
            breaks[scalarCount] = .mandatory
            let bidi = WrapBidi(
                direction: direction,
                levels: window(of: levels, scalars: startScalar..<startScalar + scalarCount, cursor: &levelCursor))
            let windowStartUTF16 = startUTF16
            var windowOptions = options
            if isLast {
                windowOptions.maxLines = linesLeft
                return withoutActuallyEscaping(eachLine) { eachLine in
                    var layout = WrapLayout(
                        text, source: source, breaks: breaks, bidi: bidi, options: windowOptions,
                        startsAfterSoftBreak: afterSoftBreak)
                    layout.lineSink = { eachLine(rebased($0, by: windowStartUTF16)) }
                    _ = layout.layout()
                    return layout.wasCut
                }
            }
            var trustedUTF16 = utf16Count - 1
            if let provisional = stream.provisionalIndex {
                trustedUTF16 = min(
                    trustedUTF16, position(in: windowBytes, afterScalars: max(0, provisional - startScalar)).utf16)
            }
            windowOptions.maxLines = nil
            var emitted = 0
            var resume: LineDecision?
            var stopped = false
            var limitReached = false
            withoutActuallyEscaping(eachLine) { eachLine in
                var layout = WrapLayout(
                    text, source: source, breaks: breaks, bidi: bidi, options: windowOptions,
                    startsAfterSoftBreak: afterSoftBreak)
                layout.decidedLineSink = { line, decision in
                    guard !stopped, decision.decidedAtUTF16 <= trustedUTF16 else {
                        stopped = true
                        return
                    }
                    if let left = linesLeft, emitted + 1 == left {
                        limitReached = true
                        stopped = true
                        return
                    }
                    eachLine(rebased(line, by: windowStartUTF16))
                    emitted += 1
                    resume = decision
                }
                _ = layout.layout()
            }
            if limitReached {
                // Laid out again with the limit: the same lines, the last of them cut and ending in the ellipsis.
                windowOptions.maxLines = linesLeft
                var index = 0
                let alreadyGiven = emitted
                return withoutActuallyEscaping(eachLine) { eachLine in
                    var cutLayout = WrapLayout(
                        text, source: source, breaks: breaks, bidi: bidi, options: windowOptions,
                        startsAfterSoftBreak: afterSoftBreak)
                    cutLayout.lineSink = { line in
                        if index >= alreadyGiven { eachLine(rebased(line, by: windowStartUTF16)) }
                        index += 1
                    }
                    _ = cutLayout.layout()
                    return cutLayout.wasCut
                }
            }
            guard let resume else {
                // Not one line was decided early enough: a longer window from the same start.
                carried = Array(breaks[0..<scalarCount])
                size *= 2
                continue
            }
            let next = position(in: windowBytes, atUTF16: resume.resumeUTF16)
            carried = Array(breaks[next.scalars..<scalarCount])
            start += next.utf8
            startUTF16 += resume.resumeUTF16
            startScalar += next.scalars
            afterSoftBreak = resume.resumeAfterSoftBreak
            if let left = linesLeft { linesLeft = left - emitted }
            size = max(1, windowUTF8Count)
        }
    }

    /// The levels of one paragraph of a piece: its first scalar's index in the piece, and one level a scalar.
    struct ParagraphLevels {
        var start: Int
        var levels: [UInt8]
    }

    /// Whether valid UTF-8 holds an isolate (U+2066–U+2069, all E2 81 A6–A9).
    private static func containsIsolate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
    /// raise a level; a paragraph runs up to LF, CR or U+2029. Each is resolved in pieces of at least
    /// `minimumPieceCount` scalars where it can be cut.
    private static func resolvedLevels(
        _ bytes: UnsafeBufferPointer<UInt8>, matchedIsolates: [Int], direction: WritingDirection,
        minimumPieceCount: Int
    ) -> [ParagraphLevels] {
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
                levels.reserveCapacity(scalarIndex - paragraphScalar)
                BidiParagraph.appendLevels(
                    of: SanitizedScalars(
                        bytes: UnsafeBufferPointer(rebasing: bytes[paragraphStart..<offset]),
                        matchedIsolates: offsets(matchedIsolates, in: paragraphStart..<offset)),
                    paragraphLevel: direction.paragraphLevel, minimumPieceCount: minimumPieceCount, to: &levels)
                result.append(ParagraphLevels(start: paragraphScalar, levels: levels))
            }
            guard offset < bytes.count else { break }
            // Past the separator.
            offset += ValidUTF8.scalar(in: bytes, at: offset).length
            scalarIndex += 1
        }
        return result
    }

    /// The sorted `offsets` that lie in `range`, counted from its start; a binary search finds the first.
    private static func offsets(_ offsets: [Int], in range: Range<Int>) -> [Int] {
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
    private static func window(of levels: [ParagraphLevels], scalars range: Range<Int>, cursor: inout Int)
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

    /// The number of scalars, UTF-8 bytes and UTF-16 units of valid UTF-8 up to the point `utf16` units in,
    /// or `scalars` scalars in.
    private static func position(
        in bytes: UnsafeBufferPointer<UInt8>, atUTF16 target: Int = .max, afterScalars limit: Int = .max
    )
        -> (scalars: Int, utf8: Int, utf16: Int)
    {
        var scalars = 0
        var utf8 = 0
        var utf16 = 0
        while utf8 < bytes.count && utf16 < target && scalars < limit {
            let lead = bytes[utf8]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            utf8 += length
            utf16 += length == 4 ? 2 : 1
            scalars += 1
        }
        return (scalars, utf8, utf16)
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
            let scalar = Unicode.Scalar(value).unsafelyUnwrapped
            guard let placeholder = ControlCharacters.placeholder(for: scalar) else { return scalar }
            while isolateCursor < matchedIsolates.count && matchedIsolates[isolateCursor] < offset {
                isolateCursor += 1
            }
            let isMatched = isolateCursor < matchedIsolates.count && matchedIsolates[isolateCursor] == offset
            return isMatched ? scalar : placeholder
        }
    }

    /// The length in UTF-8 bytes of the longest piece `wrap` cuts `text` into with pieces of at least
    /// `chunkUTF8Count` bytes: how much one piece may cost to wrap again.
    package static func longestPieceUTF8Count(of text: String, chunkUTF8Count: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var longest = 0
            var start = 0
            while start < bytes.count {
                let end = pieceEnd(in: bytes, from: start, atLeast: max(1, chunkUTF8Count))
                longest = max(longest, end - start)
                start = end
            }
            return longest
        }
    }

    /// The end of the piece that starts at byte `start`: just after the first paragraph separator at or after
    /// `start + atLeast` (both bytes of CR LF), or the end of the text. Separator bytes never occur inside
    /// another scalar's UTF-8, so the search may begin anywhere.
    private static func pieceEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, atLeast: Int) -> Int {
        var index = start + atLeast
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                return index + 1
            case 0x0D:
                return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9:
                return index + 3
            default:
                index += 1
            }
        }
        return bytes.count
    }

    /// The length in UTF-16 units of valid UTF-8: one unit a scalar, two for four-byte scalars.
    private static func utf16Length(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
        return count
    }

    /// The spans of the partition `spans` that overlap `start..<start + count`, clipped to it and moved to
    /// start at 0. Pieces come in order, so `cursor` (the first span that may still overlap) only moves on.
    private static func slice(_ spans: [StyledSpan], from start: Int, count: Int, cursor: inout Int) -> [StyledSpan] {
        let end = start + count
        while cursor < spans.count && spans[cursor].range.utf16End <= start { cursor += 1 }
        var result: [StyledSpan] = []
        var index = cursor
        while index < spans.count && spans[index].range.utf16Offset < end {
            let span = spans[index]
            let clippedStart = max(span.range.utf16Offset, start)
            let clippedEnd = min(span.range.utf16End, end)
            result.append(
                StyledSpan(
                    range: UTF16Range(utf16Offset: clippedStart - start, utf16Length: clippedEnd - clippedStart),
                    style: span.style))
            index += 1
        }
        return result
    }

    /// `line` with its segments' source offsets moved from the piece's to the message's.
    private static func rebased(_ line: LayoutLine, by utf16Offset: Int) -> LayoutLine {
        guard utf16Offset != 0 else { return line }
        var line = line
        for index in line.segments.indices { line.segments[index].sourceUTF16Offset += utf16Offset }
        return line
    }
}

/// Where a piece of a long text starts: its first byte and UTF-16 unit, and how many lines come before it.
package struct WrapPieceStart: Sendable, Equatable {
    package var utf8Offset = 0
    package var utf16Offset = 0
    package var lineIndex = 0

    /// The start of the text.
    package init() {}

    init(utf8Offset: Int, utf16Offset: Int, lineIndex: Int) {
        self.utf8Offset = utf8Offset
        self.utf16Offset = utf16Offset
        self.lineIndex = lineIndex
    }
}
