import ModalModel

/// Neutralises text that did not go through layout (button labels, link targets, titles) so that no
/// control character can reach a terminal, an SVG or a JSON consumer raw.
package enum SafeText {
    /// Whether `text` holds a scalar that `ControlCharacters` replaces, or a tab or line break.
    ///
    /// Scans UTF-8 bytes because almost all text is printable ASCII and this runs on every drawn cluster.
    @inlinable
    package static func needsSanitising(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { scanForUnsafe($0) } ?? scanForUnsafe(text.utf8)
    }

    @usableFromInline
    static func scanForUnsafe(_ bytes: some Collection<UInt8>) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F { return true }
            // C1 controls U+0080–U+009F are C2 80–C2 9F in UTF-8.
            if previous == 0xC2 && byte < 0xA0 && byte >= 0x80 { return true }
            // Bidi controls: U+202A–U+202E are E2 80 AA–AE, U+2066–U+2069 are E2 81 A6–A9.
            if beforePrevious == 0xE2 {
                if previous == 0x80 && (0xAA...0xAE).contains(byte) { return true }
                if previous == 0x81 && (0xA6...0xA9).contains(byte) { return true }
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// `text` with every control replaced by its visible placeholder and tabs and line breaks by spaces.
    ///
    /// Every replacement is one scalar for one scalar, so the text keeps its shape.
    package static func sanitised(_ text: String) -> String {
        guard needsSanitising(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                out.append(" ")
            } else {
                out.append(ControlCharacters.placeholder(for: scalar) ?? scalar)
            }
        }
        return String(out)
    }
}
