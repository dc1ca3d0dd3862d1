import ModalModel

/// Wrapped lines stored compactly: all segment text in one byte buffer, each distinct style once, and per
/// segment only offsets and widths.
///
/// A `LayoutLine` costs an array, and each of its segments a slice of text and a whole `TextStyle`, some 200
/// bytes a line; a long paragraph at a narrow width has millions of lines. Here a line costs 8 bytes plus 32 a
/// segment, and a line is rebuilt as a `LayoutLine` only when read, which drawing does for the rows on screen
/// or in the band being written. `WrappedText` keeps a long text's lines so only when it cannot wrap them
/// again cheaply.
struct PackedLines: Sendable, Equatable {
    /// One segment without its text and style: where its text ends in `text`, its style's index in
    /// `styles`, and its place.
    private struct PackedSegment: Sendable, Equatable {
        var textEnd: Int
        var sourceUTF16Offset: Int
        var mayHoldControls: Bool
        var sourceUTF16Length: Int32
        var column: Int32
        var cellWidth: Int32
        var styleIndex: Int32
    }

    /// The UTF-8 of every segment's text, in order.
    private var text: [UInt8] = []
    /// The distinct segment styles, as spans (of no range) that rebuilt segments share.
    private var styles: [StyledSpan] = []
    private var segments: [PackedSegment] = []
    /// For each line, the index in `segments` after its last segment.
    private var segmentEnds: [Int] = []
    /// Lines the packed form does not describe, kept whole by line index; they have no packed segments.
    /// These are lines in a right-to-left context (the packed form has no levels or visual order) and lines
    /// whose widths or lengths pass two billion.
    private var wholeLines: [Int: LayoutLine] = [:]
    /// The number of lines.
    var count: Int { segmentEnds.count }

    /// No lines yet; a `Builder` adds them.
    init() {}

    /// Room for `utf8Count` bytes of segment text. The lines hold about the text's bytes; room reserved up
    /// front is never copied while growing, and pages never written cost no memory.
    mutating func reserveText(utf8Count: Int) {
        text.reserveCapacity(utf8Count)
    }

    /// Line `index`, rebuilt.
    subscript(index: Int) -> LayoutLine {
        if !wholeLines.isEmpty, let line = wholeLines[index] { return line }
        var line = LayoutLine(segments: [])
        forEachSegment(ofLine: index) { segment, textRange in
            line.segments.append(
                LineSegment(
                    utf8: text[textRange], mayHoldControls: segment.mayHoldControls, styleOf: styles,
                    at: Int(segment.styleIndex), column: Int(segment.column), cellWidth: Int(segment.cellWidth),
                    sourceUTF16Offset: segment.sourceUTF16Offset, sourceUTF16Length: Int(segment.sourceUTF16Length)))
        }
        return line
    }

    private func forEachSegment(ofLine index: Int, _ body: (PackedSegment, Range<Int>) -> Void) {
        let first = index == 0 ? 0 : segmentEnds[index - 1]
        for segmentIndex in first..<segmentEnds[index] {
            let segment = segments[segmentIndex]
            let textStart = segmentIndex == 0 ? 0 : segments[segmentIndex - 1].textEnd
            body(segment, textStart..<segment.textEnd)
        }
    }
}

extension PackedLines {
    /// Collects lines, finding each style's index with a dictionary that is dropped once the lines are built.
    struct Builder {
        var lines = PackedLines()
        private var styleIndices: [TextStyle: Int32] = [:]
        /// The styles of the last segments and their indices, newest first: consecutive segments mostly
        /// take one of a few styles (the text's and a link's), and comparing is far cheaper than hashing one.
        private var recentStyles: [(style: TextStyle, index: Int32)] = []

        init() {}

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
                if let recent = recentStyles.firstIndex(where: { $0.style == segment.style }) {
                    styleIndex = recentStyles[recent].index
                    if recent > 0 { recentStyles.swapAt(recent, recent - 1) }
                } else if let known = styleIndices[segment.style] {
                    styleIndex = known
                    remember(segment.style, at: known)
                } else if lines.styles.count < Int32.max {
                    styleIndex = Int32(lines.styles.count)
                    styleIndices[segment.style] = styleIndex
                    lines.styles.append(
                        StyledSpan(range: UTF16Range(utf16Offset: 0, utf16Length: 0), style: segment.style))
                    remember(segment.style, at: styleIndex)
                } else {
                    // Over two billion distinct styles cannot come from a message; keep the last one.
                    styleIndex = Int32(lines.styles.count - 1)
                }
                lines.text.append(contentsOf: segment.utf8)
                lines.segments.append(
                    PackedSegment(
                        textEnd: lines.text.count, sourceUTF16Offset: segment.sourceUTF16Offset,
                        mayHoldControls: segment.mayHoldControls,
                        sourceUTF16Length: Int32(segment.sourceUTF16Length), column: Int32(segment.column),
                        cellWidth: Int32(segment.cellWidth), styleIndex: styleIndex))
            }
            lines.segmentEnds.append(lines.segments.count)
        }

        private mutating func remember(_ style: TextStyle, at index: Int32) {
            if recentStyles.count == 4 { recentStyles.removeLast() }
            recentStyles.insert((style, index), at: 0)
        }
    }
}
