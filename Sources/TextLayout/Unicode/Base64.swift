/// Decoding of the base64 text that carries the generated Unicode tables.
enum Base64 {
    /// Decodes standard base64 (RFC 4648 alphabet, `=` padding) into `output`, skipping whitespace.
    ///
    /// Returns the number of bytes written. The input is generated, so an unexpected character is a
    /// programming error and traps.
    static func decode(_ text: StaticString, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var written = 0
        var accumulator: UInt32 = 0
        var bitCount = 0
        text.withUTF8Buffer { input in
            for byte in input {
                let sextet: UInt32
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(byte - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(byte - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(byte - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): sextet = 62
                case UInt8(ascii: "/"): sextet = 63
                case UInt8(ascii: "="), UInt8(ascii: "\n"), UInt8(ascii: " "): continue
                default: preconditionFailure("unexpected byte \(byte) in a generated base64 table")
                }
                accumulator = accumulator << 6 | sextet
                bitCount += 6
                if bitCount >= 8 {
                    bitCount -= 8
                    output[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount))
                    written += 1
                }
            }
        }
        return written
    }
}
