/// One entry of a modal's `styles`: attributes applied to a UTF-16 range of the message.
///
/// Every attribute is optional: an absent key leaves whatever earlier styles set. The attributes read and write
/// through the style too (`style.fontStyle = .bold`).
@dynamicMemberLookup
public struct ModalStyle: Sendable, Hashable {
    /// The range the style applies to (`apply_to`).
    public var range: UTF16Range
    /// What the style sets over the range.
    public var attributes: StyleAttributes

    /// Creates a style that sets `attributes` over a range.
    public init(range: UTF16Range, attributes: StyleAttributes) {
        self.range = range
        self.attributes = attributes
    }

    /// Creates a style over a range.
    public init(
        range: UTF16Range, fontStyle: FontStyle? = nil, underline: Bool? = nil,
        strikethrough: Bool? = nil, fontSize: Double? = nil, color: ModalColor? = nil,
        backgroundColor: ModalColor? = nil, link: ModalAction? = nil
    ) {
        self.init(
            range: range,
            attributes: StyleAttributes(
                fontStyle: fontStyle, underline: underline, strikethrough: strikethrough, fontSize: fontSize,
                color: color, backgroundColor: backgroundColor, link: link))
    }

    /// Creates a style over `range`, indices into `message`, counted into UTF-16 units for you: the safe way
    /// from `message.range(of:)`, `firstRange(of:)` or any other `String` range.
    public init(
        range: Range<String.Index>, in message: String, fontStyle: FontStyle? = nil, underline: Bool? = nil,
        strikethrough: Bool? = nil, fontSize: Double? = nil, color: ModalColor? = nil,
        backgroundColor: ModalColor? = nil, link: ModalAction? = nil
    ) {
        self.init(
            range: UTF16Range(range, in: message), fontStyle: fontStyle, underline: underline,
            strikethrough: strikethrough, fontSize: fontSize, color: color, backgroundColor: backgroundColor, link: link
        )
    }

    /// An attribute of the style, read or written in place (`style.color`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<StyleAttributes, Value>) -> Value {
        get { attributes[keyPath: keyPath] }
        set { attributes[keyPath: keyPath] = newValue }
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
