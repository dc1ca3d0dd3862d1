import ModalModel
@_spi(Kernel) import TextKernel

/// The greedy line filler behind `StyledText.wrap(options:)`.
///
/// It walks the grapheme clusters once, placing each on the current line while it fits. Whitespace that ends a
/// word is held back ("pending") until the next word is known to fit, so a soft break drops it for free. At each
/// break opportunity the line state is saved; when a cluster overflows, the line goes back to the last saved
/// opportunity, is finished there, and the clusters after it are laid out again on the next line. Only the last
/// word of each line is looked at twice, so the cost stays linear. With no saved opportunity the line is broken
/// before the overflowing cluster (a word longer than the line), and a cluster wider than an empty line becomes
/// `WrapMarks.tooWide`.
struct WrapLayout {
    /// The text being laid out, or the part of it being laid out when it comes in parts (`layOut(part:)`).
    private var source: WrapSource
    private var breaks: [BreakAction]
    /// Where `source` starts in the whole text, in UTF-16 units: every offset the layout keeps or gives is
    /// the whole text's.
    private var utf16Base = 0
    private let width: Int
    private let alignment: ModalTextAlignment
    /// The levels of right-to-left text, or nil when every level is 0.
    private var bidi: WrapBidi?
    /// Where `WrapBidi.needsOrdering` resumes its search for the paragraph of the next line.
    private var bidiCursor = 0
    private let maxLines: Int?
    private let ambiguousIsWide: Bool
    private var widths: WrapWidths
    private var spans: WrapSpans

    private var lines: [LayoutLine] = []
    /// How many lines have been finished.
    private(set) var lineCount = 0
    /// Only count the lines, making none: for a caller that needs how many there are, not what they hold
    /// (the first pass over a long message written out in order). Segments, their strings and the visual
    /// order are most of what finishing a line costs. A sink set beside it gets an empty line for each.
    var countsOnly = false
    /// Where finished lines go instead of `lines`, when set: a caller that keeps lines in its own form
    /// never holds them all as `LayoutLine` values.
    var lineSink: ((consuming LayoutLine) -> Void)? = nil
    /// Like `lineSink`, with how each line was decided: what a caller that wraps a long text a window at a time
    /// needs to know which lines the window's end could not have changed, and where to go on.
    var decidedLineSink: ((consuming LayoutLine, LineDecision) -> Void)? = nil
    /// How the line being finished was decided, set just before it is finished.
    private var decision = LineDecision(decidedAtUTF16: .max, resumeUTF16: .max, resumeAfterSoftBreak: false)
    /// The runs of the current line; the last one grows while clusters continue it.
    private var runs: [WrapRun] = []
    /// The span of the last placed cluster, cached because consecutive clusters almost always share it.
    private var spanIndex = 0
    private var spanStart = 0
    private var spanEnd = 0
    /// The width of every tab placed on the current line, in order.
    private var tabWidths: [Int] = []
    /// Cells used on the current line (before alignment).
    private var column = 0
    /// Where the current line's source starts, for an ellipsis on an empty line.
    private var lineStartUTF16 = 0
    /// Whitespace clusters after the last placed cluster, placed only when something visible follows them.
    private var pending = PendingSpaces(start: 0, end: 0, utf8Start: 0, utf16Start: 0)
    /// Set after a soft break: whitespace is dropped until the first visible cluster of the line.
    private var skipLeadingSpaces = false
    /// The line as it was at the last break opportunity.
    private var savepoint: Savepoint? = nil
    /// The mark that ends the line when `maxLines` cut the text.
    private var ellipsis: LineSegment? = nil
    /// Whether `maxLines` cut the text: the last line ends in the ellipsis and text was left out.
    private(set) var wasCut = false
    /// Whether stretches of like clusters are laid out a line at a time (`fillStretch`): `FastPath.wrapStretches`,
    /// also settable on one layout for the tests that hold that path to the cluster-by-cluster one.
    var takesStretches = FastPaths.isOn(.wrapStretches)
    /// Whether the rest of an ASCII word extends the run of its first letter at once (`FastPath.wrapASCIIWord`).
    private let takesASCIIWords = FastPaths.isOn(.wrapASCIIWord)
    /// Whether one pending ASCII space is placed as one cell without measuring (`FastPath.wrapOneSpace`).
    private let takesOneSpace = FastPaths.isOn(.wrapOneSpace)

    /// Prepares the layout of `text`; with `startsAfterSoftBreak`, the text continues a line that a soft break
    /// ended, so its leading whitespace is dropped.
    init(
        _ text: StyledText, source: WrapSource, breaks: [BreakAction], bidi: WrapBidi?, options: WrapOptions,
        startsAfterSoftBreak: Bool = false
    ) {
        self.init(
            text, options: options, isRightToLeft: bidi?.direction == .rightToLeft, utf16Count: source.utf16Count,
            scalarCountBound: source.scalars.count)
        skipLeadingSpaces = startsAfterSoftBreak
        (self.source, self.breaks, self.bidi) = (source, Self.checked(breaks, for: source), bidi)
    }

    /// Prepares the layout of `text`, `utf16Count` units long once sanitised, of at most `scalarCountBound`
    /// scalars, in the direction of `isRightToLeft`, to be given its source a part at a time (`layOut(part:)`).
    init(_ text: StyledText, options: WrapOptions, isRightToLeft: Bool, utf16Count: Int, scalarCountBound: Int) {
        source = WrapSource("")
        breaks = [.mandatory]
        width = options.width
        switch options.alignment ?? .start {
        case .start: alignment = isRightToLeft ? .right : .left
        case .end: alignment = isRightToLeft ? .left : .right
        case let other: alignment = other
        }
        maxLines = options.maxLines
        ambiguousIsWide = options.ambiguousIsWide
        widths = WrapWidths(ambiguousIsWide: options.ambiguousIsWide, scalarCount: scalarCountBound)
        spans = WrapSpans(text.spans, utf16Count: max(1, utf16Count))
    }

    /// The breaker promises one action per scalar plus one; anything else is padded or cut so that indexing
    /// never fails.
    private static func checked(_ breaks: [BreakAction], for source: WrapSource) -> [BreakAction] {
        let expected = source.scalars.count + 1
        if breaks.count == expected { return breaks }
        return Array(breaks.prefix(expected)) + repeatElement(.prohibited, count: max(0, expected - breaks.count))
    }

    /// Lays out the whole text.
    mutating func layout() -> [LayoutLine] {
        if source.scalars.isEmpty { return [] }
        if let maxLines, maxLines <= 0 { return [] }
        if fillSource() { finish() }
        return lines
    }

    /// Lays out the next part of the text: whole paragraphs, the part before them having ended in a paragraph
    /// separator, starting `utf16Base` units into the text. Returns false when `maxLines` ended the layout;
    /// `finish()` ends it after the last part.
    ///
    /// Paragraphs are independent in every rule wrapping applies (see `WrapPieces`), and after a separator
    /// the line being made is empty, so nothing of one part's source is needed for the next. A long text laid
    /// out so keeps its per-scalar arrays a part long, in the processor's cache, rather than the text's length.
    mutating func layOut(part source: WrapSource, breaks: [BreakAction], bidi: WrapBidi?, utf16Base: Int) -> Bool {
        if let maxLines, maxLines <= 0 { return false }
        (self.source, self.breaks, self.bidi) = (source, Self.checked(breaks, for: source), bidi)
        self.utf16Base = utf16Base
        bidiCursor = 0
        return fillSource()
    }

    /// Ends the last line, once the whole text is laid out.
    mutating func finish() {
        withBuffers { layout, buffers in
            layout.decision = LineDecision(decidedAtUTF16: .max, resumeUTF16: .max, resumeAfterSoftBreak: false)
            _ = layout.endLine(moreFollows: false, buffers)
            return true
        }
    }

    /// The lines laid out, when no sink took them.
    var laidOutLines: [LayoutLine] { lines }

    private mutating func fillSource() -> Bool {
        withBuffers { layout, buffers in layout.fill(buffers) }
    }

    /// Calls `body` with the source's arrays borrowed.
    @discardableResult
    private mutating func withBuffers(_ body: (inout WrapLayout, WrapBuffers) -> Bool) -> Bool {
        let scalars = source.scalars
        let clusterStarts = source.clusterStarts
        let utf8 = source.utf8
        let breaks = self.breaks
        return scalars.withUnsafeBufferPointer { scalars in
            clusterStarts.withUnsafeBufferPointer { clusterStarts in
                utf8.withUnsafeBufferPointer { utf8 in
                    breaks.withUnsafeBufferPointer { breaks in
                        body(
                            &self,
                            WrapBuffers(scalars: scalars, clusterStarts: clusterStarts, utf8: utf8, breaks: breaks))
                    }
                }
            }
        }
    }

    // MARK: - The walk

    /// Lays out the source; returns false when `maxLines` ended the layout.
    private mutating func fill(_ buffers: WrapBuffers) -> Bool {
        let scalars = buffers.scalars
        let clusterStarts = buffers.clusterStarts
        let count = scalars.count
        var index = 0
        var utf8Offset = 0
        var utf16Offset = utf16Base
        // Scalars `stretchStart..<stretchEnd` are clusters of one shape: printable ASCII, each a cluster of its
        // own, when `stretchIsWide` is false, and clusters of two cells and three bytes when it is true.
        var stretchStart = 0
        var stretchEnd = 0
        var stretchIsWide = false
        while index < count {
            if takesStretches {
                if index < stretchStart || index >= stretchEnd {
                    stretchStart = index
                    // A byte settles most clusters the walk takes, which start no stretch.
                    let lead = buffers.utf8[utf8Offset]
                    stretchIsWide = lead >= 0xE0 && lead < 0xF0
                    stretchEnd =
                        lead >= 0x20 && lead < 0x7F
                        ? Self.asciiStretchEnd(buffers, from: index, utf8Offset: utf8Offset)
                        : stretchIsWide && width >= 2 ? wideStretchEnd(buffers, from: index) : index
                }
                // Whitespace pending here came from outside the stretch (a space before a stretch would be in it),
                // so its width is not simply counted: the walk places it with the next cluster first.
                if stretchEnd - index > 1 && pending.isEmpty {
                    let next =
                        stretchIsWide
                        ? fillStretch(
                            of: WideStretch.self, buffers, index: index, utf8Offset: utf8Offset,
                            utf16Offset: utf16Offset, stretchEnd: stretchEnd)
                        : fillStretch(
                            of: PrintableASCIIStretch.self, buffers, index: index, utf8Offset: utf8Offset,
                            utf16Offset: utf16Offset, stretchEnd: stretchEnd)
                    guard let next else { return false }
                    (index, utf8Offset, utf16Offset) = next
                    continue
                }
            }
            let first = scalars[index]
            let firstValue = first.value
            var end = index + 1
            var utf8End = utf8Offset + Self.utf8Length(firstValue)
            var utf16End = utf16Offset + (firstValue < 0x1_0000 ? 1 : 2)
            while !clusterStarts[end] {
                let value = scalars[end].value
                utf8End += Self.utf8Length(value)
                utf16End += value < 0x1_0000 ? 1 : 2
                end += 1
            }

            if firstValue == 0x0A || firstValue == 0x0D || firstValue == 0x2028 || firstValue == 0x2029 {
                // A mandatory break: the cluster itself shows nothing.
                decision = LineDecision(decidedAtUTF16: utf16End, resumeUTF16: utf16End, resumeAfterSoftBreak: false)
                guard endLine(moreFollows: true, buffers) else { return false }
                index = end
                utf8Offset = utf8End
                utf16Offset = utf16End
                startLine(at: utf16Offset, afterSoftBreak: false)
                continue
            }

            // Any action but "prohibited" is an opportunity here: the breaker's mandatory breaks can only follow
            // the line-break clusters handled above once the text is sanitised.
            if buffers.breaks[index] != .prohibited && !(runs.isEmpty && pending.isEmpty) {
                savepoint = Savepoint(
                    runCount: runs.count, lastRunEnd: runs.isEmpty ? WrapRun.End() : runs[runs.count - 1].end,
                    tabCount: tabWidths.count, column: column, index: index, utf8Offset: utf8Offset,
                    utf16Offset: utf16Offset)
            }

            if end == index + 1 && LayoutScalars.isBreakableSpace(first) {
                if !skipLeadingSpaces {
                    if pending.isEmpty {
                        pending = PendingSpaces(start: index, end: end, utf8Start: utf8Offset, utf16Start: utf16Offset)
                    } else {
                        pending.end = end
                    }
                }
                index = end
                utf8Offset = utf8End
                utf16Offset = utf16End
                continue
            }

            let clusterWidth = widths.width(of: scalars, index, end)
            // One ASCII space between words is by far the most common pending whitespace.
            let isOneSpace = takesOneSpace && pending.end == pending.start + 1 && scalars[pending.start] == " "
            let spaceWidth = pending.isEmpty ? 0 : isOneSpace ? 1 : pendingWidth(scalars)
            if column + spaceWidth + clusterWidth <= width {
                if isOneSpace {
                    place(
                        .text, pending.start, pending.end, pending.utf8Start, pending.utf8Start + 1, pending.utf16Start,
                        pending.utf16Start + 1, cellWidth: 1)
                    pending.start = pending.end
                } else if !pending.isEmpty {
                    placePending(scalars)
                }
                place(.text, index, end, utf8Offset, utf8End, utf16Offset, utf16End, cellWidth: clusterWidth)
                skipLeadingSpaces = false
                index = end
                utf8Offset = utf8End
                utf16Offset = utf16End
                // The rest of an ASCII word: one-cell clusters of one scalar with no break opportunity, in the same
                // span, that still fit. They extend the run just placed, so the general path has nothing to decide.
                let wordStart = index
                // Each such cluster is one cell and one UTF-16 unit, so the line's room and the span's end bound
                // the word once, not once a letter.
                let wordLimit =
                    takesASCIIWords ? min(count, wordStart + max(0, min(width - column, spanEnd - utf16Offset))) : index
                let breaks = buffers.breaks
                while index < wordLimit {
                    let value = scalars[index].value
                    guard value > 0x20 && value < 0x7F && clusterStarts[index + 1] && breaks[index] == .prohibited
                    else { break }
                    index += 1
                }
                let extra = index - wordStart
                if extra > 0 {
                    utf8Offset += extra
                    utf16Offset += extra
                    column += extra
                    runs[runs.count - 1].end.scalar = index
                    runs[runs.count - 1].end.utf8 = utf8Offset
                    runs[runs.count - 1].end.utf16 = utf16Offset
                    runs[runs.count - 1].end.cellWidth += extra
                }
                continue
            }

            if let saved = savepoint {
                // Break at the last opportunity and lay out what followed it again.
                restore(saved)
                decision = LineDecision(
                    decidedAtUTF16: utf16End, resumeUTF16: saved.utf16Offset, resumeAfterSoftBreak: true)
                guard endLine(moreFollows: true, buffers) else { return false }
                index = saved.index
                utf8Offset = saved.utf8Offset
                utf16Offset = saved.utf16Offset
                startLine(at: utf16Offset, afterSoftBreak: true)
                continue
            }

            if !(runs.isEmpty && pending.isEmpty) {
                // No opportunity on this line: break inside the word, before this cluster.
                decision = LineDecision(decidedAtUTF16: utf16End, resumeUTF16: utf16Offset, resumeAfterSoftBreak: true)
                guard endLine(moreFollows: true, buffers) else { return false }
                startLine(at: utf16Offset, afterSoftBreak: true)
                continue
            }

            // Even an empty line is too narrow for this cluster.
            place(.tooWide, index, end, utf8Offset, utf8End, utf16Offset, utf16End, cellWidth: 1)
            skipLeadingSpaces = false
            index = end
            utf8Offset = utf8End
            utf16Offset = utf16End
        }
        return true
    }

    // MARK: - Stretches of like clusters

    /// Lays out scalars `index..<stretchEnd`, each a cluster of `Shape`'s, a line at a time rather than a
    /// cluster at a time, leaving every field as the cluster-by-cluster walk in `fill` would. Returns where the
    /// walk goes on: the stretch's end, or a saved opportunity from before `index` when the line breaks there;
    /// nil when `maxLines` ends the layout.
    ///
    /// Every cluster here is `Shape.cellWidth` cells and nothing is pending when a line's part in the stretch
    /// starts, so a visible cluster at `j` ends at column `column + (j - start + 1) * cellWidth` (spaces before
    /// it, one cell each, are placed with it): the first visible cluster at or after
    /// `start + (width - column) / cellWidth` is the one that does not fit, and the line breaks at the last
    /// opportunity up to it. Most of a line then costs a few compares, not a pass through the walk.
    private mutating func fillStretch<Shape: StretchShape>(
        of shape: Shape.Type, _ buffers: WrapBuffers, index: Int, utf8Offset: Int, utf16Offset: Int,
        stretchEnd: Int
    ) -> (index: Int, utf8Offset: Int, utf16Offset: Int)? {
        let utf8 = buffers.utf8
        let breaks = buffers.breaks
        // In the stretch a scalar is `Shape.utf8Length` bytes and one UTF-16 unit, so its offsets follow from its
        // index.
        let byteBase = utf8Offset - index &* Shape.utf8Length
        let unitShift = utf16Offset - index
        @inline(__always) func byte(_ position: Int) -> Int { byteBase + position &* Shape.utf8Length }
        @inline(__always) func isSpace(_ position: Int) -> Bool { Shape.holdsSpaces && utf8[byte(position)] == 0x20 }
        let stretchDone = (stretchEnd, byte(stretchEnd), stretchEnd + unitShift)
        var position = index
        while position < stretchEnd {
            if skipLeadingSpaces {
                while position < stretchEnd && isSpace(position) { position += 1 }
                if position == stretchEnd { return stretchDone }
            }
            let start = position
            /// One past the last visible (non-space) cluster before `end` from `start` on, or `start` when none is.
            func visibleEnd(_ end: Int) -> Int {
                var last = end
                while last > start && isSpace(last - 1) { last -= 1 }
                return last
            }
            // An opportunity counts only once the line holds something, placed or pending.
            let firstOpportunity = runs.isEmpty ? start + 1 : start
            var overflow = start + max(0, (width - column) / Shape.cellWidth)
            while overflow < stretchEnd && isSpace(overflow) { overflow += 1 }
            if overflow >= stretchEnd {
                // Everything visible fits: place it, keep the trailing spaces pending and the last opportunity.
                var opportunity = stretchEnd - 1
                while opportunity >= firstOpportunity && breaks[opportunity] == .prohibited { opportunity -= 1 }
                var placed = start
                if opportunity >= firstOpportunity {
                    placed = placeStretch(of: shape, from: placed, upTo: visibleEnd(opportunity), byteBase, unitShift)
                    savepoint = Savepoint(
                        runCount: runs.count, lastRunEnd: runs.isEmpty ? WrapRun.End() : runs[runs.count - 1].end,
                        tabCount: tabWidths.count, column: column, index: opportunity,
                        utf8Offset: byte(opportunity), utf16Offset: opportunity + unitShift)
                }
                placed = placeStretch(of: shape, from: placed, upTo: visibleEnd(stretchEnd), byteBase, unitShift)
                if placed < stretchEnd {
                    pending = PendingSpaces(
                        start: placed, end: stretchEnd, utf8Start: byte(placed), utf16Start: placed + unitShift)
                }
                return stretchDone
            }
            var opportunity = overflow
            while opportunity >= firstOpportunity && breaks[opportunity] == .prohibited { opportunity -= 1 }
            let resume: Int
            if opportunity >= firstOpportunity {
                resume = opportunity
            } else if let saved = savepoint {
                // The opportunity lies before this stretch: the walk lays out again from there.
                restore(saved)
                decision = LineDecision(
                    decidedAtUTF16: overflow + unitShift + 1, resumeUTF16: saved.utf16Offset, resumeAfterSoftBreak: true
                )
                guard endLine(moreFollows: true, buffers) else { return nil }
                startLine(at: saved.utf16Offset, afterSoftBreak: true)
                return (saved.index, saved.utf8Offset, saved.utf16Offset)
            } else {
                // No opportunity on the line: it breaks inside the word, before the cluster that does not fit.
                resume = overflow
            }
            _ = placeStretch(of: shape, from: start, upTo: visibleEnd(resume), byteBase, unitShift)
            decision = LineDecision(
                decidedAtUTF16: overflow + unitShift + 1, resumeUTF16: resume + unitShift, resumeAfterSoftBreak: true)
            guard endLine(moreFollows: true, buffers) else { return nil }
            startLine(at: resume + unitShift, afterSoftBreak: true)
            position = resume
        }
        return stretchDone
    }

    /// Places the clusters `from..<end` of a stretch, one run per span they cross, as placing them one by one
    /// would; returns where placing stopped (`end`, or `from` when `end` is not past it).
    private mutating func placeStretch<Shape: StretchShape>(
        of shape: Shape.Type, from: Int, upTo end: Int, _ byteBase: Int, _ unitShift: Int
    ) -> Int {
        guard end > from else { return from }
        var next = from
        skipLeadingSpaces = false
        while next < end {
            let unit = next + unitShift
            if unit < spanStart || unit >= spanEnd {
                spanIndex = spans.index(at: unit)
                spanStart = spans.spans[spanIndex].range.utf16Offset
                spanEnd = spans.spans[spanIndex].range.utf16End
            }
            // The last span takes offsets past its end too, so a span end at or before `unit` ends nothing.
            let pieceEnd = spanEnd > unit ? min(end, next + (spanEnd - unit)) : end
            place(
                .text, next, pieceEnd, byteBase + next &* Shape.utf8Length, byteBase + pieceEnd &* Shape.utf8Length,
                unit, pieceEnd + unitShift, cellWidth: (pieceEnd - next) &* Shape.cellWidth)
            next = pieceEnd
        }
        return end
    }

    /// The end of the stretch of scalars from `index` (at byte `utf8Offset`) that are each a cluster of two cells
    /// and one scalar of three bytes (CJK, kana, Hangul, full-width forms), none a space or a line break:
    /// `index` when there is none.
    private mutating func wideStretchEnd(_ buffers: WrapBuffers, from index: Int) -> Int {
        var end = index
        while end < buffers.scalars.count {
            let scalar = buffers.scalars[end]
            let value = scalar.value
            guard value >= 0x800 && value < 0x1_0000 && buffers.clusterStarts[end + 1],
                !LayoutScalars.isBreakableSpace(scalar) && !LayoutScalars.isLineBreak(scalar),
                widths.width(ofSingle: scalar) == 2
            else { break }
            end += 1
        }
        return end
    }

    /// The end of the stretch of scalars from `index` (at byte `utf8Offset`) that are printable ASCII, each a
    /// cluster of its own: `index` when there is none.
    private static func asciiStretchEnd(_ buffers: WrapBuffers, from index: Int, utf8Offset: Int) -> Int {
        let utf8 = buffers.utf8
        var offset = utf8Offset
        let byteCount = utf8.count
        while offset + 8 <= byteCount {
            let word = UnsafeRawPointer(utf8.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self)
            let count = ByteLanes.leadingPrintableCount(word)
            offset += count
            if count < 8 { return stretchEnd(index + (offset - utf8Offset)) }
        }
        while offset < byteCount && utf8[offset] >= 0x20 && utf8[offset] < 0x7F { offset += 1 }
        return stretchEnd(index + (offset - utf8Offset))

        /// A printable ASCII scalar followed by a mark or joiner is not a cluster of its own.
        func stretchEnd(_ end: Int) -> Int {
            end > index && !buffers.clusterStarts[end] ? end - 1 : end
        }
    }

    // MARK: - Placing clusters

    /// Appends one cluster to the line, extending the open run when style and source continue it.
    @inline(__always)
    private mutating func place(
        _ kind: WrapRun.Kind, _ start: Int, _ end: Int, _ utf8Start: Int, _ utf8End: Int, _ utf16Start: Int,
        _ utf16End: Int, cellWidth: Int, isTab: Bool = false
    ) {
        if utf16Start < spanStart || utf16Start >= spanEnd {
            spanIndex = spans.index(at: utf16Start)
            spanStart = spans.spans[spanIndex].range.utf16Offset
            spanEnd = spans.spans[spanIndex].range.utf16End
        }
        let styleGroup = spans.styleGroups[spanIndex]
        let last = runs.count - 1
        if kind == .text && last >= 0 && runs[last].kind == .text && runs[last].scalarEnd == start
            && (runs[last].styleGroup == styleGroup
                || mayShareStyle(runs[last].styleGroup, styleGroup)
                    && Self.sameStyle(spans.spans, runs[last].spanIndex, spanIndex))
        {
            runs[last].extend(
                to: WrapRun.End(
                    scalar: end, utf8: utf8End, utf16: utf16End, cellWidth: cellWidth, tabCount: isTab ? 1 : 0),
                firstTab: tabWidths.count - 1)
        } else {
            runs.append(
                WrapRun(
                    kind: kind, scalarStart: start, utf8Start: utf8Start, utf16Start: utf16Start, column: column,
                    spanIndex: spanIndex, styleGroup: styleGroup, firstTab: isTab ? tabWidths.count - 1 : 0,
                    end: WrapRun.End(
                        scalar: end, utf8: utf8End, utf16: utf16End, cellWidth: cellWidth, tabCount: isTab ? 1 : 0)))
        }
        column += cellWidth
    }

    /// Whether spans of two different style groups can have equal styles: not when the second group follows
    /// the first, since groups gather adjacent spans of equal style. That is the case nearly every time a line
    /// crosses from one span into the next, which so costs no comparison of styles.
    @inline(__always)
    private func mayShareStyle(_ first: Int, _ second: Int) -> Bool {
        !(second > first && spans.styleGroups[second - 1] == first)
    }

    /// Whether two spans have equal styles. Spans of different groups can: a span that lies inside one
    /// cluster never shows, so the spans on either side of it meet. Static, so that a call does not copy the
    /// layout it is asked from.
    @inline(never)
    private static func sameStyle(_ spans: [StyledSpan], _ first: Int, _ second: Int) -> Bool {
        spans[first].style == spans[second].style
    }

    /// Cells the pending whitespace takes if placed at the current column.
    private mutating func pendingWidth(_ scalars: UnsafeBufferPointer<Unicode.Scalar>) -> Int {
        var at = column
        for index in pending.start..<pending.end {
            let scalar = scalars[index]
            at += scalar == "\t" ? tabWidth(at: at) : widths.width(ofSingle: scalar)
        }
        return at - column
    }

    /// Places the pending whitespace (each one a single-scalar cluster).
    private mutating func placePending(_ scalars: UnsafeBufferPointer<Unicode.Scalar>) {
        var utf8Offset = pending.utf8Start
        var utf16Offset = pending.utf16Start
        for index in pending.start..<pending.end {
            let scalar = scalars[index]
            let utf8End = utf8Offset + Self.utf8Length(scalar.value)
            let utf16End = utf16Offset + (scalar.value < 0x1_0000 ? 1 : 2)
            if scalar == "\t" {
                let cells = tabWidth(at: column)
                tabWidths.append(cells)
                place(
                    .text, index, index + 1, utf8Offset, utf8End, utf16Offset, utf16End, cellWidth: cells, isTab: true)
            } else {
                place(
                    .text, index, index + 1, utf8Offset, utf8End, utf16Offset, utf16End,
                    cellWidth: widths.width(ofSingle: scalar))
            }
            utf8Offset = utf8End
            utf16Offset = utf16End
        }
        pending.start = pending.end
    }

    /// A tab reaches the next multiple of 8 columns, but never past the end of the line.
    @inline(__always)
    private func tabWidth(at column: Int) -> Int {
        max(0, min(8 - column % 8, width - column))
    }

    // MARK: - Lines

    private mutating func startLine(at utf16Offset: Int, afterSoftBreak: Bool) {
        runs.removeAll(keepingCapacity: true)
        // Most lines hold no tab and none has an ellipsis yet: emptying what is empty is not free.
        if !tabWidths.isEmpty { tabWidths.removeAll(keepingCapacity: true) }
        column = 0
        lineStartUTF16 = utf16Offset
        pending.start = pending.end
        skipLeadingSpaces = afterSoftBreak
        savepoint = nil
        if wasCut { ellipsis = nil }
    }

    private mutating func restore(_ saved: Savepoint) {
        runs.removeSubrange(saved.runCount...)
        if saved.runCount > 0 { runs[saved.runCount - 1].end = saved.lastRunEnd }
        tabWidths.removeSubrange(saved.tabCount...)
        column = saved.column
    }

    /// Finishes the current line; pending whitespace is dropped. Returns false when `maxLines` ends the layout.
    private mutating func endLine(moreFollows: Bool, _ buffers: WrapBuffers) -> Bool {
        if moreFollows, let maxLines, lineCount + 1 >= maxLines {
            wasCut = true
            appendEllipsis(buffers)
            emitLine(buffers)
            return false
        }
        emitLine(buffers)
        return true
    }

    private mutating func emitLine(_ buffers: WrapBuffers) {
        if countsOnly {
            lineCount += 1
            // A window wrapped only to count still needs how each line was decided, to know where to go on;
            // the line itself is the empty one, which allocates nothing.
            if let decidedLineSink {
                decidedLineSink(LayoutLine(segments: []), decision)
            } else if let lineSink {
                lineSink(LayoutLine(segments: []))
            }
            return
        }
        let offset: Int
        switch alignment {
        // `alignment` was resolved against the direction in `init`, so it is never `start` or `end` here.
        case .left, .start: offset = 0
        case .center: offset = (width - column) / 2
        case .right, .end: offset = width - column
        }
        if let bidi,
            bidi.direction == .rightToLeft
                || (!runs.isEmpty
                    && bidi.needsOrdering(runs[0].scalarStart, runs[runs.count - 1].scalarEnd, cursor: &bidiCursor))
        {
            emit(
                bidi.orderLine(
                    runs, ellipsis: ellipsis, offset: offset, source: source, tabWidths: tabWidths, spans: spans,
                    widths: &widths, buffers))
            return
        }
        var segments: [LineSegment] = []
        segments.reserveCapacity(runs.count + (wasCut ? 1 : 0))
        for run in runs {
            segments.append(
                LineSegment(
                    utf8: run.text(utf8: source.utf8, tabWidths: tabWidths), mayHoldControls: source.keepsIsolates,
                    styleOf: spans.spans, at: run.spanIndex,
                    column: run.column + offset, cellWidth: run.cellWidth, sourceUTF16Offset: run.utf16Start,
                    sourceUTF16Length: run.utf16End - run.utf16Start))
        }
        // Only the last line of a cut text has one; asking the optional for its copy costs every line.
        if wasCut, var mark = ellipsis {
            mark.column += offset
            mark.visualColumn = mark.column
            segments.append(mark)
        }
        emit(LayoutLine(segments: segments))
    }

    /// Hands a finished line to the sink when one streams the lines, or keeps it.
    private mutating func emit(_ line: consuming LayoutLine) {
        lineCount += 1
        if let decidedLineSink {
            decidedLineSink(line, decision)
        } else if let lineSink {
            lineSink(line)
        } else {
            lines.append(line)
        }
    }

    // MARK: - Ellipsis

    /// Cuts the line so that the ellipsis fits after it, then adds the ellipsis as a segment of its own.
    private mutating func appendEllipsis(_ buffers: WrapBuffers) {
        var mark = WrapMarks.ellipsis
        var markWidth = max(0, CellWidth.of(mark, ambiguousIsWide: ambiguousIsWide))
        if markWidth > width {
            mark = WrapMarks.narrowEllipsis
            markWidth = 1
        }
        truncate(toColumn: width - markWidth, buffers)
        let last = runs.last
        let cut = last?.utf16End ?? lineStartUTF16
        let spanIndex = last?.spanIndex ?? spans.index(at: cut)
        ellipsis = LineSegment(
            utf8: ArraySlice(mark.utf8), mayHoldControls: false, styleOf: spans.spans, at: spanIndex, column: column,
            cellWidth: markWidth, sourceUTF16Offset: cut, sourceUTF16Length: 0)
        column += markWidth
    }

    /// Drops clusters from the end of the line until it ends at or before `limit`, then drops trailing whitespace.
    private mutating func truncate(toColumn limit: Int, _ buffers: WrapBuffers) {
        while let last = runs.last, last.column + last.cellWidth > limit {
            runs.removeLast()
            if last.kind == .text, last.column < limit {
                if let kept = prefix(of: last, fittingIn: limit, buffers) { runs.append(kept) }
                break
            }
        }
        while let last = runs.last {
            runs.removeLast()
            if let kept = prefix(of: last, fittingIn: limit, buffers, trimmingSpaces: true) {
                runs.append(kept)
                break
            }
        }
        column = runs.last.map { $0.column + $0.cellWidth } ?? 0
    }

    /// The leading clusters of a run that end at or before `limit` (without trailing whitespace if asked),
    /// or nil when none is left.
    private mutating func prefix(
        of run: WrapRun, fittingIn limit: Int, _ buffers: WrapBuffers, trimmingSpaces: Bool = false
    ) -> WrapRun? {
        if run.kind == .tooWide { return run.column + run.cellWidth <= limit ? run : nil }
        var kept = run
        kept.scalarEnd = run.scalarStart
        kept.utf8End = run.utf8Start
        kept.utf16End = run.utf16Start
        kept.cellWidth = 0
        kept.tabCount = 0
        var index = run.scalarStart
        var utf8Offset = run.utf8Start
        var utf16Offset = run.utf16Start
        var at = run.column
        var tabs = 0
        while index < run.scalarEnd {
            var end = index + 1
            var utf8End = utf8Offset + Self.utf8Length(buffers.scalars[index].value)
            var utf16End = utf16Offset + (buffers.scalars[index].value < 0x1_0000 ? 1 : 2)
            while !buffers.clusterStarts[end] {
                utf8End += Self.utf8Length(buffers.scalars[end].value)
                utf16End += buffers.scalars[end].value < 0x1_0000 ? 1 : 2
                end += 1
            }
            let isTab = buffers.scalars[index] == "\t"
            let cells =
                isTab
                ? tabWidths[run.firstTab + tabs]
                : widths.width(of: buffers.scalars, index, end)
            if at + cells > limit { break }
            at += cells
            if isTab { tabs += 1 }
            let isSpace = end == index + 1 && LayoutScalars.isBreakableSpace(buffers.scalars[index])
            if !trimmingSpaces || !isSpace {
                kept.scalarEnd = end
                kept.utf8End = utf8End
                kept.utf16End = utf16End
                kept.cellWidth = at - run.column
                kept.tabCount = tabs
            }
            index = end
            utf8Offset = utf8End
            utf16Offset = utf16End
        }
        return kept.scalarEnd == kept.scalarStart ? nil : kept
    }

    // MARK: - Helpers

    @inline(__always)
    private static func utf8Length(_ value: UInt32) -> Int {
        value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x1_0000 ? 3 : 4
    }
}

/// How a finished line was decided: the end of the cluster whose arrival finished it (a line break, or the
/// cluster that did not fit), and where the next line starts. The last line, which the end of the text
/// finishes, has `decidedAtUTF16 == .max`. Offsets are UTF-16 units of the wrapped text.
struct LineDecision {
    var decidedAtUTF16: Int
    var resumeUTF16: Int
    var resumeAfterSoftBreak: Bool
}

/// The shape of the clusters of a stretch that `WrapLayout.fillStretch` lays out a line at a time: each one
/// scalar of `utf8Length` bytes and one UTF-16 unit, `cellWidth` cells wide. Only ASCII holds spaces.
private protocol StretchShape {
    static var cellWidth: Int { get }
    static var utf8Length: Int { get }
    static var holdsSpaces: Bool { get }
}

/// Printable ASCII, each byte a cluster of its own.
private enum PrintableASCIIStretch: StretchShape {
    static var cellWidth: Int { 1 }
    static var utf8Length: Int { 1 }
    static var holdsSpaces: Bool { true }
}

/// Two-cell clusters of one three-byte scalar: CJK, kana, Hangul, full-width forms.
private enum WideStretch: StretchShape {
    static var cellWidth: Int { 2 }
    static var utf8Length: Int { 3 }
    static var holdsSpaces: Bool { false }
}

/// The read-only arrays of the source, borrowed for the duration of a layout.
struct WrapBuffers {
    let scalars: UnsafeBufferPointer<Unicode.Scalar>
    let clusterStarts: UnsafeBufferPointer<Bool>
    let utf8: UnsafeBufferPointer<UInt8>
    let breaks: UnsafeBufferPointer<BreakAction>
}

/// Whitespace clusters waiting to be placed: scalars `start..<end`, each a cluster of its own.
private struct PendingSpaces {
    var start: Int
    var end: Int
    var utf8Start: Int
    var utf16Start: Int
    var isEmpty: Bool { start == end }
}

/// The current line as it was at a break opportunity, and where the text resumes after a break there.
///
/// Runs before the last one cannot change until the line ends, so the count and the last run's end are enough.
private struct Savepoint {
    var runCount: Int
    var lastRunEnd: WrapRun.End
    var tabCount: Int
    var column: Int
    var index: Int
    var utf8Offset: Int
    var utf16Offset: Int
}
