import PositionedJSON

extension JSONValue {
    /// Parses JSON text, for example a server's whole response around its modals; throws the `json-…` diagnostic,
    /// with its line, column and hint, when the bytes are not valid JSON.
    public init(parsing bytes: some Collection<UInt8>) throws(ModalRuleViolation) {
        let bytes = Array(bytes)
        switch JSONParser.parse(bytes, knownStrings: .modalFormat) {
        case .success(let root):
            self = root.value
        case .failure(let error):
            var collector = DiagnosticCollector()
            collector.error(error.diagnosticCode, error.message, at: error.byteOffset, hint: error.hint)
            throw ModalRuleViolation(diagnostics: collector.resolved(in: SourceText(bytes: bytes)))
        }
    }
}
