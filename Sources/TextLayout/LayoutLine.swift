/// One laid-out line of a message.
public struct LayoutLine: Sendable, Equatable {
    /// The styled pieces of the line, left to right, with their columns already aligned.
    public var segments: [LineSegment]

    /// Creates a line.
    public init(segments: [LineSegment]) {
        self.segments = segments
    }

    /// The visible text of the line (segments joined; alignment padding not included).
    public var text: String { segments.map(\.text).joined() }

    /// Cells from column 0 to the end of the last segment.
    public var cellWidth: Int { segments.last.map { $0.column + $0.cellWidth } ?? 0 }
}

/// A piece of a line with one style.
public struct LineSegment: Sendable, Equatable {
    /// The display text (sanitised: controls replaced by placeholders, tabs expanded to spaces).
    public var text: String
    /// The resolved style.
    public var style: TextStyle
    /// 0-based cell column where the segment starts.
    public var column: Int
    /// How many terminal cells the segment covers.
    public var cellWidth: Int
    /// Where the segment's source starts in the message, in UTF-16 units.
    public var sourceUTF16Offset: Int
    /// How many UTF-16 units of the message the segment comes from.
    public var sourceUTF16Length: Int

    /// Creates a segment.
    public init(
        text: String, style: TextStyle, column: Int, cellWidth: Int, sourceUTF16Offset: Int,
        sourceUTF16Length: Int
    ) {
        self.text = text
        self.style = style
        self.column = column
        self.cellWidth = cellWidth
        self.sourceUTF16Offset = sourceUTF16Offset
        self.sourceUTF16Length = sourceUTF16Length
    }
}
