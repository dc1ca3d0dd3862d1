/// Writes modals as canonical JSON bytes, without Foundation.
///
/// Keys come in FORMAT.md's order, defaults are left out, strings keep their UTF-8 with only the escapes JSON
/// requires, and numbers read back equal, so `ModalDecoder.decode(encode(x))` gives `x` back and encoding a
/// decoded document twice gives the same bytes.
public struct ModalEncoder: Sendable {
    /// Compact output, or pretty output indented by two spaces per level.
    public enum Layout: Sendable, Hashable {
        /// No white space at all.
        case compact
        /// One member or element a line, indented by two spaces per level, `"key": value`.
        case pretty
    }

    /// The layout of the output.
    public var layout: Layout

    /// Creates an encoder.
    public init(layout: Layout = .compact) { self.layout = layout }

    /// A document as JSON bytes.
    public func encode(_ document: ModalDocument) -> [UInt8] {
        var sink = ByteSink(writer: CanonicalJSONWriter(layout: layout))
        document.writeWire(to: &sink)
        return sink.finished()
    }

    /// One modal as a JSON object.
    public func encode(_ modal: Modal) -> [UInt8] {
        var sink = ByteSink(writer: CanonicalJSONWriter(layout: layout))
        modal.writeWire(to: &sink)
        return sink.finished()
    }

    /// Any JSON value.
    public func encode(_ value: JSONValue) -> [UInt8] { CanonicalJSONWriter(layout: layout).bytes(value) }

    /// Any `Encodable` value, such as a response type that holds modals, through `JSONValueEncoder`.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        CanonicalJSONWriter(layout: layout).bytes(try JSONValueEncoder().encode(value))
    }

    /// A document as JSON text.
    public func encodeToString(_ document: ModalDocument) -> String {
        String(decoding: encode(document), as: UTF8.self)
    }

    /// A modal as JSON text.
    public func encodeToString(_ modal: Modal) -> String { String(decoding: encode(modal), as: UTF8.self) }
}
