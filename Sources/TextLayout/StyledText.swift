import ModalModel

/// A message plus the styled spans over it, each span keeping its source range in UTF-16 units.
///
/// `init(modal:)` builds one from a modal's `styles`; `wrap(_:options:)` lays it out.
public struct StyledText: Sendable, Equatable {
    /// The message as it came from the source (not yet sanitised).
    public var text: String
    /// Non-overlapping spans in text order that cover the whole text; each carries the resolved style.
    public var spans: [StyledSpan]

    /// Creates styled text from resolved spans.
    public init(text: String, spans: [StyledSpan]) {
        self.text = text
        self.spans = spans
    }
}

/// A run of text with one resolved style.
public struct StyledSpan: Sendable, Equatable {
    /// Source range in UTF-16 units of `StyledText.text`.
    public var range: UTF16Range
    /// The style of every character in the range.
    public var style: TextStyle

    /// Creates a span.
    public init(range: UTF16Range, style: TextStyle) {
        self.range = range
        self.style = style
    }
}
