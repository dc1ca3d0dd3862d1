import LanguageServerProtocol
import PositionedJSON
import Reporting

/// The protocol's side of navigation between styles and words and of the selection's code actions: pure
/// functions of a document snapshot, its analysis and the encoding, so they can run anywhere.
extension ModalLanguageServer {
    /// The answer to `textDocument/definition`, `documentHighlight` or `references` at a byte offset.
    package static func navigation(
        _ method: String, document: TextDocument, analysis: DocumentAnalysis, byteOffset: Int, params: JSONValue?,
        encoding: PositionEncoding
    ) -> JSONValue {
        guard let sourceMap = analysis.sourceMap else { return method == "textDocument/definition" ? .null : [] }
        let provider = NavigationProvider(sourceMap: sourceMap)
        func locations(_ ranges: [(start: Int, end: Int)]) -> JSONValue {
            .array(
                document.ranges(ranges, encoding: encoding).map {
                    JSONNode(value: ["uri": .string(document.uri), "range": $0], byteOffset: 0)
                })
        }
        switch method {
        case "textDocument/definition":
            guard let range = provider.definition(at: byteOffset) else { return .null }
            return locations([range])
        case "textDocument/documentHighlight":
            let highlights = provider.highlights(at: byteOffset)
            let ranges = document.ranges(highlights.map { ($0.start, $0.end) }, encoding: encoding)
            return .array(
                zip(highlights, ranges).map { highlight, range in
                    JSONNode(
                        value: ["range": range, "kind": .number(JSONNumber(highlight.kind.rawValue))], byteOffset: 0)
                })
        default:
            let includeDeclaration = params["context"]["includeDeclaration"]?.boolValue ?? false
            return locations(provider.references(at: byteOffset, includeDeclaration: includeDeclaration))
        }
    }

    /// The selection's code actions ("Style the selection", "Link the selection", "Extend style N to the
    /// selection") for a byte range, when `only` lets refactorings through.
    package static func selectionActions(
        document: TextDocument, analysis: DocumentAnalysis, from start: Int, to end: Int, only: [String]?,
        encoding: PositionEncoding
    ) -> [JSONNode] {
        let kind = SelectionActionProvider.kind
        if let only, !only.contains(where: { kind == $0 || kind.hasPrefix($0 + ".") }) { return [] }
        guard let sourceMap = analysis.sourceMap else { return [] }
        return SelectionActionProvider(sourceMap: sourceMap).actions(from: start, to: end).map { action in
            let edits = action.edits.sorted { $0.byteOffset < $1.byteOffset }.map { edit in
                JSONNode(
                    value: [
                        "range": document.range(
                            from: edit.byteOffset, to: edit.byteOffset + edit.byteLength, encoding: encoding),
                        "newText": .string(edit.replacement),
                    ], byteOffset: 0)
            }
            let value: JSONValue = .object([
                JSONMember(key: "title", value: .string(action.title)),
                JSONMember(key: "kind", value: .string(kind)),
                JSONMember(
                    key: "edit",
                    value: .object([
                        JSONMember(
                            key: "changes",
                            value: .object([JSONMember(key: document.uri, value: .array(edits))]))
                    ])),
            ])
            return JSONNode(value: value, byteOffset: 0)
        }
    }
}
