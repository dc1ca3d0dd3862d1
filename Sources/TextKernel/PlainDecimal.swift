/// Numbers written into CSS, SVG and JSON output: plain decimals that every reader parses.
///
/// No exponent, no trailing `.`, no `-0`, no `nan` or `inf`, and no conversion that can trap: the value is
/// clamped to `largestMagnitude` before it is scaled, so the scaled value always fits in `Int`.
package enum PlainDecimal {
    /// The largest magnitude written; larger values, and the infinities, are written as this with their sign.
    package static let largestMagnitude = 1e15
    /// What NaN is written as.
    package static let notANumberText = "0"
    /// The most decimals `text(_:fractionDigits:)` writes (more would not fit `largestMagnitude` in `Int`).
    package static let maximumFractionDigits = 3

    private static let scales: [Double] = [1, 10, 100, 1000]

    /// `value` rounded to `fractionDigits` decimals (0 to 3; others are clamped), without trailing zeros.
    ///
    /// Parsed back, the text is within half a unit of the last decimal of `value` clamped to ±`largestMagnitude`.
    package static func text(_ value: Double, fractionDigits: Int = 3) -> String {
        guard !value.isNaN else { return notANumberText }
        let digits = min(max(fractionDigits, 0), maximumFractionDigits)
        let scale = scales[digits]
        let clamped = min(max(value, -largestMagnitude), largestMagnitude)
        // |scaled| <= 1e18 < Int.max, and it is a whole number, so the conversion is exact and cannot trap.
        let scaled = Int((clamped * scale).rounded())
        guard scaled != 0 else { return "0" }
        let magnitude = scaled.magnitude
        let divisor = UInt(scale)
        var out = scaled < 0 ? "-" : ""
        out += String(magnitude / divisor)
        var fraction = magnitude % divisor
        guard fraction != 0 else { return out }
        var width = digits
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        let fractionText = String(fraction)
        out += "."
        out += String(repeating: "0", count: width - fractionText.count)
        out += fractionText
        return out
    }
}
