import ModalModel

/// A message plus the styled spans over it, each span keeping its source range in UTF-16 units.
///
/// `init(modal:)` builds one from a modal's `styles`; `wrap(options:)` lays it out.
package struct StyledText: Sendable, Equatable {
    /// The message as it came from the source (not yet sanitised).
    package var text: String
    /// Non-overlapping spans in text order that cover the whole text; each carries the resolved style.
    package var spans: [StyledSpan]

    /// Creates styled text from resolved spans.
    package init(text: String, spans: [StyledSpan]) {
        self.text = text
        self.spans = spans
    }
}

/// A run of text with one resolved style.
package struct StyledSpan: Sendable, Equatable {
    /// Source range in UTF-16 units of `StyledText.text`.
    package var range: UTF16Range
    /// The style of every character in the range.
    package var style: TextStyle

    /// Creates a span.
    package init(range: UTF16Range, style: TextStyle) {
        self.range = range
        self.style = style
    }
}
