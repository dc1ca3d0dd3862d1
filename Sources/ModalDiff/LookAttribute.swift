import ModalModel
import TextLayout

/// An attribute of a message run as users see it, named by the format key that sets it.
///
/// `font_style` is two attributes here, bold and italic, because a run can gain one and keep the other; a link
/// is compared by its action alone, so a link style split in two with the same action is no change.
public enum LookAttribute: String, Sendable, CaseIterable {
    case bold, italic, underline, strikethrough
    case color
    case backgroundColor = "bg_color"
    case fontSize = "font_size"
    case link

    /// The attribute's value in `attributes`, written as the format writes it; nil for the default.
    public func value(in attributes: RunAttributes) -> String? {
        switch self {
        case .bold: attributes.isBold ? "true" : nil
        case .italic: attributes.isItalic ? "true" : nil
        case .underline: attributes.isUnderlined ? "true" : nil
        case .strikethrough: attributes.isStruckThrough ? "true" : nil
        case .color: attributes.foregroundColor?.description
        case .backgroundColor: attributes.backgroundColor?.description
        case .fontSize: attributes.fontSize.map(Self.points)
        case .link: attributes.link?.action.text
        }
    }

    /// Whether two runs look alike in every attribute: the run equality without the link's source style.
    static func lookAlike(_ left: RunAttributes, _ right: RunAttributes) -> Bool {
        left.isBold == right.isBold && left.isItalic == right.isItalic && left.isUnderlined == right.isUnderlined
            && left.isStruckThrough == right.isStruckThrough && left.foregroundColor == right.foregroundColor
            && left.backgroundColor == right.backgroundColor && left.fontSize == right.fontSize
            && left.link?.action == right.link?.action
    }

    /// A size in points without a needless `.0`.
    static func points(_ size: Double) -> String {
        if size == size.rounded(), abs(size) < 1e15 { return String(Int(size)) }
        return String(size)
    }
}
