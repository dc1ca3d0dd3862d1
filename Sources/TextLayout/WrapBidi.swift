/// The bidi side of wrapping: the embedding levels of a message's scalars, resolved before lines are broken, and
/// the visual order of each finished line (UAX #9 rules L1–L2).
struct WrapBidi {
    /// The message's base direction.
    let direction: WritingDirection
    /// The paragraphs whose levels were resolved, in order; every scalar outside them has level 0.
    private let paragraphs: [ResolvedParagraph]

    /// The levels of one paragraph, starting at scalar `start` of the source.
    private struct ResolvedParagraph {
        var start: Int
        var levels: [UInt8]
    }

    /// Levels resolved beforehand, for one window of a long text: `levels` are the window's parts of the
    /// paragraphs that have levels, with starts counted from the window's first scalar. Nil when the text is
    /// left to right and no paragraph has levels, as `init(source:direction:)` gives.
    init?(direction: WritingDirection, levels: [WrapPieces.ParagraphLevels]) {
        if direction == .leftToRight && levels.isEmpty { return nil }
        self.direction = direction
        paragraphs = levels.map { ResolvedParagraph(start: $0.start, levels: $0.levels) }
    }

    /// Resolves the levels of `source`, or returns nil when every level is 0: a left-to-right message with no
    /// right-to-left character, Arabic number or explicit bidi control (UAX #9 then gives level 0 to everything,
    /// because every European number and neutral follows a left-to-right strong character or the paragraph start).
    init?(source: WrapSource, direction requested: ParagraphDirection) {
        if requested != .rightToLeft && source.bidiParagraphStarts.isEmpty { return nil }
        let scalars = source.scalars
        let direction =
            requested == .auto
            ? Self.firstStrongDirection(scalars, BidiPropertyTable.shared) : requested.resolvedWithoutText
        let paragraphLevel = direction.paragraphLevel
        // A right-to-left message resolves every paragraph; a left-to-right one only those holding a scalar that
        // can raise a level, and the others keep level 0.
        var starts = source.bidiParagraphStarts
        if paragraphLevel == 1 {
            starts = [0]
            for index in scalars.indices where Self.isParagraphSeparator(scalars[index]) { starts.append(index + 1) }
        }
        var paragraphs: [ResolvedParagraph] = []
        paragraphs.reserveCapacity(starts.count)
        for start in starts {
            var end = start
            while end < scalars.count && !Self.isParagraphSeparator(scalars[end]) { end += 1 }
            let resolved = BidiParagraph(scalars: scalars[start..<end], paragraphLevel: paragraphLevel)
            paragraphs.append(ResolvedParagraph(start: start, levels: resolved.levels))
        }
        self.direction = direction
        self.paragraphs = paragraphs
    }

    /// The resolved paragraph holding scalar `index`, if any.
    private func paragraph(holding index: Int) -> ResolvedParagraph? {
        var low = 0
        var high = paragraphs.count
        while low < high {
            let middle = (low + high) / 2
            if paragraphs[middle].start <= index { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let found = paragraphs[low - 1]
        return index < found.start + found.levels.count ? found : nil
    }

    /// Whether the line made of scalars `start..<end` (never more than one paragraph) needs reordering: the
    /// message is right to left, or some level on the line differs from 0. Lines come in order, so `cursor` (the
    /// first resolved paragraph that may still hold a line) only moves forward.
    func needsOrdering(_ start: Int, _ end: Int, cursor: inout Int) -> Bool {
        if direction == .rightToLeft { return true }
        while cursor < paragraphs.count && paragraphs[cursor].start + paragraphs[cursor].levels.count < start {
            cursor += 1
        }
        guard cursor < paragraphs.count, paragraphs[cursor].start <= start else { return false }
        return paragraphs[cursor].levels.withUnsafeBufferPointer { levels in
            var index = start - paragraphs[cursor].start
            let last = end - paragraphs[cursor].start
            while index < last {
                if levels[index] != 0 { return true }
                index += 1
            }
            return false
        }
    }

    /// Bidi_Class B among the scalars that sanitising keeps: LF, CR and PARAGRAPH SEPARATOR.
    @inline(__always)
    private static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x0A || scalar.value == 0x0D || scalar.value == 0x2029
    }

    /// P2–P3 over the whole message: the first strong character outside isolates decides.
    private static func firstStrongDirection(_ scalars: [Unicode.Scalar], _ table: BidiPropertyTable)
        -> WritingDirection
    {
        let level = FirstStrongCharacter.level(
            of: scalars.lazy.map { table.properties(scalarValue: $0.value).bidiClass })
        return level == 1 ? .rightToLeft : .leftToRight
    }

    /// Builds a finished line: runs split where the level changes, segments in logical order with their levels,
    /// the visual order (L2) and each segment's visual column.
    func orderLine(
        _ runs: [WrapRun], ellipsis: LineSegment?, offset: Int, source: WrapSource, tabWidths: [Int],
        spans: WrapSpans, widths: inout WrapWidths, _ buffers: WrapBuffers
    ) -> LayoutLine {
        let paragraphLevel = direction.paragraphLevel
        var levelRuns: [(run: WrapRun, level: UInt8)] = []
        if let first = runs.first, let last = runs.last {
            let lineStart = first.scalarStart
            let table = BidiPropertyTable.shared
            let levels = paragraph(holding: lineStart)
            var lineLevels =
                levels.map { Array($0.levels[(lineStart - $0.start)..<(last.scalarEnd - $0.start)]) }
                ?? [UInt8](repeating: 0, count: last.scalarEnd - lineStart)
            if tabWidths.isEmpty {
                // Sanitised, a line holds no separator but a tab (S), so without one L1 reaches back only from
                // the line's end, over what it resets: looking up the class of every scalar was most of the rule.
                var index = last.scalarEnd - 1
                while index >= lineStart
                    && BidiLineOrder.isResetBeforeSeparator(table.bidiClass(buffers.scalars[index]))
                {
                    lineLevels[index - lineStart] = paragraphLevel
                    index -= 1
                }
            } else {
                let classes = buffers.scalars[lineStart..<last.scalarEnd].map { table.bidiClass($0) }
                BidiLineOrder.resetWhitespace(&lineLevels, classes: classes, paragraphLevel: paragraphLevel)
            }
            for run in runs {
                Self.split(
                    run, lineLevels: lineLevels, lineStart: lineStart, tabWidths: tabWidths, widths: &widths,
                    buffers, into: &levelRuns)
            }
        }
        var segments: [LineSegment] = []
        segments.reserveCapacity(levelRuns.count + 1)
        for (run, level) in levelRuns {
            segments.append(
                LineSegment(
                    utf8: run.text(utf8: source.utf8, tabWidths: tabWidths), mayHoldControls: source.keepsIsolates,
                    styleOf: spans.spans, at: run.spanIndex,
                    column: run.column + offset, cellWidth: run.cellWidth, sourceUTF16Offset: run.utf16Start,
                    sourceUTF16Length: run.utf16End - run.utf16Start, bidiLevel: level))
        }
        if var mark = ellipsis {
            mark.column += offset
            mark.bidiLevel = paragraphLevel
            segments.append(mark)
        }
        let order = BidiLineOrder.visualOrder(segments.map(\.bidiLevel))
        var column = offset
        for index in order {
            segments[index].visualColumn = column
            column += segments[index].cellWidth
        }
        return LayoutLine(segments: segments, direction: direction, visualOrder: order)
    }

    /// Cuts `run` where the level of its clusters (the level of each cluster's first scalar) changes.
    private static func split(
        _ run: WrapRun, lineLevels: [UInt8], lineStart: Int, tabWidths: [Int], widths: inout WrapWidths,
        _ buffers: WrapBuffers, into levelRuns: inout [(run: WrapRun, level: UInt8)]
    ) {
        let firstLevel = lineLevels[run.scalarStart - lineStart]
        if run.kind == .tooWide
            || !lineLevels[(run.scalarStart - lineStart)..<(run.scalarEnd - lineStart)].contains(where: {
                $0 != firstLevel
            })
        {
            levelRuns.append((run, firstLevel))
            return
        }
        var levelRun = run
        levelRun.end = WrapRun.End(scalar: run.scalarStart, utf8: run.utf8Start, utf16: run.utf16Start)
        var runLevel = firstLevel
        var index = run.scalarStart
        var utf8Offset = run.utf8Start
        var utf16Offset = run.utf16Start
        var column = run.column
        var tabs = 0
        let scalars = buffers.scalars
        while index < run.scalarEnd {
            var end = index + 1
            var utf8End = utf8Offset + UTF8.width(scalars[index])
            var utf16End = utf16Offset + UTF16.width(scalars[index])
            while !buffers.clusterStarts[end] {
                utf8End += UTF8.width(scalars[end])
                utf16End += UTF16.width(scalars[end])
                end += 1
            }
            let isTab = scalars[index] == "\t"
            let cells =
                isTab
                ? tabWidths[run.firstTab + tabs]
                : widths.width(of: scalars, index, end)
            let level = lineLevels[index - lineStart]
            if level != runLevel {
                levelRuns.append((levelRun, runLevel))
                levelRun.scalarStart = index
                levelRun.utf8Start = utf8Offset
                levelRun.utf16Start = utf16Offset
                levelRun.column = column
                levelRun.firstTab = run.firstTab + tabs
                levelRun.end = WrapRun.End(scalar: index, utf8: utf8Offset, utf16: utf16Offset)
                runLevel = level
            }
            levelRun.end.scalar = end
            levelRun.end.utf8 = utf8End
            levelRun.end.utf16 = utf16End
            levelRun.end.cellWidth += cells
            if isTab {
                levelRun.end.tabCount += 1
                tabs += 1
            }
            column += cells
            index = end
            utf8Offset = utf8End
            utf16Offset = utf16End
        }
        levelRuns.append((levelRun, runLevel))
    }
}

extension ParagraphDirection {
    /// The forced direction (left to right for `auto`, which needs the text).
    fileprivate var resolvedWithoutText: WritingDirection { self == .rightToLeft ? .rightToLeft : .leftToRight }
}
