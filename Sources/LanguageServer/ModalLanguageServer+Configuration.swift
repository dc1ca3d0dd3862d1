import LanguageServerProtocol
import ModalModel
import PositionedJSON
import Reporting
@_spi(Kernel) import TextKernel

/// Configuration in the server: config files that cannot be used, the `files`/`exclude` globs, the
/// client's settings, pull diagnostics and the "Ignore CODE in this file" actions.
extension ModalLanguageServer {
    /// The config a file is checked under, or nil when its globs leave the file out (which is logged once
    /// for a document the editor has open). A config that cannot be used is noted (to be shown once) and the
    /// file is checked with none, where `modalkit validate` stops.
    func checkedConfig(forFile path: String, uri: String) -> ConfigLookup.Found? {
        var found = configs.config(forFile: path)
        if case .invalid(let configPath, let problems) = found {
            configuration.noteInvalid(configPath: configPath, problems: problems)
            found = .none
        }
        found = configuration.merged(found)
        if case .config(let config, let configPath) = found, let reason = config.selection.reasonLeftOut(path) {
            if documents[uri] != nil {
                configuration.noteLeftOut(uri: uri, path: path, configPath: configPath, reason: reason)
            }
            return nil
        }
        return found
    }

    /// The analysis of a modal document (not a config file) under the config that applies to it.
    func configuredAnalysis(of document: TextDocument, path: String?) -> DocumentAnalysis {
        guard let path else {
            return DocumentAnalysis(
                bytes: document.bytes, version: document.version, path: nil, config: configuration.merged(.none))
        }
        guard let config = checkedConfig(forFile: path, uri: document.uri) else {
            return DocumentAnalysis(leftOut: document.bytes, version: document.version)
        }
        return DocumentAnalysis(bytes: document.bytes, version: document.version, path: path, config: config)
    }

    /// Sends what configuration has to tell (see `ServerConfiguration.tell`).
    func tellConfiguration(client: ClientChannel) {
        configuration.tell(
            client: client, openURIs: Set(documents.keys), encoding: encoding, formatDocumentURI: formatDocumentURI)
    }

    /// `workspace/didChangeConfiguration`: takes the pushed `settings.modalkit` and checks every open
    /// document again under them. A client that answers `workspace/configuration` may push nothing (VS Code
    /// sends null, as the pull model asks); it is then asked.
    func changeSettings(_ params: JSONValue?, client: ClientChannel) {
        if params["settings"]["modalkit"] == nil && configuration.answersConfigurationRequests {
            requestSettings(client: client)
            return
        }
        configuration.setClientSettings(params["settings"] ?? .null)
        configChanged()
    }

    /// Asks a client that answers `workspace/configuration` for `modalkit`'s settings.
    func requestSettings(client: ClientChannel) {
        guard configuration.answersConfigurationRequests else { return }
        let id = client.request("workspace/configuration", ["items": [["section": "modalkit"]]])
        configuration.awaitSettings(id)
    }

    /// Takes the answer to `workspace/configuration`, if that is what `id` answers.
    func takeSettings(id: RequestID?, result: JSONValue?) {
        guard let id, configuration.isSettingsRequest(id) else { return }
        let before = configuration.clientSettings
        configuration.setClientSettings(
            .object([JSONMember(key: "modalkit", value: result?.arrayValue?.first ?? .null)]))
        // Most clients answer with nothing at start; checking every document again for that would be waste.
        if configuration.clientSettings != before { configChanged() }
    }

    /// The protocol diagnostics of an analysis.
    func diagnosticsJSON(_ document: TextDocument, _ analysis: DocumentAnalysis) -> JSONValue {
        let conversion = conversion(for: document)
        return .array(
            analysis.diagnostics.map {
                JSONNode(value: conversion.json($0, sourceMap: analysis.sourceMap), byteOffset: 0)
            })
    }

    /// The result id of an open document's diagnostics: its version and the configuration's generation.
    func resultID(of document: TextDocument) -> String { "v\(document.version).g\(configuration.generation)" }

    /// `textDocument/diagnostic`: a full report, or `unchanged` when the client has the current one.
    func documentDiagnosticReport(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        guard let uri = params["textDocument"]["uri"]?.stringValue else {
            throw .invalidParams("the params need textDocument.uri")
        }
        guard let document = documents[uri] else {
            return ["kind": "full", "items": []]
        }
        let id = resultID(of: document)
        if params["previousResultId"]?.stringValue == id { return ["kind": "unchanged", "resultId": .string(id)] }
        let items = diagnosticsJSON(document, analysis(of: document))
        return ["kind": "full", "resultId": .string(id), "items": items]
    }

    /// The files `workspace/diagnostic` looks at: every `*.json` under the workspace folders, and the open
    /// documents there (an open document may not be saved yet: it is reported as the editor has it).
    func workspaceDiagnosticPaths() -> [String] {
        var seen: Set<String> = []
        var paths: [String] = []
        for folder in configuration.workspaceFolders {
            let open = documents.keys.compactMap(DocumentURI.path(of:)).filter {
                $0.hasPrefix(folder) && $0.hasSuffix(".json")
            }
            for path in (WorkspaceFiles.jsonFiles(under: folder) + open.sorted()) where seen.insert(path).inserted {
                paths.append(path)
            }
        }
        return paths
    }

    /// Looks up the config of each file `workspace/diagnostic` reports, on the loop's thread, so that what
    /// the configs have to tell (one that cannot be used, a file left out) is noted on the server itself
    /// before a copy of it writes the reports elsewhere.
    func noteConfigs(ofWorkspaceFiles paths: [String]) {
        for path in paths {
            let uri = DocumentURI.uri(ofPath: path)
            if !Self.isConfig(uri) { _ = checkedConfig(forFile: path, uri: uri) }
        }
    }

    /// `workspace/diagnostic`: a report for every modal among `paths` that the configs choose, and for every
    /// config file there. Open documents are reported as the editor has them, with their version; the others
    /// as they are on disk, with version null. `stopIfOutdated` is called before each file.
    func workspaceDiagnosticReport(
        _ params: JSONValue?, paths: [String], stopIfOutdated: () throws(ResponseError) -> Void = {}
    ) throws(ResponseError) -> JSONValue {
        var previous: [String: String] = [:]
        for entry in params["previousResultIds"]?.arrayValue ?? [] {
            if let uri = entry["uri"]?.stringValue, let value = entry["value"]?.stringValue { previous[uri] = value }
        }
        var reports: [JSONNode] = []
        for path in paths {
            try stopIfOutdated()
            let uri = DocumentURI.uri(ofPath: path)
            let version: JSONValue
            let id: String
            let report: () -> JSONValue
            if let document = documents[uri] {
                if !Self.isConfig(uri) && checkedConfig(forFile: path, uri: uri) == nil { continue }
                version = .number(JSONNumber(document.version))
                id = resultID(of: document)
                report = { self.diagnosticsJSON(document, self.analysis(of: document)) }
            } else {
                guard let bytes = ConfigLookup.readFile(path, byteLimit: ByteSize.defaultInputLimit) else {
                    continue
                }
                let document = TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self))
                version = .null
                id = "h\(Self.fingerprint(bytes)).g\(configuration.generation)"
                if Self.isConfig(uri) {
                    report = {
                        self.diagnosticsJSON(
                            document, DocumentAnalysis(configBytes: document.bytes, version: 0, path: path))
                    }
                } else {
                    guard let config = checkedConfig(forFile: path, uri: uri) else { continue }
                    report = {
                        self.diagnosticsJSON(
                            document,
                            DocumentAnalysis(bytes: document.bytes, version: 0, path: path, config: config))
                    }
                }
            }
            var members: [JSONMember] = [
                JSONMember(key: "uri", value: .string(uri)), JSONMember(key: "version", value: version),
                JSONMember(key: "resultId", value: .string(id)),
            ]
            if previous[uri] == id {
                members.insert(JSONMember(key: "kind", value: "unchanged"), at: 0)
            } else {
                members.insert(JSONMember(key: "kind", value: "full"), at: 0)
                members.append(JSONMember(key: "items", value: report()))
            }
            reports.append(JSONNode(value: .object(members), byteOffset: 0))
        }
        return ["items": .array(reports)]
    }

    /// FNV-1a of a file's bytes: a result id that changes when the file does.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// The "Ignore CODE in this file" actions for a byte range of a modal document.
    func suppressActions(_ document: TextDocument, from start: Int, to end: Int, only: [String]?) -> [JSONValue] {
        guard only?.contains(where: { "quickfix" == $0 || "quickfix".hasPrefix($0 + ".") }) ?? true,
            !Self.isConfig(document.uri), let path = DocumentURI.path(of: document.uri)
        else { return [] }
        let target: SuppressActionProvider.Target
        switch configs.config(forFile: path) {
        case .config(_, let configPath):
            let uri = DocumentURI.uri(ofPath: configPath)
            let text =
                documents[uri]
                ?? TextDocument(
                    uri: uri, version: 0,
                    text: String(decoding: configuration.readFile(configPath) ?? [], as: UTF8.self))
            target = .existing(config: text, directory: ConfigSearch<Bool>.directory(of: configPath))
        case .invalid:
            return []
        case .none:
            guard configuration.createsFiles else { return [] }
            // One config at the root serves the whole workspace; outside every folder, beside the file.
            let directory =
                configuration.workspaceFolders.first { path.hasPrefix($0) } ?? ConfigSearch<Bool>.directory(of: path)
            target = .new(uri: DocumentURI.uri(ofPath: directory + ValidationConfig.fileName), directory: directory)
        }
        return SuppressActionProvider(
            document: document, path: path, analysis: analysis(of: document), conversion: conversion(for: document),
            target: target
        ).actions(from: start, to: end)
    }
}

extension DocumentAnalysis {
    /// The analysis of a JSON document that the config's `files`/`exclude` leave out: parsed, so hover and
    /// the rest still work, but with no diagnostics.
    init(leftOut bytes: [UInt8], version: Int) {
        let (result, root) = ModalDecoder.decodeKeepingTree(bytes)
        self.version = version
        self.document = result.document
        self.sourceMap = root.map { JSONSourceMap(root: $0, bytes: bytes) }
        self.diagnostics = []
        self.unfilteredDiagnostics = []
    }
}
