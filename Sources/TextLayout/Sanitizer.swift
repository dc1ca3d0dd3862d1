import ModalModel

/// How untrusted message text is made safe to lay out and show.
///
/// The policy for which scalars are unsafe lives in `ModalModel.ControlCharacters`; this type applies it and
/// classifies the scalars that layout treats specially (line breaks, tabs, breakable spaces). Every
/// replacement swaps one BMP scalar for another, so UTF-16 offsets into the message stay valid.
public enum Sanitizer {
    /// The scalar shown for `scalar`: its placeholder when the control-character policy neutralises it, else itself.
    @inlinable
    public static func displayScalar(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        ControlCharacters.placeholder(for: scalar) ?? scalar
    }

    /// Whether `scalar` ends a line: LF, CR, LINE SEPARATOR (U+2028) or PARAGRAPH SEPARATOR (U+2029).
    ///
    /// CR LF is one grapheme cluster and therefore one line break. VT, FF and NEL are not here: the
    /// control-character policy turns them into visible placeholders instead.
    @inlinable
    public static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
    }

    /// Whether `scalar`, standing alone as a grapheme cluster, is whitespace that a soft line break swallows.
    ///
    /// These are the tab and the spaces of general category Zs that allow a break after them; the no-break
    /// spaces (U+00A0, U+2007, U+202F) are excluded because they are meant to glue words together.
    @inlinable
    public static func isBreakableSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        switch value {
        case 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// `text` with every neutralised scalar replaced by its placeholder; tabs and line breaks are left for layout.
    ///
    /// UTF-16 offsets into the result are the same as into `text`.
    public static func replacingControls(in text: String) -> String {
        guard text.unicodeScalars.contains(where: { ControlCharacters.placeholder(for: $0) != nil }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(displayScalar(for: scalar)) }
        return String(result)
    }

    /// `text` made safe for a one-line label: controls replaced by placeholders, each tab and line-break scalar
    /// replaced by one space (so UTF-16 offsets are kept).
    public static func singleLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || isLineBreak(scalar) {
                result.append(" ")
            } else {
                result.append(displayScalar(for: scalar))
            }
        }
        return String(result)
    }
}
