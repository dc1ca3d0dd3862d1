@_spi(Kernel) import TextKernel

/// Writes compact JSON text that is safe to show on a terminal.
///
/// String literals escape every character on the one list that no JSON writer writes raw
/// (`ControlCharacters.isHiddenInSource`: C0 and C1 controls, DEL, the line and paragraph separators, bidi
/// controls and invisible characters), so no JSON this writes can carry a raw escape sequence.
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

    /// The offset of the first character at or after `start` that must be escaped, or nil: a quote, a backslash,
    /// or a character on the one list of characters no JSON writer writes raw
    /// (`ControlCharacters.isHiddenInSource`).
    private static func firstEscapedOffset(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var offset = start
        while offset < utf8.count {
            let byte = utf8[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return offset }
            if byte < 0x20 || byte == 0x7F || ControlCharacters.mayStartHiddenScalar(leadByte: byte),
                ControlCharacters.hiddenScalar(inUTF8: utf8, at: offset) != nil
            {
                return offset
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
        guard let (scalar, byteCount) = ControlCharacters.hiddenScalar(inUTF8: utf8, at: offset) else {
            literal.append(byte)
            return 1
        }
        ControlCharacters.appendJSONEscape(of: scalar, to: &literal)
        return byteCount
    }
}
