@_spi(Kernel) import TextKernel

/// Writes JSON bytes in one canonical form: members in the order given, UTF-8 kept as is but for the escapes JSON
/// requires (`"`, `\` and the C0 controls) and the characters no reader of the source could see (bidi controls,
/// invisible separators; `ControlCharacters.isHiddenInSource`), and numbers as integers or as the shortest text that reads back as
/// the same double.
///
/// Unlike `JSONWriter`, which makes text safe to print on a terminal, this writes what goes over the wire.
///
/// `@_spi(JSON) public` only so that `writeString` can be `@inlinable` into the model's streaming encoder, which
/// calls it for every key and string: a `package` function is not inlined across modules (docs/fast-paths.md).
@_spi(JSON) public struct CanonicalJSONWriter: Sendable {
    /// The layout of the output (`ModalEncoder.Layout` of the public API maps onto it case for case).
    package enum Layout: Sendable, Hashable {
        /// No white space at all.
        case compact
        /// One member or element a line, indented by two spaces per level, `"key": value`.
        case pretty
    }

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

    /// Appends a string literal with the escapes JSON requires, and the characters no reader of the source could
    /// see (`ControlCharacters.isHiddenInSource`) escaped as `\uXXXX`.
    @inlinable
    @_spi(JSON) public static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                    out.append(UInt8(ascii: "\\"))
                    out.append(byte)
                    offset += 1
                    runStart = offset
                    continue
                }
                // Printable ASCII and the lead bytes of most scripts step on without decoding anything.
                guard byte < 0x20 || byte == 0x7F || ControlCharacters.mayStartHiddenScalar(leadByte: byte),
                    let (scalar, byteCount) = ControlCharacters.hiddenScalar(inUTF8: bytes, at: offset)
                else {
                    offset += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                switch byte {
                case 0x08: out.append(contentsOf: #"\b"#.utf8)
                case 0x0C: out.append(contentsOf: #"\f"#.utf8)
                case 0x0A: out.append(contentsOf: #"\n"#.utf8)
                case 0x0D: out.append(contentsOf: #"\r"#.utf8)
                case 0x09: out.append(contentsOf: #"\t"#.utf8)
                default: ControlCharacters.appendJSONEscape(of: scalar, to: &out)
                }
                offset += byteCount
                runStart = offset
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
