/// One entry of a modal's `styles`: attributes applied to a UTF-16 range of the message.
///
/// Every attribute is optional: an absent key leaves whatever earlier styles set.
public struct ModalStyle: Sendable, Hashable {
    /// The range the style applies to (`apply_to`).
    public var range: UTF16Range
    /// The font style (`font_style`).
    public var fontStyle: FontStyle?
    /// Explicit underline (`underline`); combines with `fontStyle`.
    public var underline: Bool?
    /// Explicit strikethrough (`strikethrough`); combines with `fontStyle`.
    public var strikethrough: Bool?
    /// The font size in points (`font_size`).
    public var fontSize: Double?
    /// The text colour (`color`).
    public var color: ModalColor?
    /// The background colour (`bg_color`).
    public var backgroundColor: ModalColor?
    /// The action of a link over the range (`link`).
    public var link: ModalAction?

    /// Creates a style over a range.
    public init(
        range: UTF16Range, fontStyle: FontStyle? = nil, underline: Bool? = nil,
        strikethrough: Bool? = nil, fontSize: Double? = nil, color: ModalColor? = nil,
        backgroundColor: ModalColor? = nil, link: ModalAction? = nil
    ) {
        self.range = range
        self.fontStyle = fontStyle
        self.underline = underline
        self.strikethrough = strikethrough
        self.fontSize = fontSize
        self.color = color
        self.backgroundColor = backgroundColor
        self.link = link
    }
}

/// The values of `font_style`.
public enum FontStyle: String, Sendable, Hashable, CaseIterable, Codable {
    case normal
    case bold
    case italic
    case boldItalic = "bold_italic"
    case underline
    case strikethrough
}
