import PositionedJSON

extension ModalDecoder {
    /// Decodes like `decode(_:options:)` and also gives the parsed tree (nil when the bytes are not JSON), for
    /// callers such as the language server that look up positions in it afterwards without parsing again.
    package static func decodeKeepingTree(
        _ bytes: [UInt8], options: DecodeOptions = DecodeOptions()
    ) -> (result: DecodeResult, root: JSONNode?) {
        let source = SourceText(bytes: bytes)
        switch JSONParser.parse(bytes, maxDepth: options.maxDepth, knownStrings: .modalFormat) {
        case .failure(let error):
            var collector = DiagnosticCollector()
            collector.error(error.diagnosticCode, error.message, at: error.byteOffset, hint: error.hint)
            return (DecodeResult(document: nil, diagnostics: collector.resolved(in: source)), nil)
        case .success(let root):
            var decoder = DocumentDecoder(source: source, options: options)
            let document = decoder.decodeDocument(root)
            let diagnostics = decoder.collector.resolved(in: source)
            let valid = decoder.collector.errorCount == 0
            return (DecodeResult(document: valid ? document : nil, diagnostics: diagnostics), root)
        }
    }
}
