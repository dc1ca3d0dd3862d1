/// The attributes of a style without its range: what a builder piece is drawn with.
public struct StyleAttributes: Sendable, Hashable {
    /// The font style (`font_style`).
    public var fontStyle: FontStyle?
    /// Explicit underline (`underline`).
    public var underline: Bool?
    /// Explicit strikethrough (`strikethrough`).
    public var strikethrough: Bool?
    /// The font size in points (`font_size`).
    public var fontSize: Double?
    /// The text colour (`color`).
    public var color: ModalColor?
    /// The background colour (`bg_color`).
    public var backgroundColor: ModalColor?
    /// The action of a link over the piece (`link`).
    public var link: ModalAction?

    /// Creates attributes; none set by default.
    public init(
        fontStyle: FontStyle? = nil, underline: Bool? = nil, strikethrough: Bool? = nil, fontSize: Double? = nil,
        color: ModalColor? = nil, backgroundColor: ModalColor? = nil, link: ModalAction? = nil
    ) {
        self.fontStyle = fontStyle
        self.underline = underline
        self.strikethrough = strikethrough
        self.fontSize = fontSize
        self.color = color
        self.backgroundColor = backgroundColor
        self.link = link
    }

    /// No attribute set: text appended with it gets no style entry.
    public static let plain = StyleAttributes()
    /// Bold.
    public static let bold = StyleAttributes(fontStyle: .bold)
    /// Italic.
    public static let italic = StyleAttributes(fontStyle: .italic)
    /// Underlined.
    public static let underlined = StyleAttributes(underline: true)

    /// A text colour.
    public static func color(_ color: ModalColor) -> StyleAttributes { StyleAttributes(color: color) }
    /// A link.
    public static func link(_ action: ModalAction) -> StyleAttributes { StyleAttributes(link: action) }

    /// Whether no attribute is set.
    public var isEmpty: Bool { self == .plain }

    /// These attributes with every attribute `other` sets replacing this one's.
    public func merging(_ other: StyleAttributes) -> StyleAttributes {
        StyleAttributes(
            fontStyle: other.fontStyle ?? fontStyle, underline: other.underline ?? underline,
            strikethrough: other.strikethrough ?? strikethrough, fontSize: other.fontSize ?? fontSize,
            color: other.color ?? color, backgroundColor: other.backgroundColor ?? backgroundColor,
            link: other.link ?? link)
    }

    /// A style with these attributes over `range`.
    public func style(over range: UTF16Range) -> ModalStyle {
        ModalStyle(
            range: range, fontStyle: fontStyle, underline: underline, strikethrough: strikethrough,
            fontSize: fontSize, color: color, backgroundColor: backgroundColor, link: link)
    }
}
