import LanguageServerProtocol
import ModalModel
import PositionedJSON
import Reporting

/// The handlers of `modalkit lsp`: open documents, their diagnostics, and every request the server answers,
/// each through the same library calls the command line makes.
package final class ModalLanguageServer: MessageHandler {
    /// The server's name and version, as `initialize` reports them.
    package let version: String
    /// The negotiated position encoding.
    package private(set) var encoding = PositionEncoding.utf16
    var documents: [String: TextDocument] = [:]
    private var analyses: [String: DocumentAnalysis] = [:]
    /// Documents changed since they were last diagnosed, in the order they changed.
    private var stale: [String] = []
    var configs: ConfigLookup
    var configuration: ServerConfiguration
    var formatDocumentURI: String?
    private var watchesFiles = false
    /// Changes of each document, which deferred work reads to tell whether its answer is outdated.
    let editCounts: DocumentEditCounts
    /// Throws once a deferred request's answer is no longer wanted; long providers call it between steps.
    var stopIfOutdated: () throws(ResponseError) -> Void = {}
    private var knownCommands = KnownCommands()

    /// Creates the server; `formatDocumentURI` is where `codeDescription` links point (FORMAT.md), if known.
    package init(
        version: String, formatDocumentURI: String?, readFile: @escaping (String) -> [UInt8]? = ConfigLookup.readFile
    ) {
        self.version = version
        self.formatDocumentURI = formatDocumentURI
        self.configs = ConfigLookup(readFile: readFile)
        self.configuration = ServerConfiguration(readFile: readFile)
        self.editCounts = DocumentEditCounts()
    }

    /// A copy of the server's state as it is now, for deferred work to answer from. Every stored property a
    /// request reads is copied here (values only: the copy is used on another thread).
    func snapshot() -> ModalLanguageServer {
        let copy = ModalLanguageServer(version: version, formatDocumentURI: formatDocumentURI, editCounts: editCounts)
        copy.encoding = encoding
        copy.documents = documents
        copy.analyses = analyses
        copy.configs = configs
        copy.configuration = configuration
        return copy
    }

    private init(version: String, formatDocumentURI: String?, editCounts: DocumentEditCounts) {
        self.version = version
        self.formatDocumentURI = formatDocumentURI
        self.configs = ConfigLookup(readFile: ConfigLookup.readFile)
        self.configuration = ServerConfiguration(readFile: ConfigLookup.readFile)
        self.editCounts = editCounts
    }

    // MARK: - Lifecycle

    package func initialize(params: JSONValue?, client: ClientChannel) throws(ResponseError) -> JSONValue {
        let offered =
            params["capabilities"]["general"]["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        encoding = PositionEncoding.negotiated(offered: offered)
        watchesFiles =
            params["capabilities"]["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"]?.boolValue == true
        if let uri = params["initializationOptions"]["formatDocumentURI"]?.stringValue { formatDocumentURI = uri }
        configuration.readCapabilities(params)
        let capabilities: JSONValue = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "codeActionProvider": [
                "codeActionKinds": [
                    "quickfix", .string(CodeActionProvider.fixAllKind), .string(SelectionActionProvider.kind),
                ]
            ],
            "documentFormattingProvider": true,
            "documentRangeFormattingProvider": true,
            "definitionProvider": true,
            "documentHighlightProvider": true,
            "referencesProvider": true,
            "inlayHintProvider": true,
            "colorProvider": true,
            "completionProvider": ["triggerCharacters": ["\"", ":"]],
            "documentSymbolProvider": true,
            "diagnosticProvider": ["interFileDependencies": false, "workspaceDiagnostics": true],
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "modalkit", "version": .string(version)]]
    }

    package func handleNotification(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError) {
        switch method {
        case "initialized":
            if watchesFiles {
                client.request(
                    "client/registerCapability",
                    [
                        "registrations": [
                            [
                                "id": "modalkit-config", "method": "workspace/didChangeWatchedFiles",
                                "registerOptions": ["watchers": [["globPattern": "**/.modalkit.json"]]],
                            ]
                        ]
                    ])
            }
            requestSettings(client: client)
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
                let text = item["text"]?.stringValue
            else { throw .invalidParams("didOpen needs textDocument.uri and textDocument.text") }
            documents[uri] = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
            markStale(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]["uri"]?.stringValue,
                let changes = params["contentChanges"]?.arrayValue
            else { throw .invalidParams("didChange needs textDocument.uri and contentChanges") }
            guard var document = documents[uri] else {
                throw .invalidParams("didChange for a document not open: \(uri)")
            }
            documents[uri] = nil  // keeps the text uniquely referenced, so an edit changes it in place
            defer { documents[uri] = document }
            try document.apply(
                changes: changes, version: params["textDocument"]["version"]?.intValue ?? document.version + 1,
                encoding: encoding)
            markStale(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]["uri"]?.stringValue else {
                throw .invalidParams("didClose needs textDocument.uri")
            }
            documents[uri] = nil
            analyses[uri] = nil
            editCounts.recordChange(of: uri)
            stale.removeAll { $0 == uri }
            if !configuration.pullsDiagnostics {
                client.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            }
        case "textDocument/didSave":
            if let uri = params["textDocument"]["uri"]?.stringValue, Self.isConfig(uri) { configChanged() }
        case "workspace/didChangeWatchedFiles":
            let uris = params["changes"]?.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []
            if uris.contains(where: Self.isConfig) { configChanged() }
        case "workspace/didChangeConfiguration":
            changeSettings(params, client: client)
        default:
            if method.hasPrefix("$/") { return }
            throw .methodNotFound(method)
        }
    }

    package func handleResponse(id: RequestID?, result: JSONValue?, error: JSONValue?, client: ClientChannel) {
        takeSettings(id: id, result: result)
    }

    package func idle(client: ClientChannel) {
        while !stale.isEmpty {
            let uri = stale.removeFirst()
            guard let document = documents[uri] else { continue }
            let analysis = analysis(of: document)
            if !configuration.pullsDiagnostics { publish(document, analysis: analysis, client: client) }
        }
        tellConfiguration(client: client)
    }

    private func markStale(_ uri: String) {
        analyses[uri] = nil
        editCounts.recordChange(of: uri)
        if !stale.contains(uri) { stale.append(uri) }
    }

    func configChanged() {
        configs.forget()
        configuration.changed()
        for uri in documents.keys.sorted() { markStale(uri) }
    }

    static func isConfig(_ uri: String) -> Bool { uri.hasSuffix("/" + ValidationConfig.fileName) }

    // MARK: - Diagnostics

    /// The analysis of a document's current text, made now if it is stale.
    package func analysis(of document: TextDocument) -> DocumentAnalysis {
        if let known = analyses[document.uri], known.version == document.version { return known }
        let path = DocumentURI.path(of: document.uri)
        let analysis: DocumentAnalysis
        if Self.isConfig(document.uri) {
            analysis = DocumentAnalysis(configBytes: document.bytes, version: document.version, path: path)
        } else {
            analysis = configuredAnalysis(of: document, path: path)
        }
        analyses[document.uri] = analysis
        return analysis
    }

    func conversion(for document: TextDocument) -> DiagnosticConversion {
        DiagnosticConversion(document: document, encoding: encoding, formatDocumentURI: formatDocumentURI)
    }

    private func publish(_ document: TextDocument, analysis: DocumentAnalysis, client: ClientChannel) {
        let conversion = conversion(for: document)
        let diagnostics = analysis.diagnostics.map {
            JSONNode(value: conversion.json($0, sourceMap: analysis.sourceMap), byteOffset: 0)
        }
        client.notify(
            "textDocument/publishDiagnostics",
            [
                "uri": .string(document.uri), "version": .number(JSONNumber(document.version)),
                "diagnostics": .array(diagnostics),
            ])
    }

    // MARK: - Requests

    package func handleRequest(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError)
        -> JSONValue
    {
        switch method {
        case "textDocument/hover":
            let (document, offset) = try documentAndOffset(params)
            guard let sourceMap = analysis(of: document).sourceMap,
                let hover = HoverProvider(sourceMap: sourceMap).hover(at: offset)
            else { return .null }
            return [
                "contents": ["kind": "markdown", "value": .string(hover.markdown)],
                "range": document.range(from: hover.start, to: hover.end, encoding: encoding),
            ]
        case "textDocument/codeAction":
            let document = try openDocument(params)
            let (start, end) = try byteRange(params["range"], in: document)
            let only = params["context"]["only"]?.arrayValue?.compactMap(\.stringValue)
            let provider = CodeActionProvider(
                document: document, analysis: analysis(of: document), conversion: conversion(for: document))
            let actions =
                provider.actions(from: start, to: end, only: only)
                + suppressActions(document, from: start, to: end, only: only)
            return .array(
                actions.map { JSONNode(value: $0, byteOffset: 0) }
                    + Self.selectionActions(
                        document: document, analysis: analysis(of: document), from: start, to: end, only: only,
                        encoding: encoding))
        case "textDocument/formatting":
            let document = try openDocument(params)
            return .array(
                try FormattingProvider.edits(
                    for: document, encoding: encoding, options: FormattingProvider.Options(params["options"])
                ).map { JSONNode(value: $0, byteOffset: 0) })
        case "textDocument/rangeFormatting":
            let document = try openDocument(params)
            let (start, end) = try byteRange(params["range"], in: document)
            return .array(
                try FormattingProvider.rangeEdits(
                    for: document, from: start, to: end, encoding: encoding,
                    options: FormattingProvider.Options(params["options"])
                ).map { JSONNode(value: $0, byteOffset: 0) })
        case "textDocument/definition", "textDocument/documentHighlight", "textDocument/references":
            let (document, offset) = try documentAndOffset(params)
            return Self.navigation(
                method, document: document, analysis: analysis(of: document), byteOffset: offset, params: params,
                encoding: encoding)
        case "textDocument/inlayHint":
            let document = try openDocument(params)
            let (start, end) = try byteRange(params["range"], in: document)
            guard let sourceMap = analysis(of: document).sourceMap else { return [] }
            let hints = InlayHintProvider(sourceMap: sourceMap).hints(from: start, to: end).map { hint -> JSONNode in
                let value: JSONValue = [
                    "position": document.position(ofByteOffset: hint.offset, encoding: encoding).json,
                    "label": .string(hint.label), "paddingLeft": true,
                ]
                return JSONNode(value: value, byteOffset: 0)
            }
            return .array(hints)
        case "textDocument/documentColor":
            let document = try openDocument(params)
            guard let sourceMap = analysis(of: document).sourceMap else { return [] }
            return .array(
                ColorProvider(sourceMap: sourceMap).colors().map { found in
                    JSONNode(
                        value: [
                            "range": document.range(from: found.start, to: found.end, encoding: encoding),
                            "color": ColorProvider.json(found.color),
                        ], byteOffset: 0)
                })
        case "textDocument/colorPresentation":
            guard let color = ColorProvider.color(params["color"]), let range = params["range"] else {
                throw .invalidParams("colorPresentation needs a color with channels from 0 to 1 and a range")
            }
            return .array(
                ColorProvider.presentations(of: color).map { text in
                    JSONNode(
                        value: ["label": .string(text), "textEdit": ["range": range, "newText": .string(text)]],
                        byteOffset: 0)
                })
        case "textDocument/completion":
            let (document, offset) = try documentAndOffset(params)
            let commands = knownCommands.commands(in: documents, changes: editCounts.changes(of:))
            let provider = CompletionProvider(bytes: document.bytes, knownCommands: commands)
            let (items, replaceStart) = provider.items(at: offset)
            let range = document.range(from: replaceStart, to: offset, encoding: encoding)
            return [
                "isIncomplete": false,
                "items": .array(
                    items.map { item in
                        var members: [JSONMember] = [
                            JSONMember(key: "label", value: .string(item.label)),
                            JSONMember(key: "kind", value: .number(JSONNumber(item.kind))),
                            JSONMember(key: "textEdit", value: ["range": range, "newText": .string(item.insertText)]),
                        ]
                        if let detail = item.detail {
                            members.append(JSONMember(key: "detail", value: .string(detail)))
                        }
                        return JSONNode(value: .object(members), byteOffset: 0)
                    }),
            ]
        case "textDocument/documentSymbol":
            let document = try openDocument(params)
            guard let sourceMap = analysis(of: document).sourceMap else { return [] }
            func json(_ symbol: DocumentSymbolProvider.Symbol) -> JSONNode {
                var members: [JSONMember] = [
                    JSONMember(key: "name", value: .string(symbol.name)),
                    JSONMember(key: "kind", value: .number(JSONNumber(symbol.kind))),
                    JSONMember(
                        key: "range", value: document.range(from: symbol.start, to: symbol.end, encoding: encoding)),
                    JSONMember(
                        key: "selectionRange",
                        value: document.range(from: symbol.start, to: symbol.start + 1, encoding: encoding)),
                    JSONMember(key: "children", value: .array(symbol.children.map(json))),
                ]
                if let detail = symbol.detail { members.append(JSONMember(key: "detail", value: .string(detail))) }
                return JSONNode(value: .object(members), byteOffset: 0)
            }
            return .array(
                try DocumentSymbolProvider(sourceMap: sourceMap).symbols(stopIfOutdated: stopIfOutdated).map(json))
        case "textDocument/diagnostic":
            return try documentDiagnosticReport(params)
        case "workspace/diagnostic":
            return try workspaceDiagnosticReport(params, paths: workspaceDiagnosticPaths())
        default:
            throw .methodNotFound(method)
        }
    }

    private func openDocument(_ params: JSONValue?) throws(ResponseError) -> TextDocument {
        guard let uri = params["textDocument"]["uri"]?.stringValue else {
            throw .invalidParams("the params need textDocument.uri")
        }
        guard let document = documents[uri] else { throw .invalidParams("the document is not open: \(uri)") }
        return document
    }

    private func documentAndOffset(_ params: JSONValue?) throws(ResponseError) -> (TextDocument, Int) {
        let document = try openDocument(params)
        guard let position = Position(params["position"]) else {
            throw .invalidParams("the params need a position with a line and a character")
        }
        return (document, document.byteOffset(of: position, encoding: encoding))
    }

    private func byteRange(_ range: JSONValue?, in document: TextDocument) throws(ResponseError) -> (Int, Int) {
        guard let start = Position(range["start"]), let end = Position(range["end"]) else {
            throw .invalidParams("the params need a range with a start and an end")
        }
        return (document.byteOffset(of: start, encoding: encoding), document.byteOffset(of: end, encoding: encoding))
    }
}
