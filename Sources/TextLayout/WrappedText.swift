/// A text wrapped into lines, read a range of lines at a time: the one place that decides how a text of any
/// length is wrapped and how its lines are kept.
///
/// A short text is wrapped whole and keeps its lines. A long one cannot keep them cheaply (at a narrow width
/// it has millions), so it is wrapped a piece at a time, a piece being a run of whole paragraphs (see
/// `WrapPieces`), and a paragraph longer than a few windows a window at a time; then either
/// - it keeps no line, only a checkpoint where each piece starts, and `lines(in:)` wraps again from the
///   checkpoint before the first line asked for, or
/// - when some piece is too long to wrap again for a few rows, it keeps its lines compactly (`PackedLines`).
/// Whatever the strategy, the lines are exactly those of `StyledText.wrap(options:)`.
package struct WrappedText: Sendable, Equatable {
    /// How the lines will be read, which decides what is worth keeping.
    package enum Reading: Sendable, Equatable {
        /// A few lines at a time, anywhere, again and again (a preview's frames): a long text keeps small
        /// pieces' checkpoints, or its lines when a piece is long.
        case anywhere
        /// From the first line to the last, a pass at a time (writing the text out): a long text keeps no line,
        /// and each pass wraps it again in large pieces.
        case inOrder
    }

    /// The sizes, in UTF-8 bytes, at which the strategy changes.
    package struct Sizes: Sendable, Equatable {
        /// Texts up to this long are wrapped whole and keep their lines as they are; so does a longer text read
        /// anywhere whose longest piece is longer than this, compactly.
        package var wholeUTF8Count = 64 * 1024
        /// The least piece of a long text read in order, and of one whose lines are kept.
        package var inOrderPieceUTF8Count = 64 * 1024
        /// The least piece of a long text read anywhere: drawing a few rows wraps one of these again, a
        /// fraction of a millisecond.
        package var anywherePieceUTF8Count = 4 * 1024
        /// About how much of a long paragraph is wrapped at a time.
        package var windowUTF8Count = 64 * 1024
        /// Texts at least this long, read in order, have their pieces counted on all cores, and their lines
        /// made again on a second thread while the caller draws them (`LineHandoff`): below it, starting
        /// threads costs more than it saves.
        package var parallelCountUTF8Count = 512 * 1024

        /// Pieces longer than this are wrapped in windows. Windows cost a little each (a pass to resolve
        /// levels, the overlap wrapped twice), so a piece of a few windows is cheaper wrapped whole.
        var windowedPieceUTF8Count: Int { 4 * windowUTF8Count }

        /// The sizes every layout uses.
        package init() {}

        /// Other sizes, so that tests and the fuzzer make short texts take the long texts' paths.
        package init(
            wholeUTF8Count: Int, inOrderPieceUTF8Count: Int, anywherePieceUTF8Count: Int, windowUTF8Count: Int,
            parallelCountUTF8Count: Int = 512 * 1024
        ) {
            self.wholeUTF8Count = wholeUTF8Count
            self.inOrderPieceUTF8Count = inOrderPieceUTF8Count
            self.anywherePieceUTF8Count = anywherePieceUTF8Count
            self.windowUTF8Count = windowUTF8Count
            self.parallelCountUTF8Count = parallelCountUTF8Count
        }
    }

    /// Where a piece of a long text starts: its first byte and UTF-16 unit, and how many lines come before it.
    package struct Checkpoint: Sendable, Equatable {
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

    /// How the lines are held.
    private enum Storage: Sendable, Equatable {
        /// Every line, as wrapping whole made them.
        case whole([LayoutLine])
        /// Every line, stored compactly.
        case packed(PackedLines)
        /// No line: each read wraps the text again from a checkpoint, pieces of at least `pieceUTF8Count` bytes.
        case rewrapped(StyledText, WrapOptions, pieceUTF8Count: Int, sizes: Sizes, checkpoints: [Checkpoint])
    }

    private let storage: Storage
    /// How many lines the text wraps to.
    package let lineCount: Int
    /// The direction of the first line, or nil when there is none.
    package let firstLineDirection: WritingDirection?

    /// Wraps `text` with `options`, calling `lineMade` with each line and its index as it is made, once, so
    /// a caller can gather what it needs from the lines (links, widths) without reading them again.
    ///
    /// Without `lineMade`, a long text read in order keeps no line and is read again anyway, so its first
    /// pass only counts the lines, which costs about half of making them.
    ///
    /// Unless it only counts, a long text asks `shouldContinue` between pieces and windows, and stops early when it says no: the
    /// lines are then incomplete, and a caller that cancels (a preview whose terminal was resized again) drops them.
    package init(
        _ text: StyledText, options: WrapOptions, reading: Reading = .anywhere, sizes: Sizes = Sizes(),
        lineMade: ((_ index: Int, LayoutLine) -> Void)? = nil, shouldContinue: () -> Bool = { true }
    ) {
        let utf8Count = text.text.utf8.count
        if utf8Count <= sizes.wholeUTF8Count {
            let lines = text.wrap(options: options)
            if let lineMade { for (index, line) in lines.enumerated() { lineMade(index, line) } }
            self.init(storage: .whole(lines), lineCount: lines.count, firstLineDirection: lines.first?.direction)
            return
        }
        let pieceUTF8Count: Int
        switch reading {
        case .inOrder:
            pieceUTF8Count = sizes.inOrderPieceUTF8Count
        case .anywhere:
            pieceUTF8Count = sizes.anywherePieceUTF8Count
            if WrapPieces.longestPieceUTF8Count(of: text.text, pieceUTF8Count: pieceUTF8Count) > sizes.wholeUTF8Count {
                // Drawing a few rows would mean wrapping that whole piece again: keep the lines instead.
                var builder = PackedLines.Builder()
                builder.lines.reserveText(utf8Count: utf8Count)
                var firstDirection: WritingDirection?
                WrapPieces.wrap(
                    text, options: options, pieceUTF8Count: sizes.inOrderPieceUTF8Count, sizes: sizes,
                    shouldContinue: shouldContinue
                ) { line in
                    if firstDirection == nil { firstDirection = line.direction }
                    lineMade?(builder.lines.count, line)
                    builder.append(line)
                }
                self.init(
                    storage: .packed(builder.lines), lineCount: builder.lines.count, firstLineDirection: firstDirection)
                return
            }
        }
        let options = options.withDirectionResolved(for: text.text)
        var madeCount = 0
        var firstDirection: WritingDirection?
        var checkpoints: [Checkpoint] = []
        let countsOnly = reading == .inOrder && lineMade == nil
        let counted = WrapPieces.wrap(
            text, options: options, pieceUTF8Count: pieceUTF8Count, sizes: sizes, countsOnly: countsOnly,
            pieceStarted: { checkpoints.append($0) }, shouldContinue: shouldContinue
        ) { line in
            if firstDirection == nil { firstDirection = line.direction }
            lineMade?(madeCount, line)
            madeCount += 1
        }
        if countsOnly && counted > 0 {
            // Every line takes the direction forced on the pieces (`WrapLayout` gives a line the direction of
            // its `WrapBidi`, which is the forced one, or left to right without one).
            firstDirection = options.direction == .rightToLeft ? .rightToLeft : .leftToRight
        }
        self.init(
            storage: .rewrapped(
                text, options, pieceUTF8Count: pieceUTF8Count, sizes: sizes, checkpoints: checkpoints),
            lineCount: counted, firstLineDirection: firstDirection)
    }

    /// Lines already wrapped, kept as they are.
    package init(lines: [LayoutLine]) {
        self.init(storage: .whole(lines), lineCount: lines.count, firstLineDirection: lines.first?.direction)
    }

    private init(storage: Storage, lineCount: Int, firstLineDirection: WritingDirection?) {
        self.storage = storage
        self.lineCount = lineCount
        self.firstLineDirection = firstLineDirection
    }

    /// The checkpoints a later read starts from: one a piece when no line is kept, else none.
    package var checkpoints: [Checkpoint] {
        if case .rewrapped(_, _, _, _, let checkpoints) = storage { return checkpoints }
        return []
    }

    /// The lines with indices in `range` (clamped to the lines). A text that keeps no line wraps again from
    /// the checkpoint before the first line asked for up to the last one.
    package func lines(in range: Range<Int>) -> [LayoutLine] {
        let range = range.clamped(to: 0..<lineCount)
        guard !range.isEmpty else { return [] }
        switch storage {
        case .whole(let lines):
            return Array(lines[range])
        case .packed(let lines):
            return range.map { lines[$0] }
        case .rewrapped(let text, let options, let pieceUTF8Count, let sizes, let checkpoints):
            // The last checkpoint at or before the first line asked for.
            var low = 0
            var high = checkpoints.count
            while low < high {
                let middle = (low + high) / 2
                if checkpoints[middle].lineIndex <= range.lowerBound { low = middle + 1 } else { high = middle }
            }
            let origin = low > 0 ? checkpoints[low - 1] : Checkpoint()
            var index = origin.lineIndex
            var shown: [LayoutLine] = []
            shown.reserveCapacity(range.count)
            WrapPieces.wrap(
                text, options: options, pieceUTF8Count: pieceUTF8Count, sizes: sizes, from: origin,
                shouldContinue: { index < range.upperBound }
            ) { line in
                if range.contains(index) { shown.append(line) }
                index += 1
            }
            return shown
        }
    }

    /// Calls `body` with every line and its index, in order; a text that keeps no line is wrapped again, a
    /// long one on another thread while `body` takes the lines already made.
    package func forEachLine(_ body: (_ index: Int, LayoutLine) -> Void) {
        switch storage {
        case .whole(let lines):
            for (index, line) in lines.enumerated() { body(index, line) }
        case .packed(let lines):
            for index in 0..<lines.count { body(index, lines[index]) }
        case .rewrapped(let text, let options, let pieceUTF8Count, let sizes, _):
            Self.makeLines(of: text, options: options, pieceUTF8Count: pieceUTF8Count, sizes: sizes, body)
        }
    }

    /// Wraps `text` once, in order, handing every line and its index to `body` as it is made: what writing a
    /// text out needs when nothing has to know its line count before its first line (see `LineCountBound`).
    /// A long text keeps no line, and its lines are made on another thread while `body` takes the ones made.
    ///
    /// Returns the text as wrapped. A long one keeps no checkpoint either, so `lines(in:)` would wrap it again
    /// from its start; it is for the line count and the first line's direction.
    package static func streamingLines(
        of text: StyledText, options: WrapOptions, sizes: Sizes = Sizes(), _ body: (_ index: Int, LayoutLine) -> Void
    ) -> WrappedText {
        if text.text.utf8.count <= sizes.wholeUTF8Count {
            let lines = text.wrap(options: options)
            for (index, line) in lines.enumerated() { body(index, line) }
            return WrappedText(lines: lines)
        }
        let options = options.withDirectionResolved(for: text.text)
        var lineCount = 0
        var firstDirection: WritingDirection?
        makeLines(of: text, options: options, pieceUTF8Count: sizes.inOrderPieceUTF8Count, sizes: sizes) {
            index, line in
            if index == 0 { firstDirection = line.direction }
            lineCount = index + 1
            body(index, line)
        }
        return WrappedText(
            storage: .rewrapped(
                text, options, pieceUTF8Count: sizes.inOrderPieceUTF8Count, sizes: sizes, checkpoints: []),
            lineCount: lineCount, firstLineDirection: firstDirection)
    }

    /// Makes every line of a long text in order, on a second thread when the text is long enough that making
    /// them on another core while `body` draws them pays for the thread and the hand-overs.
    private static func makeLines(
        of text: StyledText, options: WrapOptions, pieceUTF8Count: Int, sizes: Sizes,
        _ body: (_ index: Int, LayoutLine) -> Void
    ) {
        if text.text.utf8.count >= sizes.parallelCountUTF8Count {
            LineHandoff.run(
                produce: { emit in
                    WrapPieces.wrap(
                        text, options: options, pieceUTF8Count: pieceUTF8Count, sizes: sizes, eachLine: emit)
                }, body)
            return
        }
        var index = 0
        WrapPieces.wrap(text, options: options, pieceUTF8Count: pieceUTF8Count, sizes: sizes) { line in
            body(index, line)
            index += 1
        }
    }
}

extension WrapOptions {
    /// The options with an `auto` direction resolved from the text's first strong character, once, so that
    /// no later pass over a long text scans the whole of it again for it.
    func withDirectionResolved(for text: String) -> WrapOptions {
        guard direction == .auto else { return self }
        var options = self
        options.direction =
            ParagraphDirection.auto.resolved(for: text) == .rightToLeft ? .rightToLeft : .leftToRight
        return options
    }
}
