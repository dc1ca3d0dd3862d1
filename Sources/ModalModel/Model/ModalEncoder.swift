@_spi(JSON) import PositionedJSON

/// Writes modals as canonical JSON bytes, without Foundation.
///
/// Keys come in FORMAT.md's order, defaults are left out, strings keep their UTF-8 with only the escapes JSON
/// requires and those of the characters no reader of the source could see (`ControlCharacters.isHiddenInSource`:
/// bidi controls, invisible separators), and numbers read back equal, so `ModalDecoder.decode(encode(x))` gives `x` back and encoding a
/// decoded document twice gives the same bytes.
public struct ModalEncoder: Sendable {
    /// Compact output, or pretty output indented by two spaces per level.
    public enum Layout: Sendable, Hashable {
        /// No white space at all.
        case compact
        /// One member or element a line, indented by two spaces per level, `"key": value`.
        case pretty
    }

    /// The layout as the JSON writer spells it.
    private var writerLayout: CanonicalJSONWriter.Layout {
        switch layout {
        case .compact: .compact
        case .pretty: .pretty
        }
    }

    /// The layout of the output.
    public var layout: Layout
    /// Whether a modal that breaks the format's rules is written anyway (for tests of what reads such modals);
    /// by default encoding it throws the `ModalRuleViolation` that decoding the bytes would report.
    package var writesInvalidModals: Bool

    /// The `userInfo` key that lets `JSONEncoder` (or any `Encoder`) write modals that break the rules: set it
    /// to `true` for what `writesInvalidModals` does here.
    public static let writesInvalidModalsKey = CodingUserInfoKey(rawValue: "ModalKit.writesInvalidModals")!

    /// Creates an encoder.
    public init(layout: Layout = .compact, writesInvalidModals: Bool = false) {
        self.layout = layout
        self.writesInvalidModals = writesInvalidModals
    }

    /// A document as JSON bytes; throws every problem when it breaks the format's rules.
    public func encode(_ document: ModalDocument) throws(ModalRuleViolation) -> [UInt8] {
        let bytes = encodeUnchecked(document)
        if !writesInvalidModals { try RuleEncoding.check(bytes, basePointer: "") }
        return bytes
    }

    /// One modal as a JSON object; throws every problem when it breaks the format's rules.
    public func encode(_ modal: Modal) throws(ModalRuleViolation) -> [UInt8] {
        let bytes = encodeUnchecked(modal)
        if !writesInvalidModals { try RuleEncoding.check(bytes, basePointer: "") }
        return bytes
    }

    /// Any JSON value, as it is: a `JSONValue` has no modal rules to break.
    public func encode(_ value: JSONValue) -> [UInt8] { CanonicalJSONWriter(layout: writerLayout).bytes(value) }

    /// Any `Encodable` value, such as a response type that holds modals, through `JSONValueEncoder`; a modal or
    /// document inside that breaks the format's rules throws its `ModalRuleViolation` (pointers from the root).
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let json: JSONValue
        do {
            json = try RuleEncoding.$writesInvalidModals.withValue(writesInvalidModals) {
                try JSONValueEncoder().encode(value)
            }
        } catch let error as EncodingError {
            if case .invalidValue(_, let context) = error,
                let violation = context.underlyingError as? ModalRuleViolation
            {
                throw violation
            }
            throw error
        }
        return CanonicalJSONWriter(layout: writerLayout).bytes(json)
    }

    /// A document as JSON bytes, rules unchecked: for `validate()`, which reports the problems instead.
    package func encodeUnchecked(_ document: ModalDocument) -> [UInt8] {
        var sink = ByteSink(writer: CanonicalJSONWriter(layout: writerLayout))
        document.writeWire(to: &sink)
        return sink.finished()
    }

    /// One modal as a JSON object, rules unchecked.
    package func encodeUnchecked(_ modal: Modal) -> [UInt8] {
        var sink = ByteSink(writer: CanonicalJSONWriter(layout: writerLayout))
        modal.writeWire(to: &sink)
        return sink.finished()
    }

    /// A document as JSON text, rules unchecked.
    package func encodeToString(_ document: ModalDocument) -> String {
        String(decoding: encodeUnchecked(document), as: UTF8.self)
    }

    /// A modal as JSON text, rules unchecked.
    package func encodeToString(_ modal: Modal) -> String {
        String(decoding: encodeUnchecked(modal), as: UTF8.self)
    }
}
