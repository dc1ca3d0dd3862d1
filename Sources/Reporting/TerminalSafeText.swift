import ModalModel

/// Text from a file or the command line made safe to print on a terminal.
package enum TerminalSafeText {
    /// `text` with every control character replaced by its placeholder (line feeds kept; CR becomes `␍`).
    package static func safe(_ text: String) -> String {
        ControlCharacters.replacingUnsafe(in: text.contains("\r") ? text.replacing("\r", with: "\u{240D}") : text)
    }
}
