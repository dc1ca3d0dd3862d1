import ModalModel

/// A text colour and the opaque colour under it on a `ModalCard`, measured against WCAG 2.x AA (1.4.3).
///
/// The one rule behind `validate`'s `card-low-contrast` warning and the review page's marks, so that the page
/// marks exactly what the validator reports.
package struct CardContrast: Sendable, Equatable {
    /// The text's colour as drawn, opaque.
    package var foreground: ModalColor
    /// The colour under the text, opaque.
    package var background: ModalColor
    /// Whether the text is large in WCAG's sense (`isLarge(fontSize:isBold:)`).
    package var isLarge: Bool

    /// WCAG AA's minimum contrast for text.
    package static let minimumRatio = 4.5
    /// WCAG AA's minimum contrast for large text.
    package static let minimumLargeRatio = 3.0
    /// WCAG's large text, 18 pt, in CSS pixels (4/3 px a point).
    package static let largeCSSPixelSize = 24.0
    /// WCAG's large bold text, 14 pt, in CSS pixels.
    package static let largeBoldCSSPixelSize = 14.0 * 4 / 3

    /// Whether text of `fontSize` CSS pixels (nil: the body size, 17 px) is large: at least 24 px, or at least
    /// 18.67 px and bold (WCAG 2.x's 18 pt and 14 pt bold, at the CSS 4/3 px a point).
    package static func isLarge(fontSize: Double?, isBold: Bool) -> Bool {
        guard let size = fontSize, size.isFinite else { return false }
        return size >= largeCSSPixelSize || (isBold && size >= largeBoldCSSPixelSize)
    }

    /// The contrast ratio, from 1 to 21.
    package var ratio: Double { ColorContrast.ratio(foreground, background) }

    /// The ratio WCAG AA asks of this text: 3:1 when large, else 4.5:1.
    package var requiredRatio: Double { isLarge ? Self.minimumLargeRatio : Self.minimumRatio }

    /// The ratio WCAG AA asks, as the messages write it: `3:1` or `4.5:1`.
    package var writtenRequirement: String { isLarge ? "3:1" : "4.5:1" }

    /// Whether the text contrasts less than WCAG AA asks.
    package var isTooLow: Bool { ratio < requiredRatio }

    /// A ratio as the warnings and marks write it, with two decimals: `1.00:1`, `4.48:1`.
    package static func written(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
    }
}
