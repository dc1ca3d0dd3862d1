import ModalModel
@_spi(Kernel) import TextKernel

/// How a message is wrapped into lines.
package struct WrapOptions: Sendable, Equatable {
    /// The line width in cells: at least 1, whatever was asked.
    package let width: Int
    /// Line alignment within the width; nil (like `start`) aligns each line to the start side of the message's
    /// direction (left for left to right, right for right to left), and `end` to the other side.
    package var alignment: ModalTextAlignment?
    /// The most lines to produce; the last one ends in "…" when text was cut. Nil for no limit.
    package var maxLines: Int?
    /// Count East Asian Ambiguous characters as 2 cells instead of 1.
    package var ambiguousIsWide: Bool
    /// The base direction of the message's paragraphs (UAX #9 paragraph embedding level).
    package var direction: ParagraphDirection

    /// Creates options.
    package init(
        width: Int, alignment: ModalTextAlignment? = .left, maxLines: Int? = nil, ambiguousIsWide: Bool = false,
        direction: ParagraphDirection = .auto
    ) {
        self.width = max(1, width)
        self.alignment = alignment
        self.maxLines = maxLines
        self.ambiguousIsWide = ambiguousIsWide
        self.direction = direction
    }

    /// Options for a modal's message: its alignment, line limit and direction at the given width. An absent
    /// `text_align` (`start`) becomes nil, so a right-to-left message aligns right.
    package init(modal: Modal, width: Int, ambiguousIsWide: Bool = false) {
        self.init(
            width: width, alignment: modal.textAlignment == .start ? nil : modal.textAlignment,
            maxLines: modal.maxLines, ambiguousIsWide: ambiguousIsWide, direction: ParagraphDirection(modal.direction))
    }
}

extension StyledText {
    /// Wraps styled text into lines no wider than `options.width` cells.
    ///
    /// - The message is sanitised first: every scalar that `ControlCharacters` neutralises is shown as its
    ///   placeholder; CR LF, CR, LF, U+2028 and U+2029 are mandatory line breaks and show nothing; a tab reaches the
    ///   next multiple of 8 columns from the start of the line (never past its end) and is drawn as spaces.
    /// - Lines break greedily at the UAX #14 opportunities of `LineBreaker.breakActions` that fall on grapheme
    ///   cluster boundaries (clusters as Swift's `Character`), by `CellWidth` cell widths. A word wider than the
    ///   line breaks between clusters; a cluster wider than the whole line is shown as `WrapMarks.tooWide` (its
    ///   segment still covers the cluster's source).
    /// - Whitespace at the end of a line is dropped, and so is whitespace at the start of a line that follows a soft
    ///   break; whitespace after a mandatory break is indentation and is kept.
    /// - The empty message gives no lines; otherwise n mandatory breaks give n + 1 lines (fewer with `maxLines`).
    /// - When `maxLines` cuts the text, the last kept line is shortened until the ellipsis fits and ends with a
    ///   segment of its own: `WrapMarks.ellipsis` (or `WrapMarks.narrowEllipsis` when the ellipsis is wider than
    ///   the line), with source length 0 at the cut point and the style of the text before it.
    /// - Lines are broken on the logical text, then each line gets its visual order by the Unicode Bidirectional
    ///   Algorithm (UAX #9): embedding levels are resolved per paragraph on the sanitised text (a control that the
    ///   untrusted-text policy neutralises has no effect), with the paragraph level of `options.direction` for the
    ///   whole message; rule L1 returns whitespace before tabs and at the line's end to that level, segments split where
    ///   the level changes, and L2 gives `LayoutLine.visualOrder` and each segment's `visualColumn`. The ellipsis takes
    ///   the paragraph level, so it ends the line visually. Text with no right-to-left character, Arabic number or
    ///   explicit bidi control, in a left-to-right message, skips all of this.
    /// - Each cluster takes the style of the span holding its first UTF-16 unit; a span boundary inside a cluster
    ///   does not split it.
    /// - Segments merge consecutive clusters with equal style and contiguous source. For every segment except the
    ///   marks, `text` equals the sanitised source `[sourceUTF16Offset, sourceUTF16Offset + sourceUTF16Length)` with
    ///   tabs expanded.
    ///
    /// This wraps the text whole and returns every line; `WrappedText` gives a long text's lines without
    /// holding them all, and with the same lines.
    package func wrap(options: WrapOptions) -> [LayoutLine] {
        wrap(options: options, partUTF8Count: Self.partUTF8Count)
    }

    /// `wrap(options:)` in parts of at least `partUTF8Count` bytes: tests hold any part size to one part.
    func wrap(options: WrapOptions, partUTF8Count: Int) -> [LayoutLine] {
        layOutInParts(options: options, resolvingLevels: true, partUTF8Count: partUTF8Count).laidOutLines
    }

    /// Counts the lines that wrapping the whole text at once makes, without making them, and whether
    /// `maxLines` cut it.
    func countLinesWhole(options: WrapOptions) -> (lineCount: Int, wasCut: Bool) {
        // Levels only order a line's segments and choose its alignment, neither of which changes where lines
        // break: counting needs none.
        let layout = layOutInParts(options: options, resolvingLevels: false, countsOnly: true)
        return (layout.lineCount, layout.wasCut)
    }

    /// Wraps the whole text at once, handing each line to `eachLine`; returns whether `maxLines` cut it.
    func wrapWhole(options: WrapOptions, eachLine: (LayoutLine) -> Void) -> Bool {
        withoutActuallyEscaping(eachLine) { eachLine in
            // Made inside, so that the sink it holds ends with it.
            layOutInParts(options: options, resolvingLevels: true, lineSink: { eachLine($0) }).wasCut
        }
    }

    /// Lays the whole text out a part of whole paragraphs at a time (`WrapLayout.layOut(part:)`), each part at
    /// least `partUTF8Count` bytes long: its scalars and clusters, its UAX #14 break actions and, when asked,
    /// its UAX #9 levels are made for the part alone. The lines are those of laying out the text as one part,
    /// for which a long text would have held arrays several times its length.
    private func layOutInParts(
        options: WrapOptions, resolvingLevels: Bool, countsOnly: Bool = false,
        lineSink: ((consuming LayoutLine) -> Void)? = nil, partUTF8Count: Int = partUTF8Count
    ) -> WrapLayout {
        var message = text
        return message.withUTF8 { bytes in
            // Every part gets the whole text's direction (P2–P3 look at the whole message).
            let direction = bytes.isEmpty ? .leftToRight : options.direction.resolved(for: text)
            var partOptions = options
            partOptions.direction = direction == .rightToLeft ? .rightToLeft : .leftToRight
            var layout = WrapLayout(
                self, options: partOptions, isRightToLeft: direction == .rightToLeft,
                utf16Count: UTF16Offsets.count(inUTF8: bytes), scalarCountBound: bytes.count)
            layout.countsOnly = countsOnly
            layout.lineSink = lineSink
            // The empty text has no lines, not one empty line.
            if bytes.isEmpty { return layout }
            var start = 0
            var utf16Base = 0
            while start < bytes.count {
                let end = WrapPieces.pieceEnd(
                    in: bytes, from: start, atLeast: max(1, min(partUTF8Count, bytes.count - start)))
                let source = WrapSource(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                let breaks = LineBreaker.breakActions(source.scalars)
                let bidi = resolvingLevels ? WrapBidi(source: source, direction: partOptions.direction) : nil
                guard layout.layOut(part: source, breaks: breaks, bidi: bidi, utf16Base: utf16Base) else {
                    return layout
                }
                start = end
                utf16Base += source.utf16Count
            }
            layout.finish()
            return layout
        }
    }

    /// How much text a part holds, at least: its per-scalar arrays, about seven bytes a byte, stay in the
    /// processor's cache while each pass over them (decoding, break actions, levels, lines) runs.
    static let partUTF8Count = 16 * 1024
}
