extension JSONScanner {
    /// Parses the number at `position` by the RFC 8259 grammar, leaving `position` just after it.
    ///
    /// The decimal digits are gathered into a 64-bit significand and a power of ten. Plain integers
    /// end there; other numbers use the exact fast path when the significand and the power are small
    /// enough (Clinger 1990) and the standard library's correctly rounded parser otherwise.
    package mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = position
        var offset = start
        let isNegative = base[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        guard offset < count, base[offset] &- UInt8(ascii: "0") < 10 else {
            throw expectedDigit(at: offset, numberStart: start, after: .minus)
        }

        var significand: UInt64 = 0
        var significantDigits = 0
        var powerOfTen = 0
        var droppedNonZeroDigit = false

        if base[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < count, base[offset] &- UInt8(ascii: "0") < 10 { throw leadingZero(numberStart: start) }
        } else {
            while offset < count {
                let digit = base[offset] &- UInt8(ascii: "0")
                if digit >= 10 { break }
                if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    powerOfTen += 1
                    if digit != 0 { droppedNonZeroDigit = true }
                }
                offset += 1
            }
        }

        var isPlainInteger = true
        if offset < count, base[offset] == UInt8(ascii: ".") {
            isPlainInteger = false
            offset += 1
            guard offset < count, base[offset] &- UInt8(ascii: "0") < 10 else {
                throw expectedDigit(at: offset, numberStart: start, after: .decimalPoint)
            }
            while offset < count {
                let digit = base[offset] &- UInt8(ascii: "0")
                if digit >= 10 { break }
                if significand == 0 && digit == 0 {
                    powerOfTen -= 1
                } else if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    significantDigits += 1
                    powerOfTen -= 1
                } else if digit != 0 {
                    droppedNonZeroDigit = true
                }
                offset += 1
            }
        }

        if offset < count, base[offset] | 0x20 == UInt8(ascii: "e") {
            isPlainInteger = false
            offset += 1
            var exponentIsNegative = false
            if offset < count, base[offset] == UInt8(ascii: "-") || base[offset] == UInt8(ascii: "+") {
                exponentIsNegative = base[offset] == UInt8(ascii: "-")
                offset += 1
            }
            guard offset < count, base[offset] &- UInt8(ascii: "0") < 10 else {
                throw expectedDigit(at: offset, numberStart: start, after: .exponentMarker)
            }
            var exponent = 0
            while offset < count {
                let digit = base[offset] &- UInt8(ascii: "0")
                if digit >= 10 { break }
                // Far beyond any finite double; saturating keeps the sum below from overflowing.
                if exponent < 100_000_000 { exponent = exponent * 10 + Int(digit) }
                offset += 1
            }
            powerOfTen += exponentIsNegative ? -exponent : exponent
        }
        position = offset

        if offset < count, base[offset] | 0x20 == UInt8(ascii: "x"), offset == start + 1 + (isNegative ? 1 : 0),
            base[offset - 1] == UInt8(ascii: "0")
        {
            throw hexadecimalNumber(numberStart: start)
        }

        if takesNumberShortcuts && isPlainInteger && powerOfTen == 0 {
            // Plain integers of up to 19 digits: no floating-point parsing at all.
            let double = isNegative ? -Double(significand) : Double(significand)
            return JSONNumber(double: double, exactInteger: Self.signedInteger(significand, isNegative: isNegative))
        }

        let exactInteger =
            droppedNonZeroDigit
            ? nil : Self.exactInteger(significand: significand, powerOfTen: powerOfTen, isNegative: isNegative)
        let double: Double
        if takesNumberShortcuts && !droppedNonZeroDigit,
            let fast = Self.fastDouble(significand: significand, powerOfTen: powerOfTen)
        {
            double = isNegative ? -fast : fast
        } else {
            let text = String(decoding: UnsafeBufferPointer(start: base + start, count: offset - start), as: UTF8.self)
            // The grammar is already checked, and the standard library accepts every JSON number.
            double = Double(text) ?? .nan
        }
        guard double.isFinite else { throw numberTooLarge(numberStart: start) }
        return JSONNumber(double: double, exactInteger: exactInteger)
    }

    /// The whole number `significand × 10^powerOfTen` (with its sign) when it fits in `Int`, else nil.
    private static func exactInteger(significand: UInt64, powerOfTen: Int, isNegative: Bool) -> Int? {
        if significand == 0 { return 0 }
        var magnitude = significand
        var power = powerOfTen
        while power < 0 && magnitude % 10 == 0 {
            magnitude /= 10
            power += 1
        }
        guard power >= 0, power <= 19 else { return nil }
        for _ in 0..<power {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            magnitude = product
        }
        return signedInteger(magnitude, isNegative: isNegative)
    }

    @inline(__always)
    private static func signedInteger(_ magnitude: UInt64, isNegative: Bool) -> Int? {
        if isNegative {
            if magnitude <= UInt64(Int.max) { return -Int(magnitude) }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : nil
        }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    /// Exact powers of ten that a double holds without rounding.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// `significand × 10^powerOfTen` when one correctly rounded operation on exact operands gives it.
    @inline(__always)
    private static func fastDouble(significand: UInt64, powerOfTen: Int) -> Double? {
        if significand == 0 { return 0 }
        guard significand <= 1 << 53 else { return nil }
        if powerOfTen < 0 {
            guard powerOfTen >= -22 else { return nil }
            return Double(significand) / powersOfTen[-powerOfTen]
        }
        if powerOfTen <= 22 { return Double(significand) * powersOfTen[powerOfTen] }
        // 123e25 = 1230000e20: move the excess power into the significand while it stays exact.
        guard powerOfTen <= 22 + 15 else { return nil }
        var shifted = significand
        for _ in 0..<(powerOfTen - 22) {
            shifted *= 10
            if shifted > 1 << 53 { return nil }
        }
        return Double(shifted) * powersOfTen[22]
    }
}
