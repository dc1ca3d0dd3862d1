import TextLayout

/// A modal's wrapped message lines, stored compactly: all segment text in one byte buffer, each distinct
/// style once, and per segment only offsets and widths.
///
/// A `LayoutLine` costs an array, and each of its segments a string and a whole `TextStyle`, some 200 bytes
/// a line; a long message at a narrow width has millions of lines, and the layout keeps them all. Here a
/// line costs 8 bytes plus 32 a segment, and a line is rebuilt as a `LayoutLine` only when read,
/// which drawing does for the rows on screen or in the band being written.
///
/// Packing and rebuilding cost more than they save for the ordinary short message, so a message of up to
/// `packingThresholdUTF8Count` bytes keeps its lines as they are.
package struct BodyLines: RandomAccessCollection, Sendable, Equatable {
    /// Messages up to this many UTF-8 bytes keep their lines unpacked.
    package static let packingThresholdUTF8Count = 64 * 1024

    /// One segment without its text and style: where its text ends in `text`, its style's index in
    /// `styles`, and its place.
    private struct PackedSegment: Sendable, Equatable {
        var textEnd: Int
        var sourceUTF16Offset: Int
        var sourceUTF16Length: Int32
        var column: Int32
        var cellWidth: Int32
        var styleIndex: Int32
    }

    /// The UTF-8 of every segment's text, in order.
    private var text: [UInt8] = []
    /// The distinct segment styles.
    private var styles: [TextStyle] = []
    private var segments: [PackedSegment] = []
    /// For each line, the index in `segments` after its last segment.
    private var segmentEnds: [Int] = []
    /// Lines the packed form does not describe, kept whole by line index; they have no packed segments.
    /// These are lines in a right-to-left context (the packed form has no levels or visual order) and lines
    /// whose widths or lengths pass two billion.
    private var wholeLines: [Int: LayoutLine] = [:]
    /// Every line as it is, when the lines are not packed (a short message, or lines given as an array).
    private var unpacked: [LayoutLine]?

    /// No lines.
    package init() {}

    /// Keeps `lines` as they are; they already exist whole, so packing them would only add a copy.
    package init(_ lines: [LayoutLine]) {
        unpacked = lines
    }

    /// Stores `lines` compactly, as a message longer than `packingThresholdUTF8Count` bytes is stored.
    package init(packing lines: [LayoutLine]) {
        var builder = Builder()
        for line in lines { builder.append(line) }
        self = builder.lines
    }

    /// Wraps `text` with `options`, storing each line as it is made, so the lines never exist as
    /// `LayoutLine` values all at once.
    package init(wrapping text: StyledText, options: WrapOptions) {
        if text.text.utf8.count <= Self.packingThresholdUTF8Count {
            unpacked = text.wrap(options: options)
            return
        }
        var builder = Builder()
        // The lines hold about the message's bytes; room reserved up front is never copied while growing,
        // and pages never written cost no memory.
        builder.lines.text.reserveCapacity(text.text.utf8.count)
        text.wrap(options: options) { builder.append($0) }
        self = builder.lines
    }

    /// Collects lines, finding each style's index with a dictionary that is dropped once the lines are built.
    private struct Builder {
        var lines = BodyLines()
        var styleIndices: [TextStyle: Int32] = [:]

        mutating func append(_ line: LayoutLine) {
            let fits =
                line.direction == .leftToRight && !line.isReordered
                && line.segments.allSatisfy {
                    $0.bidiLevel == 0 && $0.visualColumn == $0.column && $0.column >= 0 && $0.column <= Int32.max
                        && $0.cellWidth >= 0 && $0.cellWidth <= Int32.max
                        && $0.sourceUTF16Length >= 0 && $0.sourceUTF16Length <= Int32.max
                }
            guard fits else {
                lines.wholeLines[lines.segmentEnds.count] = line
                lines.segmentEnds.append(lines.segments.count)
                return
            }
            for segment in line.segments {
                let styleIndex: Int32
                if let known = styleIndices[segment.style] {
                    styleIndex = known
                } else if lines.styles.count < Int32.max {
                    styleIndex = Int32(lines.styles.count)
                    styleIndices[segment.style] = styleIndex
                    lines.styles.append(segment.style)
                } else {
                    // Over two billion distinct styles cannot come from a message; keep the last one.
                    styleIndex = Int32(lines.styles.count - 1)
                }
                lines.text.append(contentsOf: segment.text.utf8)
                lines.segments.append(
                    PackedSegment(
                        textEnd: lines.text.count, sourceUTF16Offset: segment.sourceUTF16Offset,
                        sourceUTF16Length: Int32(segment.sourceUTF16Length), column: Int32(segment.column),
                        cellWidth: Int32(segment.cellWidth), styleIndex: styleIndex))
            }
            lines.segmentEnds.append(lines.segments.count)
        }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { unpacked?.count ?? segmentEnds.count }

    /// Line `index`, rebuilt.
    package subscript(index: Int) -> LayoutLine {
        if let unpacked { return unpacked[index] }
        if !wholeLines.isEmpty, let line = wholeLines[index] { return line }
        var line = LayoutLine(segments: [])
        forEachSegment(ofLine: index) { segment, textRange in
            line.segments.append(
                LineSegment(
                    text: String(decoding: text[textRange], as: UTF8.self), style: styles[Int(segment.styleIndex)],
                    column: Int(segment.column), cellWidth: Int(segment.cellWidth),
                    sourceUTF16Offset: segment.sourceUTF16Offset, sourceUTF16Length: Int(segment.sourceUTF16Length)))
        }
        return line
    }

    /// Calls `body` with the style, logical and visual columns and cell width of every segment of every line,
    /// with the line's index, without rebuilding any text.
    package func forEachSegmentPlace(
        _ body: (_ lineIndex: Int, TextStyle, _ column: Int, _ visualColumn: Int, _ cellWidth: Int) -> Void
    ) {
        if let unpacked {
            for (lineIndex, line) in unpacked.enumerated() {
                for segment in line.segments {
                    body(lineIndex, segment.style, segment.column, segment.visualColumn, segment.cellWidth)
                }
            }
            return
        }
        for lineIndex in indices {
            if !wholeLines.isEmpty, let line = wholeLines[lineIndex] {
                for segment in line.segments {
                    body(lineIndex, segment.style, segment.column, segment.visualColumn, segment.cellWidth)
                }
                continue
            }
            forEachSegment(ofLine: lineIndex) { segment, _ in
                let column = Int(segment.column)
                body(lineIndex, styles[Int(segment.styleIndex)], column, column, Int(segment.cellWidth))
            }
        }
    }

    private func forEachSegment(ofLine index: Int, _ body: (PackedSegment, Range<Int>) -> Void) {
        let first = index == 0 ? 0 : segmentEnds[index - 1]
        for segmentIndex in first..<segmentEnds[index] {
            let segment = segments[segmentIndex]
            let textStart = segmentIndex == 0 ? 0 : segments[segmentIndex - 1].textEnd
            body(segment, textStart..<segment.textEnd)
        }
    }

    /// Equal when they hold the same lines, however each stores them.
    package static func == (lhs: BodyLines, rhs: BodyLines) -> Bool {
        if let left = lhs.unpacked, let right = rhs.unpacked { return left == right }
        if lhs.unpacked == nil, rhs.unpacked == nil {
            return lhs.text == rhs.text && lhs.styles == rhs.styles && lhs.segments == rhs.segments
                && lhs.segmentEnds == rhs.segmentEnds && lhs.wholeLines == rhs.wholeLines
        }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
