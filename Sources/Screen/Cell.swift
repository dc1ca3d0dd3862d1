import ModalModel

/// How one cell is drawn: attributes and full-RGB colours (downgraded only by renderers).
package struct CellStyle: Sendable, Hashable {
    package var bold = false
    package var dim = false
    package var italic = false
    package var underline = false
    package var strikethrough = false
    package var reverse = false
    /// Text colour; nil for the terminal default.
    package var foreground: ModalColor?
    /// Background colour; nil for the terminal default.
    package var background: ModalColor?
    /// Target of a hyperlink covering the cell (`ModalAction.hyperlinkTarget`: a safe URL or app command); nil for none.
    package var link: String?

    /// The default style: no attributes, default colours.
    package init() {}

    /// Field-by-field equality, cheapest first: renderers compare neighbouring cells' styles for every
    /// cell, and colours compare faster as packed integers than as optional structs.
    @inlinable
    package static func == (lhs: CellStyle, rhs: CellStyle) -> Bool {
        lhs.hasSameAppearance(as: rhs) && lhs.link == rhs.link
    }

    /// Whether two styles draw the same (attributes and colours), whatever their links.
    @inlinable @inline(__always)
    package func hasSameAppearance(as other: CellStyle) -> Bool {
        bold == other.bold && dim == other.dim && italic == other.italic && underline == other.underline
            && strikethrough == other.strikethrough && reverse == other.reverse
            && Self.packed(foreground) == Self.packed(other.foreground)
            && Self.packed(background) == Self.packed(other.background)
    }

    /// A colour as one integer; nil gets a value no colour has.
    @inlinable @inline(__always)
    static func packed(_ color: ModalColor?) -> UInt64 {
        guard let color else { return 1 << 32 }
        return UInt64(color.red) << 24 | UInt64(color.green) << 16 | UInt64(color.blue) << 8 | UInt64(color.alpha)
    }

    /// A style with the given attributes and colours.
    package init(
        bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false,
        strikethrough: Bool = false, reverse: Bool = false, foreground: ModalColor? = nil,
        background: ModalColor? = nil,
        link: String? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.reverse = reverse
        self.foreground = foreground
        self.background = background
        self.link = link
    }
}

/// One terminal cell: a grapheme cluster and its style.
package struct Cell: Sendable, Hashable {
    /// The grapheme cluster drawn here; a space for blank cells; empty for the continuation of a wide cluster.
    package var grapheme: String
    /// The style.
    package var style: CellStyle

    /// Creates a cell.
    package init(grapheme: String = " ", style: CellStyle = CellStyle()) {
        self.grapheme = grapheme
        self.style = style
    }

    /// Whether this cell is the right half of a wide cluster drawn in the cell to its left.
    package var isContinuation: Bool { grapheme.isEmpty }
}
