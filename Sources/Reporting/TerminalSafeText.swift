import ModalModel
@_spi(Kernel) import TextKernel

/// Text from a file or the command line made safe to print on a terminal.
package enum TerminalSafeText {
    /// `text` with every control character replaced by its placeholder (line feeds kept; CR becomes `␍`).
    package static func safe(_ text: String) -> String {
        // The carriage return is looked for among the bytes: a search by `Character` cost more than validating
        // the file whose path this often is. (`replacing` goes by `Character`, so it leaves the CR of a CR LF
        // pair to the replacement below, as it always has.)
        ControlCharacters.replacingUnsafe(
            in: text.utf8.contains(0x0D) ? text.replacing("\r", with: "\u{240D}") : text)
    }
}
