import ModalModel
@_spi(Kernel) import TextKernel

/// One laid-out line of a message.
///
/// Segments are in logical (source) order with logical columns, as wrapping placed them. A line holding
/// right-to-left text also has a visual order (UAX #9 rules L1–L2): `visualOrder` lists the segments left to
/// right on screen, each segment's `visualColumn` says where it is drawn, and a segment with an odd `bidiLevel`
/// shows its clusters right to left. For left-to-right text the visual order is the logical one.
package struct LayoutLine: Sendable, Equatable {
    /// The styled pieces of the line in logical order, with their columns already aligned.
    package var segments: [LineSegment]
    /// The base direction of the message the line belongs to (its paragraph embedding level).
    package var direction: WritingDirection
    /// Segment indices left to right on screen; empty when that is the logical order.
    var storedVisualOrder: [Int]

    /// Creates a line (in logical order, left to right).
    package init(segments: [LineSegment]) {
        self.segments = segments
        self.direction = .leftToRight
        self.storedVisualOrder = []
    }

    /// Creates a line with its base direction and visual order (segment indices, left to right on screen).
    package init(segments: [LineSegment], direction: WritingDirection, visualOrder: [Int]) {
        self.segments = segments
        self.direction = direction
        self.storedVisualOrder = visualOrder == Array(segments.indices) ? [] : visualOrder
    }

    /// The visible text of the line (segments joined in logical order; alignment padding not included).
    package var text: String { segments.map(\.text).joined() }

    /// Cells from column 0 to the end of the last segment.
    package var cellWidth: Int { segments.last.map { $0.column + $0.cellWidth } ?? 0 }

    /// The indices of `segments` in visual order, left to right on screen.
    package var visualOrder: [Int] { storedVisualOrder.isEmpty ? Array(segments.indices) : storedVisualOrder }

    /// The segments in visual order, left to right on screen.
    package var visualSegments: [LineSegment] {
        storedVisualOrder.isEmpty ? segments : storedVisualOrder.map { segments[$0] }
    }

    /// Whether any segment of the line is drawn right to left or out of logical order.
    package var isReordered: Bool { !storedVisualOrder.isEmpty || segments.contains { $0.isRightToLeft } }

    /// The line's grapheme clusters as a terminal shows them: left to right, each at its own cell column, with
    /// brackets of right-to-left segments mirrored (UAX #9 rule L4). Zero-width clusters are listed with width 0.
    package func visualClusters(ambiguousIsWide: Bool = false) -> [VisualCluster] {
        var clusters: [VisualCluster] = []
        for index in visualOrder {
            let segment = segments[index]
            var pieces: [(Character, Int)] = segment.displayText.map {
                ($0, max(0, CellWidth.of($0, ambiguousIsWide: ambiguousIsWide)))
            }
            if segment.isRightToLeft { pieces.reverse() }
            var column = segment.visualColumn
            for (character, width) in pieces {
                clusters.append(
                    VisualCluster(text: String(character), column: column, cellWidth: width, segmentIndex: index))
                column += width
            }
        }
        return clusters
    }
}

/// A grapheme cluster placed on screen by `LayoutLine.visualClusters(ambiguousIsWide:)`.
package struct VisualCluster: Sendable, Equatable {
    /// What to draw (mirrored when its segment is right to left and the character has a mirrored glyph).
    package var text: String
    /// The cell column where the cluster starts, alignment included.
    package var column: Int
    /// The cells it covers.
    package var cellWidth: Int
    /// The index in `LayoutLine.segments` of the segment it belongs to.
    package var segmentIndex: Int

    /// Creates a placed cluster.
    package init(text: String, column: Int, cellWidth: Int, segmentIndex: Int) {
        self.text = text
        self.column = column
        self.cellWidth = cellWidth
        self.segmentIndex = segmentIndex
    }
}

/// A piece of a line with one style and one bidi embedding level.
///
/// Its text is a slice of bytes, and its style an entry of a table of spans, that it shares with the other
/// segments wrapped from the same text: a `String` and a `TextStyle` of its own made each segment about two
/// hundred bytes, and making and freeing them cost more than the rest of wrapping a mostly-ASCII line.
package struct LineSegment: Sendable, Equatable {
    /// The display text's UTF-8, shared with the other segments of the same wrap.
    package var utf8: ArraySlice<UInt8>
    /// Whether the text may hold a scalar that `ControlCharacters.mayNeedReplacing` finds; false only when it
    /// surely holds none, so that drawing can take the bytes as they are. Not part of equality: it says what is
    /// known about the text, which two equal segments may know differently.
    package var mayHoldControls: Bool
    /// The spans whose entry `styleIndex` gives the style.
    private var styleSpans: [StyledSpan]
    private var styleIndex: Int
    /// 0-based cell column where the segment starts in logical order (segments follow each other in source order).
    package var column: Int
    /// How many terminal cells the segment covers.
    package var cellWidth: Int
    /// Where the segment's source starts in the message, in UTF-16 units.
    package var sourceUTF16Offset: Int
    /// How many UTF-16 units of the message the segment comes from.
    package var sourceUTF16Length: Int
    /// The resolved embedding level of UAX #9 (after rule L1): even is left to right, odd right to left.
    package var bidiLevel: UInt8
    /// 0-based cell column where the segment is drawn once the line is in visual order.
    package var visualColumn: Int

    /// Creates a segment; by default a left-to-right one drawn where its logical column says.
    package init(
        text: String, style: TextStyle, column: Int, cellWidth: Int, sourceUTF16Offset: Int,
        sourceUTF16Length: Int, bidiLevel: UInt8 = 0, visualColumn: Int? = nil
    ) {
        self.init(
            utf8: ArraySlice(text.utf8), mayHoldControls: ControlCharacters.mayNeedReplacing(text),
            styleOf: Self.styleSpans(style), at: 0, column: column, cellWidth: cellWidth,
            sourceUTF16Offset: sourceUTF16Offset, sourceUTF16Length: sourceUTF16Length, bidiLevel: bidiLevel,
            visualColumn: visualColumn)
    }

    /// Creates a segment whose text is `utf8`, valid UTF-8 made of whole scalars, with the style of
    /// `spans[spanIndex]`.
    package init(
        utf8: ArraySlice<UInt8>, mayHoldControls: Bool, styleOf spans: [StyledSpan], at spanIndex: Int, column: Int,
        cellWidth: Int, sourceUTF16Offset: Int, sourceUTF16Length: Int, bidiLevel: UInt8 = 0,
        visualColumn: Int? = nil
    ) {
        self.utf8 = utf8
        self.mayHoldControls = mayHoldControls
        styleSpans = spans
        styleIndex = spanIndex
        self.column = column
        self.cellWidth = cellWidth
        self.sourceUTF16Offset = sourceUTF16Offset
        self.sourceUTF16Length = sourceUTF16Length
        self.bidiLevel = bidiLevel
        self.visualColumn = visualColumn ?? column
    }

    /// The resolved style.
    package var style: TextStyle {
        get { styleSpans[styleIndex].style }
        set {
            styleSpans = Self.styleSpans(newValue)
            styleIndex = 0
        }
    }

    /// Where the style comes from: the address of the span table's storage and the entry's index. Two segments
    /// alive at the same time with the same source have the same style, which a caller drawing many segments
    /// can so tell without copying and comparing two styles; different sources may still hold equal styles.
    package var styleSource: StyleSource {
        StyleSource(table: styleSpans.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }, index: styleIndex)
    }

    /// See `styleSource`.
    package struct StyleSource: Equatable {
        let table: UnsafeRawPointer?
        let index: Int
    }

    /// A table of one entry, for a style that no wrap's spans hold.
    private static func styleSpans(_ style: TextStyle) -> [StyledSpan] {
        [StyledSpan(range: UTF16Range(utf16Offset: 0, utf16Length: 0), style: style)]
    }

    /// The display text in logical order (sanitised: controls replaced by placeholders, tabs expanded to spaces).
    package var text: String {
        get { String(decoding: utf8, as: UTF8.self) }
        set {
            utf8 = ArraySlice(newValue.utf8)
            mayHoldControls = ControlCharacters.mayNeedReplacing(newValue)
        }
    }

    /// Equal text, style and placement; what is known about controls is left out.
    package static func == (lhs: LineSegment, rhs: LineSegment) -> Bool {
        lhs.utf8 == rhs.utf8 && lhs.style == rhs.style && lhs.column == rhs.column && lhs.cellWidth == rhs.cellWidth
            && lhs.sourceUTF16Offset == rhs.sourceUTF16Offset && lhs.sourceUTF16Length == rhs.sourceUTF16Length
            && lhs.bidiLevel == rhs.bidiLevel && lhs.visualColumn == rhs.visualColumn
    }

    /// Whether the segment's clusters run right to left on screen (its level is odd).
    package var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// `text` with each character that has a mirrored glyph replaced by it when the segment is right to left
    /// (UAX #9 rule L4: "(" shows as ")"); still in logical order. Equal to `text` for left-to-right segments.
    ///
    /// A terminal draws these clusters in reverse. A renderer that lets its own text engine lay out the run
    /// right to left (SVG with `direction="rtl"`) uses `text`, because that engine mirrors by itself.
    package var displayText: String {
        guard isRightToLeft else { return text }
        let table = BidiPropertyTable.shared
        guard text.unicodeScalars.contains(where: { table.properties(scalarValue: $0.value).hasMirroredGlyph }) else {
            return text
        }
        var mirrored = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { mirrored.append(table.mirroredGlyph(scalar) ?? scalar) }
        return String(mirrored)
    }
}
