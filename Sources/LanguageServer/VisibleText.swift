import ModalModel
@_spi(Kernel) import TextKernel

/// Text shown to the user in hovers and hints with its invisible characters written out, so that a range
/// covering a zero-width joiner, a control or a line break says so.
package enum VisibleText {
    /// `text` with line breaks as `\n`, tabs as `\t` and every other invisible or control scalar as `\u{XXXX}`.
    package static func escaped(_ text: String) -> String { units(text).joined() }

    /// The escaped text in the pieces it is cut at: each escape whole, and each grapheme cluster of the
    /// characters between escapes.
    static func units(_ text: String) -> [String] {
        var units: [String] = []
        var run = ""
        func flush() {
            units.append(contentsOf: run.map(String.init))
            run = ""
        }
        for scalar in text.unicodeScalars {
            if let escape = escape(of: scalar) {
                flush()
                units.append(escape)
            } else {
                run.unicodeScalars.append(scalar)
            }
        }
        flush()
        return units
    }

    /// How `scalar` is written out, or nil when it shows as itself.
    static func escape(of scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case "\\": "\\\\"
        default:
            isInvisible(scalar) ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : nil
        }
    }

    /// Whether the text has a scalar `escaped` writes out.
    package static func hasInvisible(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\t" || isInvisible($0) }
    }

    /// `text` escaped and cut to at most `limit` characters with an ellipsis, between whole escapes and whole
    /// grapheme clusters, so a label never ends in half of `\u{200D}`.
    /// `isCut` says that `text` is the start of a longer text, so the ellipsis is due whatever its length.
    package static func shortened(_ text: String, limit: Int, isCut: Bool = false) -> String {
        let pieces = units(text)
        let total = pieces.reduce(0) { $0 + $1.count }
        guard total > limit || isCut else { return pieces.joined() }
        var shown = ""
        var count = 0
        for piece in pieces {
            guard count + piece.count <= max(1, limit - 1) else { break }
            shown += piece
            count += piece.count
        }
        return shown + "…"
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
