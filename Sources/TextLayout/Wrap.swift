import ModalModel

/// How a message is wrapped into lines.
public struct WrapOptions: Sendable, Equatable {
    /// The line width in cells (at least 1).
    public var width: Int
    /// Line alignment within the width.
    public var alignment: TextAlignment
    /// The most lines to produce; the last one ends in "…" when text was cut. Nil for no limit.
    public var maxLines: Int?
    /// Count East Asian Ambiguous characters as 2 cells instead of 1.
    public var ambiguousIsWide: Bool

    /// Creates options.
    public init(width: Int, alignment: TextAlignment = .left, maxLines: Int? = nil, ambiguousIsWide: Bool = false) {
        self.width = width
        self.alignment = alignment
        self.maxLines = maxLines
        self.ambiguousIsWide = ambiguousIsWide
    }
}

/// Wraps styled text into lines no wider than `options.width` cells.
///
/// PROVISIONAL: a stand-in that breaks only at newlines and at the width, until the real layout core lands.
public func wrap(_ text: StyledText, options: WrapOptions) -> [LayoutLine] {
    var lines: [LayoutLine] = []
    var current: [LineSegment] = []
    var column = 0
    var utf16Offset = 0
    let style = text.spans.first?.style ?? TextStyle()
    for character in text.text {
        let units = character.utf16.count
        defer { utf16Offset += units }
        if character.isNewline {
            lines.append(LayoutLine(segments: current))
            current = []
            column = 0
            continue
        }
        let cells = CellWidth.of(character, ambiguousIsWide: options.ambiguousIsWide)
        if column + cells > options.width, !current.isEmpty {
            lines.append(LayoutLine(segments: current))
            current = []
            column = 0
        }
        current.append(
            LineSegment(
                text: String(character), style: style, column: column, cellWidth: cells,
                sourceUTF16Offset: utf16Offset, sourceUTF16Length: units))
        column += cells
    }
    lines.append(LayoutLine(segments: current))
    if let maxLines = options.maxLines, lines.count > maxLines { lines.removeLast(lines.count - maxLines) }
    return lines
}

/// Wraps styled text into lines no wider than `width` cells, left-aligned.
public func wrap(_ text: StyledText, width: Int) -> [LayoutLine] {
    wrap(text, options: WrapOptions(width: width))
}
