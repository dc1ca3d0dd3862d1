/// Writes JSON bytes in one canonical form: members in the order given, UTF-8 kept as is, only the escapes JSON
/// requires (`"`, `\` and the C0 controls), and numbers as integers or as the shortest text that reads back as
/// the same double.
///
/// Unlike `JSONWriter`, which makes text safe to print on a terminal, this writes what goes over the wire.
package struct CanonicalJSONWriter: Sendable {
    /// The layout of the output: `ModalEncoder.Layout`, one definition for both.
    package typealias Layout = ModalEncoder.Layout

    /// The layout written.
    package var layout: Layout

    /// Creates a writer.
    package init(layout: Layout = .compact) { self.layout = layout }

    /// `value` as JSON bytes.
    package func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, depth: 0)
        if layout == .pretty { out.append(0x0A) }
        return out
    }

    /// Appends `value` at nesting `depth`.
    package func write(_ value: JSONValue, into out: inout [UInt8], depth: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): Self.writeNumber(number, into: &out)
        case .string(let text): Self.writeString(text, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(into: &out, depth: depth + 1)
                write(element.value, into: &out, depth: depth + 1)
            }
            if !elements.isEmpty { newline(into: &out, depth: depth) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(into: &out, depth: depth + 1)
                Self.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if layout == .pretty { out.append(UInt8(ascii: " ")) }
                write(member.value.value, into: &out, depth: depth + 1)
            }
            if !members.isEmpty { newline(into: &out, depth: depth) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(into out: inout [UInt8], depth: Int) {
        guard layout == .pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Appends a number: the exact integer when there is one, else the shortest round-trip text of the double;
    /// `null` for a non-finite double, which JSON cannot carry.
    package static func writeNumber(_ number: JSONNumber, into out: inout [UInt8]) {
        if let integer = number.exactInteger {
            out.append(contentsOf: String(integer).utf8)
        } else if number.double.isFinite {
            out.append(contentsOf: number.double.description.utf8)
        } else {
            out.append(contentsOf: "null".utf8)
        }
    }

    /// Appends a string literal with the escapes JSON requires and nothing else.
    package static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                runStart = offset + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    let digits = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "u00".utf8)
                    out.append(digits[Int(byte >> 4)])
                    out.append(digits[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
