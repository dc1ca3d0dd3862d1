import LanguageServerProtocol
import ModalModel
import PositionedJSON
import Reporting

/// What the server knows about configuration beyond the config files: the client's `settings.modalkit`, what
/// the client can do with diagnostics and edits, the workspace folders, and which config problems and
/// left-out files have been told since the configuration last changed (so each is told once a change, not
/// once a keystroke).
package struct ServerConfiguration {
    /// The client's valid `settings.modalkit`, nil when it sent none or sent one that cannot be used.
    package private(set) var clientSettings: ValidationConfig?
    /// Counts changes of any config or of the settings; result ids carry it, so a change makes them stale.
    package private(set) var generation = 0
    /// Whether the client asks for diagnostics (`textDocument/diagnostic`) instead of being sent them.
    package private(set) var pullsDiagnostics = false
    /// Whether the client can be asked to pull diagnostics again (`workspace/diagnostic/refresh`).
    package private(set) var refreshesDiagnostics = false
    /// Whether a workspace edit may create a file, which a new config needs.
    package private(set) var createsFiles = false
    /// Whether the client answers `workspace/configuration`.
    package private(set) var answersConfigurationRequests = false
    /// The workspace folders, absolute, each ending in `/`.
    package private(set) var workspaceFolders: [String] = []
    /// Reads a file by path (nil: no such file); the same reader the config lookup uses.
    package let readFile: (String) -> [UInt8]?

    /// Invalid configs met since the last change, by path, and whether each has been told.
    private var invalidConfigs: [String: (problems: [Diagnostic], told: Bool)] = [:]
    /// Config paths whose problems are published as diagnostics of the config file.
    private var publishedConfigPaths: Set<String> = []
    /// Documents whose leaving out has been logged since the last change.
    private var loggedLeftOut: Set<String> = []
    private var pendingLogs: [String] = []
    private var pendingMessages: [String] = []
    private var refreshPending = false
    /// The `workspace/configuration` request whose answer is the latest settings.
    private var settingsRequest: RequestID?

    /// Creates the state of a server that reads files with `readFile`.
    package init(readFile: @escaping (String) -> [UInt8]?) { self.readFile = readFile }

    /// Reads what the client can do from `initialize`'s params.
    package mutating func readCapabilities(_ params: JSONValue?) {
        let capabilities = params["capabilities"]
        pullsDiagnostics = capabilities["textDocument"]["diagnostic"] != nil
        refreshesDiagnostics = capabilities["workspace"]["diagnostics"]["refreshSupport"]?.boolValue == true
        createsFiles =
            capabilities["workspace"]["workspaceEdit"]["resourceOperations"]?.arrayValue?.contains(.string("create"))
            == true
            && capabilities["workspace"]["workspaceEdit"]["documentChanges"]?.boolValue != false
        answersConfigurationRequests = capabilities["workspace"]["configuration"]?.boolValue == true
        var folders = params["workspaceFolders"]?.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []
        if folders.isEmpty, let root = params["rootUri"]?.stringValue { folders = [root] }
        workspaceFolders = folders.compactMap(DocumentURI.path(of:))
        if workspaceFolders.isEmpty, let root = params["rootPath"]?.stringValue { workspaceFolders = [root] }
        workspaceFolders = workspaceFolders.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// Notes the request the settings will come in answer to; an earlier one's answer is then stale.
    package mutating func awaitSettings(_ id: RequestID) { settingsRequest = id }

    /// Whether `id` is the latest settings request; it is answered once.
    package mutating func isSettingsRequest(_ id: RequestID) -> Bool {
        guard id == settingsRequest else { return false }
        settingsRequest = nil
        return true
    }

    /// Forgets what has been told, after a config file or the settings changed.
    package mutating func changed() {
        generation += 1
        invalidConfigs.removeAll()
        loggedLeftOut.removeAll()
        refreshPending = pullsDiagnostics && refreshesDiagnostics
    }

    /// Takes the `modalkit` member of the client's `settings`; without one, or with null, there are none.
    /// Returns the problems of settings that cannot be used, which are then dropped.
    @discardableResult
    package mutating func setClientSettings(_ settings: JSONValue) -> [Diagnostic] {
        guard let ours = settings["modalkit"], ours != .null, ours != .object([]) else {
            clientSettings = nil
            return []
        }
        switch ValidationConfig.parse(Array(JSONWriter.serialize(ours).utf8), directory: workspaceFolders.first ?? "")
        {
        case .success(let config):
            clientSettings = config
            return []
        case .failure(let error):
            clientSettings = nil
            let problems = error.diagnostics.map { "\($0.pointer.isEmpty ? "" : $0.pointer + ": ")\($0.message)" }
            pendingMessages.append(
                "modalkit: settings.modalkit cannot be used: \(problems.joined(separator: "; ")); "
                    + "the config files alone apply")
            return error.diagnostics
        }
    }

    /// The config a document is checked under: the file's, with the client's settings over it. A setting
    /// the client gives replaces the file's, as a command-line option does; `ignore` entries of both apply.
    package func merged(_ found: ConfigLookup.Found) -> ConfigLookup.Found {
        guard let client = clientSettings else { return found }
        guard case .config(let file, let path) = found else { return .config(client, path: "") }
        var config = file
        if !client.selectedCodes.isEmpty { config.selectedCodes = client.selectedCodes }
        config.ignores += client.ignores
        config.strict = client.strict ?? file.strict
        config.maxBytes = client.maxBytes ?? file.maxBytes
        config.profile = client.profile ?? file.profile
        config.card = client.card.or(file.card)
        if !client.selection.isEmpty { config.selection = client.selection }
        return .config(config, path: path)
    }

    /// Notes a config that cannot be used, met while checking a document under it.
    package mutating func noteInvalid(configPath: String, problems: [Diagnostic]) {
        if invalidConfigs[configPath] == nil { invalidConfigs[configPath] = (problems, false) }
    }

    /// Notes a document the `files`/`exclude` globs leave out, to be logged once a change.
    package mutating func noteLeftOut(uri: String, path: String, configPath: String, reason: String) {
        guard loggedLeftOut.insert(uri).inserted else { return }
        let source = configPath.isEmpty ? "settings.modalkit" : configPath
        pendingLogs.append("modalkit: \(path) is not checked as a modal: \(source) leaves it out (\(reason))")
    }

    /// Sends what has been noted: each invalid config's problems as diagnostics of the config file (unless it
    /// is open, when its own analysis shows them) and once as a `window/showMessage`; the diagnostics of a
    /// config that has become valid are cleared; left-out documents are logged. Called when idle, after every
    /// stale document has been checked, so a config no document met again is valid or gone.
    package mutating func tell(
        client: ClientChannel, openURIs: Set<String>, encoding: PositionEncoding, formatDocumentURI: String?
    ) {
        for message in pendingMessages {
            client.notify("window/showMessage", ["type": 1, "message": .string(message)])
        }
        pendingMessages.removeAll()
        for line in pendingLogs { client.log(line, level: .info) }
        pendingLogs.removeAll()
        for path in invalidConfigs.keys.sorted() where invalidConfigs[path]?.told == false {
            let problems = invalidConfigs[path]!.problems
            invalidConfigs[path]!.told = true
            client.notify("window/showMessage", ["type": 1, "message": .string(Self.message(path, problems))])
            let uri = DocumentURI.uri(ofPath: path)
            guard !openURIs.contains(uri) else { continue }
            let document = TextDocument(
                uri: uri, version: 0, text: String(decoding: readFile(path) ?? [], as: UTF8.self))
            let conversion = DiagnosticConversion(
                document: document, encoding: encoding, formatDocumentURI: formatDocumentURI)
            let diagnostics = problems.map { JSONNode(value: conversion.json($0, sourceMap: nil), byteOffset: 0) }
            client.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": .array(diagnostics)])
            publishedConfigPaths.insert(path)
        }
        for path in publishedConfigPaths.sorted() where invalidConfigs[path] == nil {
            publishedConfigPaths.remove(path)
            let uri = DocumentURI.uri(ofPath: path)
            if !openURIs.contains(uri) {
                client.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            }
        }
        if refreshPending {
            refreshPending = false
            client.request("workspace/diagnostic/refresh", .null)
        }
    }

    /// The `window/showMessage` text for a config that cannot be used: its path, the first problem's line and
    /// column and message, and what the server does instead.
    package static func message(_ path: String, _ problems: [Diagnostic]) -> String {
        guard let first = problems.first else { return "modalkit: \(path) cannot be used" }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return
            "modalkit: \(path):\(first.location.line):\(first.location.column): the config cannot be used: "
            + "\(first.message)\(more). Documents under it are checked with no config; "
            + "modalkit validate stops with exit status 2."
    }
}
