@_spi(JSON) import PositionedJSON

/// Why a modal was refused: every diagnostic the format's rules gave it.
///
/// `ModalEncoder` and `ModalDecoder.decodeDocument(_:)` throw it; `init(from:)` and `encode(to:)` carry it as the
/// `underlyingError` of the `DecodingError` or `EncodingError` they throw.
public struct ModalRuleViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every diagnostic, errors and warnings, with pointers relative to the decoded value.
    public var diagnostics: [Diagnostic]
    /// The JSON pointer of the decoded value within the whole input (from the decoder's coding path).
    package var basePointer: String

    /// Creates a violation from the diagnostics that caused it.
    public init(diagnostics: [Diagnostic], basePointer: String = "") {
        self.diagnostics = diagnostics
        self.basePointer = basePointer
    }

    /// A headline counting every diagnostic, then one line each, errors first: code, pointer, message and hint,
    /// with `warning:` or `note:` before the others. The root is written `the document root` (its RFC 6901
    /// pointer is empty).
    public var description: String {
        let errors = diagnostics.filter { $0.severity == .error }
        let others = diagnostics.filter { $0.severity != .error }
        var counts: [String] = []
        for severity in [Severity.error, .warning, .note] {
            let count = diagnostics.count { $0.severity == severity }
            if count > 0 { counts.append(Self.counted(count, severity.rawValue)) }
        }
        // One kind is counted by its name, "(2 errors)"; several kinds add up first, "(3 problems: 2 errors, …)".
        let tally =
            counts.count <= 1
            ? counts.first ?? "no problems"
            : "\(Self.counted(diagnostics.count, "problem")): " + counts.joined(separator: ", ")
        var text = "the modal breaks the format's rules (\(tally)):"
        for diagnostic in errors + others {
            let pointer = PointerProse.place(basePointer + diagnostic.pointer)
            let severity = diagnostic.severity == .error ? "" : diagnostic.severity.rawValue + ": "
            text += "\n  \(severity)\(diagnostic.code) at \(pointer): \(diagnostic.message)"
            if let hint = diagnostic.hint { text += " (\(hint))" }
        }
        return text
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

extension Diagnostic: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(pointer)
        hasher.combine(message)
    }
}

/// Runs the format's rules, the same ones `ModalDecoder` applies, on a value read through any `Decoder`.
enum RuleDecoding {
    /// Reads the value as JSON, writes it canonically, and decodes it with the document rules through `body`.
    static func decode<T>(
        _ decoder: any Decoder, _ body: (inout DocumentDecoder, JSONNode) -> T?
    ) throws -> T {
        var value: JSONValue
        var keyStrategy = CodingKeyStrategy.asWritten
        if let direct = decoder as? ValueDecoder {
            value = direct.value
        } else {
            value = try JSONValue.keepingKeys(from: decoder)
            if value.holdsObject { keyStrategy = CodingKeyStrategy.of(decoder) }
            if keyStrategy == .snakeCase { value = value.restoringSnakeCaseKeys() }
        }
        let bytes = CanonicalJSONWriter().bytes(value)
        let source = SourceText(bytes: bytes)
        let root: JSONNode
        switch JSONParser.parse(bytes, maxDepth: JSONParser.defaultMaxDepth, knownStrings: .modalFormat) {
        case .success(let node): root = node
        case .failure(let error):
            var collector = DiagnosticCollector()
            collector.error(error.diagnosticCode, error.message, at: error.byteOffset, hint: error.hint)
            throw refusal(collector.resolved(in: source), decoder: decoder)
        }
        var documentDecoder = DocumentDecoder(source: source, options: DecodeOptions())
        let result = body(&documentDecoder, root)
        if let result, documentDecoder.collector.pending.isEmpty { return result }
        let diagnostics = documentDecoder.collector.resolved(in: source)
        guard let result, documentDecoder.collector.errorCount == 0 else {
            throw refusal(diagnostics, decoder: decoder, keyStrategy: keyStrategy)
        }
        if let warnings = decoder.userInfo[ModalDecodingWarnings.userInfoKey] as? ModalDecodingWarnings {
            let base = pointer(of: decoder.codingPath)
            warnings.append(
                diagnostics.map { diagnostic in
                    var located = diagnostic
                    located.pointer = base + diagnostic.pointer
                    return located
                })
        } else if diagnostics.contains(where: { $0.code == DiagnosticCode.unknownKey.rawValue }) {
            throw refusal(lostKeys(diagnostics, strategy: keyStrategy), decoder: decoder, keyStrategy: keyStrategy)
        }
        return result
    }

    /// The diagnostics with each unknown key made an error: through `Decodable` nothing else would ever see the
    /// warning, and the key's value would be gone. The hint says how to decode anyway, and names the decoder's
    /// key strategy when it renames keys, the usual reason a key of the format arrives unknown.
    static func lostKeys(_ diagnostics: [Diagnostic], strategy: CodingKeyStrategy) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.code == DiagnosticCode.unknownKey.rawValue else { return diagnostic }
            var lost = diagnostic
            lost.severity = .error
            var hint = diagnostic.hint.map { $0 + "; " } ?? ""
            if case .other = strategy, let name = strategy.name(option: "keyDecodingStrategy") {
                hint += "the decoder's keyDecodingStrategy \(name) may have renamed it, and only the format's own "
                hint += "names can be read back: decode modals with .useDefaultKeys or .convertFromSnakeCase"
            } else {
                hint += "through Decodable its value would be lost silently; to decode anyway and read the "
                hint += "warning, put a ModalDecodingWarnings in the decoder's userInfo"
            }
            lost.hint = hint
            return lost
        }
    }

    /// The error `init(from:)` throws: the first error leads its description, or, under a key strategy that may
    /// have renamed the format's keys, the first unknown key, whose hint names the strategy (a renamed required
    /// key also shows up as missing, which would hide the cause).
    static func refusal(
        _ diagnostics: [Diagnostic], decoder: any Decoder, keyStrategy: CodingKeyStrategy = .asWritten
    ) -> DecodingError {
        let base = pointer(of: decoder.codingPath)
        var diagnostics = diagnostics
        var first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
        if case .other = keyStrategy {
            diagnostics = lostKeys(diagnostics, strategy: keyStrategy)
            first = diagnostics.first { $0.code == DiagnosticCode.unknownKey.rawValue } ?? first
        }
        var description = "the value breaks the modal format's rules"
        if let first {
            description = "\(first.code) at \(PointerProse.place(base + first.pointer)): \(first.message)"
            if let hint = first.hint { description += " (\(hint))" }
        }
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: description,
                underlyingError: ModalRuleViolation(diagnostics: diagnostics, basePointer: base)))
    }

    /// A coding path as an RFC 6901 pointer.
    static func pointer(of codingPath: [any CodingKey]) -> String {
        DiagnosticCollector.pointer(
            codingPath.map { key in key.intValue.map { PathComponent.index($0) } ?? .key(key.stringValue) })
    }
}

extension JSONValue: Codable {
    /// Reads any JSON value: through `JSONValueDecoder` directly, through other decoders by trying each kind.
    ///
    /// Keys are kept as written. A decoder whose key strategy renames keys (`.convertFromSnakeCase`, `.custom`)
    /// would hand over other keys than the text has, and two keys renamed alike would keep one value, so an
    /// object read that way throws `DecodingError.dataCorrupted` naming the strategy.
    public init(from decoder: any Decoder) throws {
        self = try Self.keepingKeys(from: decoder)
        guard !(decoder is ValueDecoder), holdsObject else { return }
        let strategy = CodingKeyStrategy.of(decoder)
        guard let name = strategy.name(option: "keyDecodingStrategy") else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription:
                    "the decoder's keyDecodingStrategy \(name) renames the keys of a JSONValue, and two keys renamed "
                    + "alike keep one value: decode JSONValue with .useDefaultKeys, or parse the bytes with "
                    + "JSONValue(parsing:)"))
    }

    /// Writes the value through any encoder; an object under a key strategy that renames keys
    /// (`.convertToSnakeCase`, `.custom`) throws `EncodingError.invalidValue` naming it, as its keys would change.
    public func encode(to encoder: any Encoder) throws {
        if !(encoder is ValueEncoder), holdsObject {
            let strategy = CodingKeyStrategy.of(encoder)
            if let name = strategy.name(option: "keyEncodingStrategy") {
                throw EncodingError.invalidValue(
                    self,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription:
                            "the encoder's keyEncodingStrategy \(name) would rename the keys of a JSONValue: encode "
                            + "JSONValue with .useDefaultKeys"))
            }
        }
        try encodeKeepingKeys(to: encoder)
    }

    /// Reads the value with its keys as the decoder gives them; the model's types restore or refuse renamed
    /// keys themselves, by the format's key names.
    static func keepingKeys(from decoder: any Decoder) throws -> JSONValue {
        if let direct = decoder as? ValueDecoder { return direct.value }
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { return .null }
            if let flag = try? single.decode(Bool.self) { return .bool(flag) }
            if let integer = try? single.decode(Int.self) { return .number(JSONNumber(integer)) }
            if let number = try? single.decode(Double.self) { return .number(JSONNumber(number)) }
            if let text = try? single.decode(String.self) { return .string(text) }
        }
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [JSONMember] = []
            for key in keyed.allKeys {
                let value = try keyed.decode(KeysKept.self, forKey: key).value
                members.append(JSONMember(key: key.stringValue, value: value))
            }
            return .object(members)
        }
        var unkeyed = try decoder.unkeyedContainer()
        var elements: [JSONNode] = []
        while !unkeyed.isAtEnd {
            elements.append(JSONNode(value: try unkeyed.decode(KeysKept.self).value, byteOffset: 0))
        }
        return .array(elements)
    }

    /// Writes the value with its keys handed to the encoder as they are (the format's keys are snake case, so
    /// `.convertToSnakeCase` leaves them alone; the model's types refuse `.custom` before they get here).
    func encodeKeepingKeys(to encoder: any Encoder) throws {
        if let direct = encoder as? ValueEncoder {
            direct.node.content = .value(self)
            return
        }
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .number(let number):
            var single = encoder.singleValueContainer()
            if let integer = number.exactInteger {
                try single.encode(integer)
            } else {
                try single.encode(number.double)
            }
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(KeysKept(element.value)) }
        case .object(let members):
            var keyed = encoder.container(keyedBy: AnyCodingKey.self)
            for member in members {
                try keyed.encode(KeysKept(member.value.value), forKey: AnyCodingKey(stringValue: member.key))
            }
        }
    }
}

/// A value nested in a `JSONValue` that the model reads or writes: its keys are kept as the coder gives them, the
/// key strategy having been checked once, for the whole value.
private struct KeysKept: Codable {
    var value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    init(from decoder: any Decoder) throws { value = try JSONValue.keepingKeys(from: decoder) }

    func encode(to encoder: any Encoder) throws { try value.encodeKeepingKeys(to: encoder) }
}

extension ModalDocument: Codable {
    /// Decodes a document with the rules `ModalDecoder` applies; throws `DecodingError` naming the first error.
    public init(from decoder: any Decoder) throws {
        self = try RuleDecoding.decode(decoder) { $0.decodeDocument($1) }
    }

    /// Encodes the document in the format's wire form; refuses one that breaks the format's rules with an
    /// `EncodingError.invalidValue` whose underlying error is the `ModalRuleViolation`, unless the encoder's
    /// `userInfo[ModalEncoder.writesInvalidModalsKey]` is `true`.
    public func encode(to encoder: any Encoder) throws {
        try RuleEncoding.checkKeyStrategy(self, encoder: encoder)
        try RuleEncoding.check(self, bytes: { ModalEncoder().encodeUnchecked(self) }, encoder: encoder)
        try wireValue.encodeKeepingKeys(to: encoder)
    }
}

extension Modal: Codable {
    /// Decodes one modal object with the rules `ModalDecoder` applies.
    public init(from decoder: any Decoder) throws {
        self = try RuleDecoding.decode(decoder) { $0.decodeModal($1) }
    }

    /// Encodes the modal in the format's wire form; refuses one that breaks the format's rules with an
    /// `EncodingError.invalidValue` whose underlying error is the `ModalRuleViolation`, unless the encoder's
    /// `userInfo[ModalEncoder.writesInvalidModalsKey]` is `true`.
    public func encode(to encoder: any Encoder) throws {
        try RuleEncoding.checkKeyStrategy(self, encoder: encoder)
        try RuleEncoding.check(self, bytes: { ModalEncoder().encodeUnchecked(self) }, encoder: encoder)
        try wireValue.encodeKeepingKeys(to: encoder)
    }
}

extension ModalStyle: Codable {
    /// Decodes a style with the format's rules; its range is checked against a message only inside a modal.
    public init(from decoder: any Decoder) throws {
        self = try RuleDecoding.decode(decoder) { documentDecoder, node in
            documentDecoder.checksRangeBounds = false
            var measure = MessageMeasure("")
            return documentDecoder.decodeStyle(node, message: "", measure: &measure)
        }
    }

    /// Encodes the style in the format's wire form.
    public func encode(to encoder: any Encoder) throws {
        try RuleEncoding.checkKeyStrategy(self, encoder: encoder)
        try wireValue.encodeKeepingKeys(to: encoder)
    }
}

extension UTF16Range: Codable {
    /// Decodes `{"from": …, "length": …}` with the format's rules (bounds are checked only inside a modal).
    public init(from decoder: any Decoder) throws {
        self = try RuleDecoding.decode(decoder) { documentDecoder, node in
            documentDecoder.checksRangeBounds = false
            var measure = MessageMeasure("")
            return documentDecoder.decodeRange(node, message: "", measure: &measure)
        }
    }

    /// Encodes the range as `{"from": …, "length": …}`.
    public func encode(to encoder: any Encoder) throws {
        try RuleEncoding.checkKeyStrategy(self, encoder: encoder)
        try wireValue.encodeKeepingKeys(to: encoder)
    }
}

extension ModalButton: Codable {
    /// Decodes a button with the format's rules.
    public init(from decoder: any Decoder) throws {
        self = try RuleDecoding.decode(decoder) { $0.decodeButton($1) }
    }

    /// Encodes the button in the format's wire form.
    public func encode(to encoder: any Encoder) throws {
        try RuleEncoding.checkKeyStrategy(self, encoder: encoder)
        try wireValue.encodeKeepingKeys(to: encoder)
    }
}

extension ModalAction: Codable {
    /// Decodes an action string as `ModalAction.parse` does.
    public init(from decoder: any Decoder) throws {
        self = try RuleDecoding.decode(decoder) { documentDecoder, node in
            documentDecoder.action(JSONMember(key: "action", keyByteOffset: 0, value: node), pushingKey: false)
        }
    }

    /// Encodes the action as its string form.
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(text)
    }
}

extension ModalColor: Codable {
    /// Decodes a colour string in any form the format accepts.
    public init(from decoder: any Decoder) throws {
        self = try RuleDecoding.decode(decoder) { documentDecoder, node in
            documentDecoder.color(JSONMember(key: "color", keyByteOffset: 0, value: node), pushingKey: false)
        }
    }

    /// Encodes the colour as `#rrggbb`, or `#rrggbbaa` when it is not opaque.
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(hexText)
    }
}
