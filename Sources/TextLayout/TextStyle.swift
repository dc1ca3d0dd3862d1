import ModalModel

/// Text attributes where each one is unset (nil), on or off, so that combining styles applies only what is set.
///
/// Named `TextStyle` rather than `ModalStyle` so that it does not clash with `ModalModel.ModalStyle`
/// (a JSON `styles` entry) for users of the umbrella `ModalKit` module.
package struct TextStyle: Sendable, Hashable {
    package var bold: Bool?
    package var italic: Bool?
    package var underline: Bool?
    package var strikethrough: Bool?
    /// Text colour.
    package var foreground: ModalColor?
    /// Background colour.
    package var background: ModalColor?
    /// Font size in points.
    package var fontSize: Double?
    /// The action of a link over this text.
    package var link: ModalAction?
    /// The index in `Modal.styles` of the entry `link` comes from, so a link knows its source without a search.
    package var linkStyleIndex: Int?

    /// Creates a style; every attribute defaults to unset.
    package init(
        bold: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil, strikethrough: Bool? = nil,
        foreground: ModalColor? = nil, background: ModalColor? = nil, fontSize: Double? = nil, link: ModalAction? = nil,
        linkStyleIndex: Int? = nil
    ) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.foreground = foreground
        self.background = background
        // A NaN size means no size, and left as NaN it would make the style unequal to itself: equal
        // spans would stop merging and every lookup of the style in a table would miss (each miss adding
        // an entry that collides with the last, which made packing a long message quadratic).
        self.fontSize = fontSize?.isNaN == true ? nil : fontSize
        self.link = link
        self.linkStyleIndex = linkStyleIndex
    }

    /// This style with every attribute that `later` sets taken from `later`.
    package func applying(_ later: TextStyle) -> TextStyle {
        TextStyle(
            bold: later.bold ?? bold, italic: later.italic ?? italic,
            underline: later.underline ?? underline, strikethrough: later.strikethrough ?? strikethrough,
            foreground: later.foreground ?? foreground, background: later.background ?? background,
            fontSize: later.fontSize ?? fontSize, link: later.link ?? link,
            linkStyleIndex: later.link != nil ? later.linkStyleIndex : linkStyleIndex)
    }
}
