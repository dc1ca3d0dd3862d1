import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// The one writer of numbers into CSS, SVG and JSON output: its text is always a plain decimal that parses back
/// within the documented precision, for every Double (a `font_size` of 1e16 once made the HTML renderer trap).
@Suite struct PlainDecimalTests {
    /// A CSS `<number>` without exponent, sign of zero, trailing point or trailing zero in the fraction.
    // Regex is not Sendable; this one is made once and only read.
    nonisolated(unsafe) static let plainDecimal = try! Regex(#"-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?"#)

    static func isPlain(_ text: String) -> Bool {
        text != "-0" && text.wholeMatch(of: plainDecimal) != nil
    }

    /// How far the text may be from the value: half a unit of the last decimal, or the double's own spacing
    /// where that is coarser (near `largestMagnitude` with three decimals).
    static func tolerance(_ value: Double, fractionDigits: Int) -> Double {
        var unit = 1.0
        for _ in 0..<fractionDigits { unit /= 10 }
        return unit / 2 + abs(value).ulp * 4096 * unit
    }

    static func check(_ value: Double, fractionDigits: Int) {
        let text = PlainDecimal.text(value, fractionDigits: fractionDigits)
        expect(isPlain(text), "\(value) with \(fractionDigits) decimals is written \(text)")
        guard let parsed = Double(text) else {
            Issue.record("\(text) does not parse")
            return
        }
        let expected =
            value.isNaN ? 0 : min(max(value, -PlainDecimal.largestMagnitude), PlainDecimal.largestMagnitude)
        expect(
            abs(parsed - expected) <= tolerance(expected, fractionDigits: fractionDigits),
            "\(value) with \(fractionDigits) decimals is written \(text)")
        if let dot = text.firstIndex(of: ".") {
            expect(text.distance(from: dot, to: text.endIndex) - 1 <= fractionDigits, "\(text)")
        }
    }

    static let extremes: [Double] = [
        0, -0.0, .nan, -.nan, .signalingNaN, .infinity, -.infinity, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
        Double.leastNormalMagnitude.nextDown, 1e16, 1e-300, 1e9, 0.0005, 0.0004999, -0.0004, 0.9995, 999.9995,
        1e15, 1e15.nextUp, -1e15, 999_999_999_999_999.9, 9.2e18, -9.3e18, 0.1 + 0.2, 2.5, -2.5, 0.125,
    ]

    @Test func extremesAreWrittenAsPlainDecimals() {
        for value in Self.extremes {
            for digits in 0...PlainDecimal.maximumFractionDigits { Self.check(value, fractionDigits: digits) }
        }
    }

    /// Random bit patterns reach every exponent, subnormals, NaN payloads and the infinities; random exponents
    /// reach the sizes people write as often as the huge ones.
    @Test func randomDoublesAreWrittenAsPlainDecimalsThatParseBack() {
        var generator = SeededGenerator(seed: 0x5EED_D0C5)
        let rounds = TestScale.rounds(1_000_000, quick: 100_000)
        for round in 0..<rounds {
            let value: Double
            switch round % 3 {
            case 0: value = Double(bitPattern: generator.next())
            case 1:
                // Exponents from subnormal to just past `largestMagnitude`, where the clamp starts.
                value = Double(
                    sign: Bool.random(using: &generator) ? .minus : .plus,
                    exponentBitPattern: UInt.random(in: 0...1075, using: &generator),
                    significandBitPattern: generator.next() & (1 << 52 - 1))
            default: value = Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000
            }
            Self.check(value, fractionDigits: round % (PlainDecimal.maximumFractionDigits + 1))
        }
    }

    @Test func writesWhatABrowserReads() {
        expectEqual(PlainDecimal.text(1e16), "1000000000000000")
        expectEqual(PlainDecimal.text(1e9), "1000000000")
        expectEqual(PlainDecimal.text(0.0001), "0")
        expectEqual(PlainDecimal.text(-0.0001), "0")
        expectEqual(PlainDecimal.text(-0.0), "0")
        expectEqual(PlainDecimal.text(.nan), PlainDecimal.notANumberText)
        expectEqual(PlainDecimal.text(-.infinity), "-1000000000000000")
        expectEqual(PlainDecimal.text(12.5), "12.5")
        expectEqual(PlainDecimal.text(0.1 + 0.2), "0.3")
        expectEqual(PlainDecimal.text(-1.0625), "-1.063")
        expectEqual(PlainDecimal.text(-1.0625, fractionDigits: 2), "-1.06")
        expectEqual(PlainDecimal.text(0.05, fractionDigits: 1), "0.1")
        expectEqual(PlainDecimal.text(7.001, fractionDigits: 9), "7.001")
        expectEqual(PlainDecimal.text(7.5, fractionDigits: -1), "8")
    }
}
