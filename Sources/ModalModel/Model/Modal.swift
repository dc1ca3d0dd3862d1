/// One in-app modal message: text, styled ranges over it, and action buttons.
public struct Modal: Sendable, Hashable {
    /// The message text (`msg`). Style ranges index it in UTF-16 code units.
    public var message: String
    /// The style ranges (`styles`), in the order they apply.
    public var styles: [ModalStyle]
    /// The action buttons (`buttons`), in display order.
    public var buttons: [ModalButton]
    /// How the message lines are aligned (`text_align`); `start` when absent (left for left-to-right text, right
    /// for right-to-left).
    public var textAlignment: ModalTextAlignment
    /// The most lines the message may take before it ends in "…" (`max_lines`); nil for no limit.
    public var maxLines: Int?
    /// The base direction of the message's paragraphs (`direction`); `auto` when absent.
    public var direction: TextDirection

    /// Creates a modal.
    public init(
        message: String, styles: [ModalStyle] = [], buttons: [ModalButton] = [],
        textAlignment: ModalTextAlignment = .start, maxLines: Int? = nil, direction: TextDirection = .auto
    ) {
        self.direction = direction
        self.message = message
        self.styles = styles
        self.buttons = buttons
        self.textAlignment = textAlignment
        self.maxLines = maxLines
    }
}

/// Horizontal alignment of message lines.
public enum ModalTextAlignment: String, Sendable, Hashable, CaseIterable, Codable {
    case left, center, right
    /// The side the message's direction starts from: left for left-to-right text, right for right-to-left.
    case start
    /// The side the message's direction ends at: right for left-to-right text, left for right-to-left.
    case end
}

/// The base direction of a message's paragraphs (`direction`).
public enum TextDirection: String, Sendable, Hashable, CaseIterable, Codable {
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"
    /// Each paragraph takes the direction of its first strong character (UAX #9 rules P2 and P3), else left to right.
    case auto
}
