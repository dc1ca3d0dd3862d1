/// UTF-8 well-formedness by the Unicode Standard, Table 3-7 ("Well-Formed UTF-8 Byte Sequences").
///
/// The parser lets the standard library check strings in bulk and comes here to explain a failure and to
/// look at single characters, so this side favours precise messages over speed.
package enum UTF8Validation {
    /// The length of the well-formed sequence starting at `offset`, or 0 when the bytes there are not one.
    @inline(__always)
    package static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        let lead = bytes[offset]
        if lead < 0x80 { return 1 }
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondHigh = 0x9F
        case 0xF0:
            length = 4
            secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondHigh = 0x8F
        default: return 0
        }
        guard offset + length <= bytes.count else { return 0 }
        let second = bytes[offset + 1]
        guard second >= secondLow && second <= secondHigh else { return 0 }
        for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// The first ill-formed sequence in `range`, as a `json-utf8` error at its first byte.
    package static func firstError(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> JSONParseError? {
        var offset = range.lowerBound
        while offset < range.upperBound {
            if bytes[offset] < 0x80 {
                offset += 1
                continue
            }
            let length = sequenceLength(in: bytes, at: offset)
            if length == 0 { return error(in: bytes, at: offset) }
            offset += length
        }
        return nil
    }

    /// A `json-utf8` error for the ill-formed sequence that starts at `offset`, naming the bytes.
    package static func error(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> JSONParseError {
        JSONParseError(
            code: .jsonUTF8, message: "invalid UTF-8: " + explanation(in: bytes, at: offset),
            byteOffset: offset, hint: hint(in: bytes, at: offset))
    }

    private static func explanation(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        let lead = bytes[offset]
        let leadText = hex(lead)
        let length: Int
        switch lead {
        case 0x80...0xBF:
            return "byte \(leadText) is a continuation byte with no lead byte before it"
        case 0xC0, 0xC1:
            return "byte \(leadText) can only start an overlong (non-shortest) encoding"
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default:
            return "byte \(leadText) never appears in UTF-8"
        }
        for index in (offset + 1)..<(offset + length) {
            guard index < bytes.count else {
                return
                    "byte \(leadText) starts a \(length)-byte sequence but the file ends after \(index - offset) byte"
                    + (index - offset == 1 ? "" : "s")
            }
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                return "byte \(leadText) starts a \(length)-byte sequence but \(hex(byte)) is not a continuation byte"
            }
            if index == offset + 1 {
                let pair = "bytes \(leadText) \(hex(byte))"
                switch (lead, byte) {
                case (0xE0, 0x80...0x9F), (0xF0, 0x80...0x8F):
                    return "\(pair) start an overlong (non-shortest) encoding"
                case (0xED, 0xA0...0xBF):
                    return "\(pair) encode a UTF-16 surrogate (U+D800–U+DFFF), which UTF-8 must not contain"
                case (0xF4, 0x90...0xBF):
                    return "\(pair) encode a code point above U+10FFFF"
                default:
                    break
                }
            }
        }
        // Unreachable for bytes that `sequenceLength` rejected; kept total so a caller's mistake still reads well.
        return "byte \(leadText) does not start a well-formed sequence"
    }

    private static func hint(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        if bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)) {
            return "the file looks like UTF-16; save it as UTF-8"
        }
        let lead = bytes[offset]
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        // A lone high byte before ASCII is how Latin-1 and Windows-1252 letters such as "é" (0xE9) look.
        if lead >= 0xF5 || (lead >= 0xC0 && next & 0xC0 != 0x80 && offset + 1 < bytes.count) {
            return "save the file as UTF-8; bytes like this usually come from Latin-1 or Windows-1252 text"
        }
        return "save the file as UTF-8"
    }

    /// `0xC3`: how the messages name a byte.
    package static func hex(_ byte: UInt8) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
