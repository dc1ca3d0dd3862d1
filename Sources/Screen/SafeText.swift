import ModalModel

/// Neutralises text that did not go through layout (button labels, link targets, titles) so that no
/// control character can reach a terminal, an SVG or a JSON consumer raw.
package enum SafeText {
    /// Whether `text` holds a scalar that `ControlCharacters` replaces, or a tab or line break.
    @inlinable
    package static func needsSanitising(_ text: String) -> Bool {
        ControlCharacters.mayNeedReplacing(text)
    }

    /// `text` with every control replaced by its visible placeholder and tabs and line breaks by spaces.
    ///
    /// Every replacement is one scalar for one scalar, so the text keeps its shape.
    package static func sanitised(_ text: String) -> String {
        ControlCharacters.replacingUnsafe(in: text, layoutControlReplacement: " ")
    }
}
