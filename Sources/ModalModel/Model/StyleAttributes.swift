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
    public func style(over range: UTF16Range) -> ModalStyle { ModalStyle(range: range, attributes: self) }
}

extension StyleAttributes {
    /// These attributes with each one set on its own: `font_style` `underline` or `strikethrough` becomes the
    /// flag it turns on (unless the flag is set explicitly), so that `fontStyle` is left saying only bold and
    /// italic, which it always sets together. A NaN size means no size, and is dropped: left as NaN it would make
    /// the attributes unequal to themselves, so equal spans would stop merging and table lookups would miss.
    package var separated: StyleAttributes {
        var attributes = self
        switch fontStyle {
        case .underline?:
            attributes.fontStyle = nil
            attributes.underline = underline ?? true
        case .strikethrough?:
            attributes.fontStyle = nil
            attributes.strikethrough = strikethrough ?? true
        default: break
        }
        if fontSize?.isNaN == true { attributes.fontSize = nil }
        return attributes
    }

    /// Whether text drawn with these attributes is bold.
    package var isBold: Bool { fontStyle == .bold || fontStyle == .boldItalic }
    /// Whether text drawn with these attributes is italic.
    package var isItalic: Bool { fontStyle == .italic || fontStyle == .boldItalic }
    /// Whether text drawn with these attributes is underlined.
    package var isUnderlined: Bool { underline ?? (fontStyle == .underline) }
    /// Whether text drawn with these attributes is struck through.
    package var isStruckThrough: Bool { strikethrough ?? (fontStyle == .strikethrough) }
}
