import PositionedJSON

extension ModalDocument {
    /// The diagnostics that decoding this document's canonical JSON gives: the same codes, severities, messages
    /// and JSON pointers. Each location is a line and column of the document written by
    /// `ModalEncoder(layout: .pretty, writesInvalidModals: true)`, the text a reader can print to look at.
    public func validate() -> [Diagnostic] {
        InMemoryValidation.locatedDiagnostics(of: ModalEncoder(layout: .pretty).encodeUnchecked(self))
    }
}

extension Modal {
    /// The diagnostics that decoding this modal's canonical JSON gives (pointers relative to the modal,
    /// such as `/styles/0/apply_to/length`). Each location is a line and column of the modal written by
    /// `ModalEncoder(layout: .pretty, writesInvalidModals: true)`, the text a reader can print to look at.
    public func validate() -> [Diagnostic] {
        InMemoryValidation.locatedDiagnostics(of: ModalEncoder(layout: .pretty).encodeUnchecked(self))
    }
}

/// Validation of values built in memory, by the one set of rules that reads JSON.
///
/// Encoding first and decoding the bytes means there is no second copy of any rule to drift apart.
enum InMemoryValidation {
    /// The diagnostics of `bytes` with their locations in those bytes: for `validate()`, whose caller can write
    /// the same bytes and look there, one member a line.
    static func locatedDiagnostics(of bytes: [UInt8]) -> [Diagnostic] { ModalDecoder.decode(bytes).diagnostics }

    /// The diagnostics of `bytes` with zero locations: for the encoder's check, whose bytes no caller sees.
    static func diagnostics(of bytes: [UInt8]) -> [Diagnostic] {
        ModalDecoder.decode(bytes).diagnostics.map {
            var diagnostic = $0
            diagnostic.location = SourceLocation(line: 0, column: 0, byteOffset: 0)
            return diagnostic
        }
    }
}

/// The check encoders make before they write a modal: the rules decoding would apply to the bytes written.
enum RuleEncoding {
    /// Set by `ModalEncoder.encode(_:)` for `Encodable` values, whose `JSONValueEncoder` has no `userInfo`.
    @TaskLocal static var writesInvalidModals = false

    /// Throws the violation decoding `bytes` would report, when it has any error.
    static func check(_ bytes: [UInt8], basePointer: String) throws(ModalRuleViolation) {
        let diagnostics = InMemoryValidation.diagnostics(of: bytes)
        guard diagnostics.contains(where: { $0.severity == .error }) else { return }
        throw ModalRuleViolation(diagnostics: diagnostics, basePointer: basePointer)
    }

    /// `encode(to:)` of a value written as a JSON object: refuses an encoder whose key strategy could rename the
    /// format's keys (`.custom`), as `EncodingError.invalidValue` naming it. `.convertToSnakeCase` leaves the
    /// format's keys as they are, since they are snake case already.
    static func checkKeyStrategy<Value: Encodable>(_ value: Value, encoder: any Encoder) throws {
        if encoder is ValueEncoder { return }
        let strategy = CodingKeyStrategy.of(encoder)
        guard case .other = strategy, let name = strategy.name(option: "keyEncodingStrategy") else { return }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription:
                    "the encoder's keyEncodingStrategy \(name) could rename the format's keys, and a reader would "
                    + "then lose their values: encode modals with .useDefaultKeys or .convertToSnakeCase"))
    }

    /// `encode(to:)` of a modal or a document: refuses one that breaks the rules, as `EncodingError.invalidValue`
    /// with the `ModalRuleViolation` as its underlying error, unless the encoder's options say to write anyway.
    static func check<Value: Encodable>(_ value: Value, bytes: () -> [UInt8], encoder: any Encoder) throws {
        if writesInvalidModals || encoder.userInfo[ModalEncoder.writesInvalidModalsKey] as? Bool == true { return }
        do {
            try check(bytes(), basePointer: RuleDecoding.pointer(of: encoder.codingPath))
        } catch {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}
