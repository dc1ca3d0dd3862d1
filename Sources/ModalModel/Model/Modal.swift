/// One in-app modal message: text, styled ranges over it, and action buttons.
public struct Modal: Sendable, Equatable {
    /// The message text (`msg`). Style ranges index it in UTF-16 code units.
    public var message: String
    /// The style ranges (`styles`), in the order they apply.
    public var styles: [Style]
    /// The action buttons (`buttons`), in display order.
    public var buttons: [Button]
    /// How the message lines are aligned (`text_align`); left when absent.
    public var textAlignment: TextAlignment
    /// The most lines the message may take before it ends in "…" (`max_lines`); nil for no limit.
    public var maxLines: Int?

    /// Creates a modal.
    public init(
        message: String, styles: [Style] = [], buttons: [Button] = [],
        textAlignment: TextAlignment = .left, maxLines: Int? = nil
    ) {
        self.message = message
        self.styles = styles
        self.buttons = buttons
        self.textAlignment = textAlignment
        self.maxLines = maxLines
    }
}

/// Horizontal alignment of message lines.
public enum TextAlignment: String, Sendable, Equatable, CaseIterable {
    case left, center, right
}
