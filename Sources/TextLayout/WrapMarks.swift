/// The marks that layout draws in place of text it cannot show.
package enum WrapMarks {
    /// Ends the last kept line when `maxLines` cuts the text: U+2026 HORIZONTAL ELLIPSIS.
    ///
    /// It is East Asian Ambiguous, so it takes two cells when `ambiguousIsWide` is set.
    package static let ellipsis = "\u{2026}"

    /// Ends a cut line instead of `ellipsis` when even the ellipsis is wider than the line (width 1, ambiguous wide).
    package static let narrowEllipsis = "."

    /// Stands for a grapheme cluster wider than the whole line (a wide character at width 1): U+25AF WHITE
    /// VERTICAL RECTANGLE, East Asian Width Neutral, so it is one cell under every width setting.
    package static let tooWide = "\u{25AF}"

    /// `tooWide` as the UTF-8 a segment holds, made once.
    static let tooWideUTF8 = ArraySlice(tooWide.utf8)
}
