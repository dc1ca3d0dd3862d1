@_spi(Kernel) import TextKernel

/// The `font_size` values the format accepts and those it recommends, in points: the one declaration the
/// validator, its fast path, the schema and FORMAT.md follow.
package enum FontSizeLimits {
    /// Sizes browsers and apps can draw; a size outside them is the error `font-size-out-of-range`.
    package static let drawablePoints: ClosedRange<Double> = 1...1000
    /// Sizes readable on a phone and smaller than its screen; a drawable size outside them is the warning
    /// `font-size-unusual`.
    package static let readablePoints: ClosedRange<Double> = 6...200

    /// What a size outside `readablePoints` should become, for the hint of both diagnostics.
    package static let hint = "use a size from 6 to 200 points; the body text is 17, headings about 20 to 34"

    /// Why `points` (a positive size) is outside `drawablePoints`, or nil when it is inside.
    package static func undrawableReason(_ points: Double) -> String? {
        if points < drawablePoints.lowerBound {
            return "below \(PlainDecimal.text(drawablePoints.lowerBound)) point: browsers and apps cannot draw it"
        }
        if points > drawablePoints.upperBound {
            return "above \(PlainDecimal.text(drawablePoints.upperBound)) points: browsers and apps cannot draw it"
        }
        return nil
    }

    /// Why the drawable size `points` is outside `readablePoints`, or nil when it is inside.
    package static func unusualReason(_ points: Double) -> String? {
        if points < readablePoints.lowerBound {
            return "below \(PlainDecimal.text(readablePoints.lowerBound)) points: too small to read on a phone"
        }
        if points > readablePoints.upperBound {
            return "above \(PlainDecimal.text(readablePoints.upperBound)) points: larger than a phone screen"
        }
        return nil
    }
}
