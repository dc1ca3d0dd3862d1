/// Writes compact JSON text that is safe to show on a terminal.
///
/// String literals escape every character that a terminal or a bidi-aware viewer would act on (C0 and
/// C1 controls, DEL, the line and paragraph separators and the bidi embedding, override and isolate
/// controls), so no JSON this writes can carry a raw escape sequence.
package enum JSONWriter {
    /// `s` as a JSON string literal, quotes included.
    package static func quoted(_ s: String) -> String {
        var output = ""
        writeQuoted(s, into: &output)
        return output
    }

    /// `value` as compact JSON text.
    package static func serialize(_ value: JSONValue) -> String {
        var output = ""
        write(value, into: &output)
        return output
    }

    /// Appends `value` as compact JSON text to `output`.
    ///
    /// Numbers print as integers when `exactInteger` is set and otherwise as the shortest text that reads
    /// back as the same double. A non-finite double, which no parsed number can be, prints as `null`.
    package static func write(_ value: JSONValue, into output: inout String) {
        switch value {
        case .null:
            output += "null"
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .number(let number):
            if let integer = number.exactInteger {
                output += String(integer)
            } else if number.double.isFinite {
                output += number.double.description
            } else {
                output += "null"
            }
        case .string(let string):
            writeQuoted(string, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element.value, into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeQuoted(member.key, into: &output)
                output += ":"
                write(member.value.value, into: &output)
            }
            output += "}"
        }
    }

    /// Appends `s` as a JSON string literal, quotes included, to `output`.
    package static func writeQuoted(_ s: String, into output: inout String) {
        var utf8Source = s
        let escapedLiteral: [UInt8]? = utf8Source.withUTF8 { utf8 in
            guard let first = firstEscapedOffset(in: utf8, from: 0) else { return nil }
            var literal: [UInt8] = []
            literal.reserveCapacity(utf8.count + 16)
            literal.append(UInt8(ascii: "\""))
            var runStart = 0
            var escaped: Int? = first
            while let offset = escaped {
                literal.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
                runStart = offset + appendEscape(for: utf8, at: offset, to: &literal)
                escaped = firstEscapedOffset(in: utf8, from: runStart)
            }
            literal.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            literal.append(UInt8(ascii: "\""))
            return literal
        }
        if let escapedLiteral {
            output += String(decoding: escapedLiteral, as: UTF8.self)
        } else {
            // Nothing to escape, the common case: no byte-level copy of the text.
            output += "\""
            output += s
            output += "\""
        }
    }

    /// The offset of the first character at or after `start` that must be escaped, or nil.
    ///
    /// Checks UTF-8 lead bytes: U+0080–U+009F are `C2 80`–`C2 9F`; U+2028–U+202E are `E2 80 A8`–`E2 80 AE`;
    /// U+2066–U+2069 are `E2 81 A6`–`E2 81 A9`.
    private static func firstEscapedOffset(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var offset = start
        while offset < utf8.count {
            let byte = utf8[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
                return offset
            }
            if byte == 0xC2 && offset + 1 < utf8.count && utf8[offset + 1] <= 0x9F { return offset }
            if byte == 0xE2 && offset + 2 < utf8.count {
                let second = utf8[offset + 1]
                let third = utf8[offset + 2]
                if second == 0x80 && (0xA8...0xAE).contains(third) { return offset }
                if second == 0x81 && (0xA6...0xA9).contains(third) { return offset }
            }
            offset += 1
        }
        return nil
    }

    /// Appends the escape for the character at `offset`, returning how many bytes it spans.
    private static func appendEscape(
        for utf8: UnsafeBufferPointer<UInt8>, at offset: Int, to literal: inout [UInt8]
    ) -> Int {
        let byte = utf8[offset]
        let short: UInt8?
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        default: short = nil
        }
        if let short {
            literal.append(UInt8(ascii: "\\"))
            literal.append(short)
            return 1
        }
        let scalarValue: UInt32
        let length: Int
        switch byte {
        case 0xC2:
            scalarValue = UInt32(utf8[offset + 1] & 0x3F) | 0x80
            length = 2
        case 0xE2:
            scalarValue = 0x2000 | UInt32(utf8[offset + 1] & 0x3F) << 6 | UInt32(utf8[offset + 2] & 0x3F)
            length = 3
        default:
            scalarValue = UInt32(byte)
            length = 1
        }
        literal.append(UInt8(ascii: "\\"))
        literal.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8(scalarValue >> UInt32(shift) & 0xF)
            literal.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
        return length
    }
}
