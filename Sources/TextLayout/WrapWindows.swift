import ModalModel
@_spi(Kernel) import TextKernel

/// Wrapping a paragraph longer than a few windows a window at a time (see `wrapInWindows`).
extension WrapPieces {
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
    /// paragraph's, resolved before (in parts where it can be cut, `BidiParagraph.appendLevels`), and so are
    /// the isolates kept, which are matched within whole paragraphs. With `maxLines`, a window that holds the last allowed line lays
    /// itself out again with the limit, so that line ends in the ellipsis exactly as wrapping whole ends it.
    /// `shouldContinue` is asked before each window; when it says no, the lines stop there and the result is true.
    /// With `countsOnly` the levels are not looked at (they may be empty) and each line is handed over empty:
    /// levels order a line's segments and choose its alignment, neither of which moves a break.
    static func wrapInWindows(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [StyledSpan], options: WrapOptions, direction: WritingDirection,
        levels: [ParagraphLevels], matchedIsolates: [Int], windowUTF8Count: Int, countsOnly: Bool = false,
        shouldContinue: () -> Bool = { true }, eachLine: (LayoutLine) -> Void
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
            guard shouldContinue() else { return true }
            var end = max(fedEnd, min(bytes.count, start + size))
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            fedEnd = end
            let isLast = end == bytes.count
            let windowBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let utf16Count = UTF16Offsets.count(inUTF8: windowBytes)
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
            let bidi =
                countsOnly
                ? nil
                : WrapBidi(
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
                    layout.countsOnly = countsOnly
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
                layout.countsOnly = countsOnly
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
                    cutLayout.countsOnly = countsOnly
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

    /// The number of scalars, UTF-8 bytes and UTF-16 units of valid UTF-8 up to the point `utf16` units in,
    /// or `scalars` scalars in.
    static func position(
        in bytes: UnsafeBufferPointer<UInt8>, atUTF16 target: Int = .max, afterScalars limit: Int = .max
    )
        -> (scalars: Int, utf8: Int, utf16: Int)
    {
        var scalars = 0
        var utf8 = 0
        var utf16 = 0
        while utf8 < bytes.count && utf16 < target && scalars < limit {
            // Eight ASCII bytes are eight scalars and eight units: one step while all are before the point.
            if utf8 + 8 <= bytes.count && utf16 + 8 <= target && scalars + 8 <= limit,
                ByteLanes.isASCII(
                    UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + utf8).loadUnaligned(as: UInt64.self))
            {
                utf8 += 8
                utf16 += 8
                scalars += 8
                continue
            }
            let lead = bytes[utf8]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            utf8 += length
            utf16 += length == 4 ? 2 : 1
            scalars += 1
        }
        return (scalars, utf8, utf16)
    }
}
