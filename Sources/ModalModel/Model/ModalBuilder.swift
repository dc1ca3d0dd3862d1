/// Builds a modal from text pieces, computing every `apply_to` range in UTF-16 units as it goes.
///
/// Modelled on Rich's `Text.append(text, style=)` and `Text.assemble`: a server appends pieces with their
/// attributes, links and buttons, and never counts offsets by hand. `append` returns each piece's range, and
/// `UTF16Range(of:in:)` and `UTF16Range(_:in:)` count ranges found in the message; offsets from `String.count`,
/// `distance(from:to:)` on a `String`, or `unicodeScalars` are not UTF-16 offsets: convert them with
/// `UTF16Range(graphemeClusterOffset:graphemeClusterLength:in:)` or `UTF16Range(codePointOffset:codePointLength:in:)`.
///
/// ```swift
/// var builder = ModalBuilder()
/// builder.append("Spring sale 🎉", .bold)
/// builder.append("\nNow ")
/// builder.append("$5 off", .color(try ModalColor(hex: "#e4572e")))
/// builder.addButton("Close", action: .close)
/// let modal = builder.modal
/// ```
public struct ModalBuilder: Sendable, Hashable {
    /// The message so far.
    public private(set) var message = ""
    /// The styles so far, in the order they apply.
    public private(set) var styles: [ModalStyle] = []
    /// The buttons so far.
    public private(set) var buttons: [ModalButton] = []
    /// The UTF-16 length of the message so far, kept so each append costs only its own piece.
    package private(set) var utf16Count = 0
    /// The modal's `text_align`.
    public var textAlignment: ModalTextAlignment
    /// The modal's `max_lines`.
    public var maxLines: Int?
    /// The modal's `direction`.
    public var direction: TextDirection

    /// Creates an empty builder.
    public init(textAlignment: ModalTextAlignment = .start, maxLines: Int? = nil, direction: TextDirection = .auto) {
        self.textAlignment = textAlignment
        self.maxLines = maxLines
        self.direction = direction
    }

    /// Appends `text` drawn with `attributes` (a style entry only when some attribute is set) and returns the
    /// UTF-16 range it took.
    @discardableResult
    public mutating func append(_ text: String, _ attributes: StyleAttributes = .plain) -> UTF16Range {
        let range = UTF16Range(utf16Offset: utf16Count, utf16Length: text.utf16.count)
        message += text
        utf16Count += range.utf16Length
        if !attributes.isEmpty && range.utf16Length > 0 { styles.append(attributes.style(over: range)) }
        return range
    }

    /// Appends `text` as a link to `action`, with any further attributes.
    @discardableResult
    public mutating func appendLink(_ text: String, to action: ModalAction, _ attributes: StyleAttributes = .plain)
        -> UTF16Range
    {
        append(text, attributes.merging(.link(action)))
    }

    /// Adds a style over a range returned by an earlier append (or made with `UTF16Range(of:in:)`); the range
    /// counts UTF-16 units, not `String.count` characters.
    public mutating func style(_ range: UTF16Range, _ attributes: StyleAttributes) {
        styles.append(attributes.style(over: range))
    }

    /// Adds a button below the message.
    public mutating func addButton(
        _ label: String, action: ModalAction, backgroundColor: ModalColor? = nil, foregroundColor: ModalColor? = nil
    ) {
        buttons.append(
            ModalButton(
                label: label, action: action, backgroundColor: backgroundColor, foregroundColor: foregroundColor))
    }

    /// The modal built so far.
    public var modal: Modal {
        Modal(
            message: message, styles: styles, buttons: buttons, textAlignment: textAlignment, maxLines: maxLines,
            direction: direction)
    }

    /// A modal whose message is the pieces in order, each drawn with its attributes.
    public static func assemble(_ pieces: (String, StyleAttributes)..., buttons: [ModalButton] = []) -> Modal {
        var builder = ModalBuilder()
        for (text, attributes) in pieces { builder.append(text, attributes) }
        for button in buttons { builder.buttons.append(button) }
        return builder.modal
    }
}
