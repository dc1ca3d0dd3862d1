import ModalModel
@_spi(Kernel) import TextKernel

/// Wrapping a long message a piece at a time: a piece is a run of whole paragraphs.
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
/// A paragraph can itself be the whole message. A piece longer than `WrappedText.Sizes.windowedPieceUTF8Count`
/// is therefore wrapped a window at a time, each window starting where a line of the last one starts
/// (`wrapInWindows`), with its bidi levels and matched isolates found for the whole piece beforehand
/// (`resolvedLevels`). `WrappedText` decides when to wrap in pieces, and how large they are.
enum WrapPieces {
    /// Wraps `text` piece by piece, pieces of at least `pieceUTF8Count` bytes, and the longer ones in windows
    /// of `sizes`; the lines equal those of wrapping it whole.
    ///
    /// It starts at `origin`, a checkpoint an earlier pass over the same text, options and piece size reported
    /// to `pieceStarted` (the first piece by default), and goes on while `shouldContinue` says so, asked
    /// before each piece (and each window of a long one): any run of lines can so be made again from the piece
    /// that holds its first line, and a layout nobody waits for any more stops within a window.
    ///
    /// With `countsOnly` (from the start of the text, to the end) the lines are only counted
    /// (`countLines`) and `eachLine` sees none. Returns how many lines the pieces wrapped hold.
    @discardableResult
    static func wrap(
        _ text: StyledText, options: WrapOptions, pieceUTF8Count: Int, sizes: WrappedText.Sizes,
        from origin: WrappedText.Checkpoint = WrappedText.Checkpoint(), countsOnly: Bool = false,
        pieceStarted: ((WrappedText.Checkpoint) -> Void)? = nil, shouldContinue: () -> Bool = { true },
        eachLine: (LayoutLine) -> Void
    ) -> Int {
        if let maxLines = options.maxLines, maxLines <= origin.lineIndex { return 0 }
        var pieceOptions = options.withDirectionResolved(for: text.text)
        let utf16Count = UTF16Offsets.count(in: text.text)
        let spans = WrapSpans(text.spans, utf16Count: max(1, utf16Count)).spans
        if countsOnly {
            return countLines(
                text, options: pieceOptions, spans: spans, pieceUTF8Count: pieceUTF8Count, sizes: sizes,
                pieceStarted: pieceStarted)
        }
        var spanCursor = 0
        var linesLeft = options.maxLines.map { $0 - origin.lineIndex }
        var message = text.text
        return message.withUTF8 { bytes in
            var start = origin.utf8Offset
            var startUTF16 = origin.utf16Offset
            var lineIndex = origin.lineIndex
            while start < bytes.count && shouldContinue() {
                pieceStarted?(WrappedText.Checkpoint(utf8Offset: start, utf16Offset: startUTF16, lineIndex: lineIndex))
                let end = pieceEnd(in: bytes, from: start, atLeast: max(1, pieceUTF8Count))
                let isLast = end == bytes.count
                let pieceBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let pieceUTF16Count = UTF16Offsets.count(inUTF8: pieceBytes)
                let pieceSpans = slice(spans, from: startUTF16, count: pieceUTF16Count, cursor: &spanCursor)
                pieceOptions.maxLines = linesLeft
                // The line made last is held back until it is known whether it is the piece's own.
                var held: LayoutLine?
                var emitted = 0
                let take = { (line: LayoutLine) in
                    // Taken out of `held`, the line is the only owner of its segments, which are then moved
                    // in place rather than copied.
                    if let previous = held.take() {
                        eachLine(rebased(previous, by: startUTF16))
                        emitted += 1
                    }
                    held = line
                }
                let wasCut: Bool
                if pieceBytes.count > sizes.windowedPieceUTF8Count {
                    wasCut = wrapWindowed(
                        pieceBytes, spans: pieceSpans, options: pieceOptions, sizes: sizes,
                        shouldContinue: shouldContinue, eachLine: take)
                } else {
                    let piece = StyledText(text: text.text.slice(utf8: start..<end), spans: pieceSpans)
                    wasCut = piece.wrapWhole(options: pieceOptions, eachLine: take)
                }
                if wasCut || isLast, let last = held.take() {
                    eachLine(rebased(last, by: startUTF16))
                    emitted += 1
                }
                lineIndex += emitted
                if wasCut { break }
                if let left = linesLeft { linesLeft = left - emitted }
                start = end
                startUTF16 += pieceUTF16Count
            }
            return lineIndex - origin.lineIndex
        }
    }

    /// Wraps a piece too long to wrap whole a window at a time, with its levels and isolates found for the
    /// whole piece first; returns whether `maxLines` cut it. With `countsOnly` each line is handed over empty,
    /// and no levels are resolved: a count needs none (see `wrapInWindows`), and resolving them was most of
    /// counting a long paragraph of mixed scripts.
    static func wrapWindowed(
        _ pieceBytes: UnsafeBufferPointer<UInt8>, spans: [StyledSpan], options: WrapOptions, sizes: WrappedText.Sizes,
        countsOnly: Bool = false, shouldContinue: () -> Bool = { true }, eachLine: (LayoutLine) -> Void
    ) -> Bool {
        let direction: WritingDirection = options.direction == .rightToLeft ? .rightToLeft : .leftToRight
        // Isolates are matched within whole paragraphs, which a window may not hold.
        let matchedIsolates =
            containsIsolate(pieceBytes) ? ControlCharacters.matchedIsolateOffsets(inUTF8: pieceBytes) : []
        if countsOnly {
            return wrapInWindows(
                pieceBytes, spans: spans, options: options, direction: direction, levels: [],
                matchedIsolates: matchedIsolates, windowUTF8Count: sizes.windowUTF8Count, countsOnly: true,
                shouldContinue: shouldContinue, eachLine: eachLine)
        }
        let minimumPartCount = max(1, sizes.windowUTF8Count / 4)
        // A few lines of a long paragraph (`maxLines`: a preview's first screenful, or whether the modal
        // scrolls) need only the levels of its start. They are resolved for a prefix, and the prefix wrapped
        // as if it were the whole piece; its lines are kept when the limit cut them in the first half of the
        // prefix, far from the prefix's own end, which changes only the lines around it. Else a prefix four
        // times longer is tried, up to the whole piece.
        var scalarLimit = options.maxLines == nil ? Int.max : max(1, sizes.windowUTF8Count)
        while true {
            let (levels, coveredScalarCount) = resolvedLevels(
                pieceBytes, matchedIsolates: matchedIsolates, direction: direction,
                minimumPartCount: minimumPartCount, scalarLimit: scalarLimit)
            if coveredScalarCount == .max {
                return wrapInWindows(
                    pieceBytes, spans: spans, options: options, direction: direction, levels: levels,
                    matchedIsolates: matchedIsolates, windowUTF8Count: sizes.windowUTF8Count,
                    shouldContinue: shouldContinue, eachLine: eachLine)
            }
            let covered = position(in: pieceBytes, afterScalars: coveredScalarCount)
            var lines: [LayoutLine] = []
            let wasCut = wrapInWindows(
                UnsafeBufferPointer(rebasing: pieceBytes[0..<covered.utf8]), spans: spans, options: options,
                direction: direction, levels: levels, matchedIsolates: matchedIsolates,
                windowUTF8Count: sizes.windowUTF8Count, shouldContinue: shouldContinue, eachLine: { lines.append($0) })
            var linesEndUTF16 = 0
            for line in lines {
                for segment in line.segments {
                    linesEndUTF16 = max(linesEndUTF16, segment.sourceUTF16Offset + segment.sourceUTF16Length)
                }
            }
            if wasCut && 2 * linesEndUTF16 <= covered.utf16 || !shouldContinue() {
                for line in lines { eachLine(line) }
                return true
            }
            scalarLimit = scalarLimit.multipliedReportingOverflow(by: 4).overflow ? .max : scalarLimit * 4
        }
    }

    /// The length in UTF-8 bytes of the longest piece `wrap` cuts `text` into with pieces of at least
    /// `pieceUTF8Count` bytes: how much one piece may cost to wrap again.
    static func longestPieceUTF8Count(of text: String, pieceUTF8Count: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var longest = 0
            var start = 0
            while start < bytes.count {
                let end = pieceEnd(in: bytes, from: start, atLeast: max(1, pieceUTF8Count))
                longest = max(longest, end - start)
                start = end
            }
            return longest
        }
    }

    /// The end of the piece that starts at byte `start`: just after the first paragraph separator at or after
    /// `start + atLeast` (both bytes of CR LF), or the end of the text. Separator bytes never occur inside
    /// another scalar's UTF-8, so the search may begin anywhere.
    static func pieceEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, atLeast: Int) -> Int {
        var index = start + atLeast
        // Eight bytes at a time while none is LF, CR or E2 (the lead of U+2029): a long paragraph is scanned
        // to its end for every piece a long text is cut into.
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
            if ByteLanes.lanes(of: word, equalTo: 0x0A) | ByteLanes.lanes(of: word, equalTo: 0x0D)
                | ByteLanes.lanes(of: word, equalTo: 0xE2) != 0
            {
                break
            }
            index += 8
        }
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

    /// The spans of the partition `spans` that overlap `start..<start + count`, clipped to it and moved to
    /// start at 0. Pieces come in order, so `cursor` (the first span that may still overlap) only moves on.
    static func slice(_ spans: [StyledSpan], from start: Int, count: Int, cursor: inout Int) -> [StyledSpan] {
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
    static func rebased(_ line: consuming LayoutLine, by utf16Offset: Int) -> LayoutLine {
        guard utf16Offset != 0 else { return line }
        for index in line.segments.indices { line.segments[index].sourceUTF16Offset += utf16Offset }
        return line
    }
}
