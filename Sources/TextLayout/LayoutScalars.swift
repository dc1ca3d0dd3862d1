/// The scalars layout treats specially: line breaks and the spaces a soft break swallows.
///
/// How untrusted text is shown is not decided here: `ModalModel.ControlCharacters` is the one policy, and
/// wrapping applies its placeholders scalar for scalar (see `WrapSource`).
package enum LayoutScalars {
    /// Whether `scalar` ends a line: LF, CR, LINE SEPARATOR (U+2028) or PARAGRAPH SEPARATOR (U+2029).
    ///
    /// CR LF is one grapheme cluster and therefore one line break. VT, FF and NEL are not here: `ControlCharacters` turns them into visible placeholders instead.
    @inlinable
    package static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
    }

    /// Whether `scalar`, standing alone as a grapheme cluster, is whitespace that a soft line break swallows.
    ///
    /// These are the tab and the spaces of general category Zs that allow a break after them; the no-break
    /// spaces (U+00A0, U+2007, U+202F) are excluded because they are meant to glue words together.
    @inlinable
    package static func isBreakableSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        switch value {
        case 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
