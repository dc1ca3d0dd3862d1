import ModalModel
@_spi(Kernel) import TextKernel

/// Text shown to the user in hovers and hints with its invisible characters written out, so that a range
/// covering a zero-width joiner, a control or a line break says so.
package enum VisibleText {
    /// `text` with line breaks as `\n`, tabs as `\t` and every other invisible or control scalar as `\u{XXXX}`.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\\": out += "\\\\"
            default:
                if isInvisible(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Whether the text has a scalar `escaped` writes out.
    package static func hasInvisible(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\t" || isInvisible($0) }
    }

    /// `text` escaped and cut to `limit` characters with an ellipsis.
    package static func shortened(_ text: String, limit: Int) -> String {
        let shown = escaped(text)
        guard shown.count > limit else { return shown }
        return String(shown.prefix(max(1, limit - 1))) + "…"
    }

    /// Whether `scalar` is written out: every scalar a JSON writer keeps escaped (`isHiddenInSource`), and
    /// beyond those the joiners, variation selectors, spaces other than U+0020, private-use and unassigned
    /// scalars, which an editor shows as nothing or as a blank that could be anything.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if ControlCharacters.isHiddenInSource(scalar) { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        case .spaceSeparator:
            return scalar != " "
        default:
            return scalar.properties.isVariationSelector
        }
    }
}
