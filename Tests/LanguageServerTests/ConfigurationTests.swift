import LanguageServer
import LanguageServerProtocol
import ModalModel
import PositionedJSON
import Reporting
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

/// A server over an in-memory file system, with every frame it sends decoded.
final class ServerUnderTest {
    var files: [String: String]
    var sent: [JSONValue] = []
    let server: ModalLanguageServer
    var client: ClientChannel!

    init(files: [String: String], capabilities: JSONValue = [:]) throws {
        self.files = files
        let reader = FileBox()
        reader.files = files
        server = ModalLanguageServer(version: "test", formatDocumentURI: nil) {
            reader.files[$0].map { Array($0.utf8) }
        }
        self.reader = reader
        client = ClientChannel { [weak self] frame in
            guard let self, let body = frame.firstIndex(of: UInt8(ascii: "{")),
                case .success(let node) = JSONParser.parse(Array(frame[body...]))
            else { return }
            self.sent.append(node.value)
        }
        _ = try server.initialize(
            params: ["capabilities": capabilities, "rootUri": "file:///project"], client: client)
    }

    private let reader: FileBox
    final class FileBox: @unchecked Sendable { var files: [String: String] = [:] }

    func write(_ path: String, _ text: String?) {
        reader.files[path] = text
        files[path] = text
    }

    func notify(_ method: String, _ params: JSONValue) throws {
        try server.handleNotification(method: method, params: params, client: client)
        server.idle(client: client)
    }

    func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let result = try server.handleRequest(method: method, params: params, client: client)
        server.idle(client: client)
        return result
    }

    func open(_ path: String, _ text: String, version: Int = 1) throws {
        try notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string("file://" + path), "languageId": "json",
                    "version": .number(JSONNumber(version)), "text": .string(text),
                ]
            ])
    }

    /// Takes what was sent since the last call.
    func take() -> [JSONValue] {
        defer { sent.removeAll() }
        return sent
    }

    static func messages(_ sent: [JSONValue], _ method: String) -> [JSONValue] {
        sent.filter { $0["method"]?.stringValue == method }.compactMap { $0["params"] }
    }

    static func codes(_ sent: [JSONValue], uri: String) -> [String]? {
        messages(sent, "textDocument/publishDiagnostics").last { $0["uri"]?.stringValue == uri }?["diagnostics"]?
            .arrayValue?.compactMap { $0["code"]?.stringValue }
    }
}

@Suite(.threadOfItsOwn) struct ConfigurationTests {
    let broken = #"{"msg": "Hi", "lenght": 1}"#

    // MARK: - Choosing files

    @Test func filesAndExcludeChooseModalsRelativeToTheConfig() throws {
        let config = try ValidationConfig.parse(
            Array(#"{"files": ["modals/**/*.json"], "exclude": ["**/fixtures/**"]}"#.utf8), directory: "/p/"
        ).get()
        let selection = config.selection
        expect(selection.chooses("/p/modals/a.json"))
        expect(selection.chooses("/p/modals/deep/er/b.json"))
        expect(!selection.chooses("/p/modals/fixtures/c.json"))
        expect(!selection.chooses("/p/modals/x/fixtures/y/c.json"))
        expect(!selection.chooses("/p/package.json"))
        expect(!selection.chooses("/elsewhere/modals/a.json"))
        expectEqual(selection.reasonLeftOut("/p/modals/fixtures/c.json")?.contains("**/fixtures/**"), true)
        expectEqual(selection.reasonLeftOut("/p/package.json")?.contains("modals/**/*.json"), true)
        expect(selection.reasonLeftOut("/p/modals/a.json") == nil)
        // Exclude alone keeps everything else, and never reaches outside the config's directory.
        let onlyExclude = FileSelection(exclude: ["legacy/*.json"], baseDirectory: "/p/")
        expect(!onlyExclude.chooses("/p/legacy/a.json") && onlyExclude.chooses("/p/legacy/deep/a.json"))
        expect(onlyExclude.chooses("/q/legacy/a.json"))
        expect(FileSelection().chooses("/anything.json"))
    }

    @Test func theSettingsVocabularyIncludesTheGlobsAndSuggestsThem() throws {
        expect(ValidationConfig.settingNames.contains("files") && ValidationConfig.settingNames.contains("exclude"))
        guard case .failure(let error) = ValidationConfig.parse(Array(#"{"fils": []}"#.utf8), directory: "/") else {
            Issue.record("a misspelt setting was accepted")
            return
        }
        expectEqual(error.diagnostics.first?.hint, "did you mean 'files'?")
        guard case .failure(let wrong) = ValidationConfig.parse(Array(#"{"exclude": [1, ""]}"#.utf8), directory: "/")
        else {
            Issue.record("globs that are not strings were accepted")
            return
        }
        expectEqual(wrong.diagnostics.map(\.pointer), ["/exclude/0", "/exclude/1"])
    }

    // MARK: - Settings

    @Test func clientSettingsReplaceTheFilesSettingsAndAddIgnores() throws {
        var state = ServerConfiguration(readFile: { _ in nil })
        state.readCapabilities(["rootUri": "file:///p"])
        let file = try ValidationConfig.parse(
            Array(#"{"profile": "16", "select": ["unknown-key"], "ignore": [{"code": "range-empty"}]}"#.utf8),
            directory: "/p/sub/"
        ).get()
        expectEqual(
            state.merged(.config(file, path: "/p/sub/.modalkit.json")), .config(file, path: "/p/sub/.modalkit.json"))
        expect(
            state.setClientSettings(
                ["modalkit": ["profile": "256", "ignore": [["code": "invalid-color", "path": "x/*.json"]]]]
            ).isEmpty)
        guard case .config(let merged, let path) = state.merged(.config(file, path: "/p/sub/.modalkit.json")) else {
            Issue.record("no config")
            return
        }
        expectEqual(path, "/p/sub/.modalkit.json")
        expectEqual(merged.profile, "256")
        expectEqual(merged.selectedCodes, ["unknown-key"])
        expectEqual(merged.ignores.map(\.code), ["range-empty", "invalid-color"])
        // The client's globs are relative to the workspace root.
        expectEqual(merged.ignores.last?.baseDirectory, "/p/")
        guard case .config(let alone, _) = state.merged(.none) else {
            Issue.record("client settings without a file do not apply")
            return
        }
        expectEqual(alone.profile, "256")
        // Wrong settings are refused whole, with the file's own messages and did-you-mean.
        let problems = state.setClientSettings(["modalkit": ["profil": "256"]])
        expectEqual(problems.first?.hint, "did you mean 'profile'?")
        expect(state.clientSettings == nil)
        expectEqual(state.merged(.none), .none)
    }

    // MARK: - The suppress edit

    /// Applies an insertion and parses the result as a config.
    func inserted(_ config: String, code: String, path: String) throws -> (String, ValidationConfig) {
        let bytes = Array(config.utf8)
        let entry = SuppressActionProvider.entry(code: code, relativePath: path)
        let (offset, text) = try #require(SuppressActionProvider.insertion(of: entry, into: bytes))
        let after = String(decoding: bytes[..<offset] + Array(text.utf8) + bytes[offset...], as: UTF8.self)
        let parsed = try ValidationConfig.parse(Array(after.utf8), directory: "/p/").get()
        return (after, parsed)
    }

    @Test func theIgnoreEntryIsInsertedKeepingTheConfigsFormatting() throws {
        let cases: [(String, String)] = [
            ("{}", #"{"ignore": [{"code": "unknown-key", "path": "m/a.json"}]}"#),
            (#"{"strict": true}"#, #"{"ignore": [{"code": "unknown-key", "path": "m/a.json"}], "strict": true}"#),
            (
                "{\n  \"strict\": true\n}\n",
                "{\n  \"ignore\": [{\"code\": \"unknown-key\", \"path\": \"m/a.json\"}],\n  \"strict\": true\n}\n"
            ),
            (#"{"ignore": []}"#, #"{"ignore": [{"code": "unknown-key", "path": "m/a.json"}]}"#),
            (
                "{\"ignore\": [\n    {\"code\": \"range-empty\"}\n  ]}",
                "{\"ignore\": [\n    {\"code\": \"unknown-key\", \"path\": \"m/a.json\"},\n    {\"code\": \"range-empty\"}\n  ]}"
            ),
        ]
        for (before, expected) in cases {
            let (after, config) = try inserted(before, code: "unknown-key", path: "m/a.json")
            expectEqual(after, expected)
            let diagnostic = Diagnostic(
                severity: .warning, code: .unknownKey, message: "",
                location: SourceLocation(line: 1, column: 1, byteOffset: 0),
                pointer: "/lenght")
            expectEqual(DiagnosticFilter(ignores: config.ignores).keeps(diagnostic, path: "/p/m/a.json"), false)
            expect(DiagnosticFilter(ignores: config.ignores).keeps(diagnostic, path: "/p/m/b.json"))
        }
        expect(SuppressActionProvider.insertion(of: "{}", into: Array(#"{"ignore": 3}"#.utf8)) == nil)
        expect(SuppressActionProvider.insertion(of: "{}", into: Array("[]".utf8)) == nil)
    }

    /// For configs with random spacing, members and entries, the edited config parses, keeps every setting it
    /// had, and its new entry silences exactly the code in exactly the file.
    @Test func theEditedConfigIsValidAndSilencesOnlyThatFile() throws {
        var generator = SeededGenerator(seed: 46)
        let spaces = ["", " ", "\n", "\n  ", "\n\t\t", "  \n    "]
        let names = ["m.json", "deep/é 👍🏽.json", "a\"b\\c.json", "x/[y].json"]
        for _ in 0..<200 {
            func space() -> String { spaces.randomElement(using: &generator)! }
            var members: [String] = []
            if Bool.random(using: &generator) { members.append("\"strict\":\(space())true") }
            if Bool.random(using: &generator) {
                let count = Int.random(in: 0...2, using: &generator)
                let entries = (0..<count).map { _ in "\(space()){\"code\": \"range-empty\"}" }
                members.append("\"ignore\":\(space())[\(entries.joined(separator: ","))\(space())]")
            }
            if Bool.random(using: &generator) { members.append("\"profile\": \"16\"") }
            members.shuffle(using: &generator)
            let config = "{" + members.map { space() + $0 }.joined(separator: ",") + space() + "}"
            let name = names.randomElement(using: &generator)!
            let before = try ValidationConfig.parse(Array(config.utf8), directory: "/p/").get()
            let (after, parsed) = try inserted(config, code: "unknown-key", path: name)
            expect(parsed.strict == before.strict && parsed.profile == before.profile, "\(after)")
            expectEqual(parsed.ignores.count, before.ignores.count + 1, "\(after)")
            let diagnostic = Diagnostic(
                severity: .warning, code: .unknownKey, message: "",
                location: SourceLocation(line: 1, column: 1, byteOffset: 0),
                pointer: "/lenght")
            let filter = DiagnosticFilter(ignores: parsed.ignores)
            expect(!filter.keeps(diagnostic, path: "/p/" + name), "\(after)")
            expect(filter.keeps(diagnostic, path: "/p/other.json"), "\(after)")
        }
    }

    // MARK: - The server

    @Test func anInvalidConfigIsShownOnceAndOnTheConfigFile() throws {
        let configText = #"{"ignore": ["range-splits-grapheme"]}"#
        let harness = try ServerUnderTest(files: ["/project/.modalkit.json": configText])
        try harness.open("/project/a.json", broken)
        try harness.open("/project/b.json", broken)
        let sent = harness.take()
        let shown = ServerUnderTest.messages(sent, "window/showMessage")
        expectEqual(shown.count, 1)
        let message = try #require(shown.first?["message"]?.stringValue)
        expect(message.contains("/project/.modalkit.json:1:13:"), "\(message)")
        expect(message.contains("an ignore entry must be an object"))
        expectEqual(shown.first?["type"]?.intValue, 1)
        expectEqual(ServerUnderTest.codes(sent, uri: "file:///project/.modalkit.json"), ["config-invalid"])
        let published = ServerUnderTest.messages(sent, "textDocument/publishDiagnostics").first {
            $0["uri"]?.stringValue == "file:///project/.modalkit.json"
        }
        expectEqual(published?["diagnostics"]?.arrayValue?.first?["range"]["start"]["character"]?.intValue, 12)
        // The documents are still checked, with no config.
        expectEqual(ServerUnderTest.codes(sent, uri: "file:///project/a.json"), ["unknown-key"])
        // A keystroke says nothing new about the config.
        try harness.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///project/a.json", "version": 2],
                "contentChanges": [["text": .string(broken + " ")]],
            ])
        expect(ServerUnderTest.messages(harness.take(), "window/showMessage").isEmpty)
        // Fixed on disk: its diagnostics are cleared and the documents checked under it.
        harness.write("/project/.modalkit.json", #"{"ignore": [{"code": "unknown-key"}]}"#)
        try harness.notify(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": "file:///project/.modalkit.json", "type": 2]]])
        let after = harness.take()
        expect(ServerUnderTest.messages(after, "window/showMessage").isEmpty)
        expectEqual(ServerUnderTest.codes(after, uri: "file:///project/.modalkit.json"), [])
        expectEqual(ServerUnderTest.codes(after, uri: "file:///project/a.json"), [])
    }

    @Test func aLeftOutDocumentIsNotDiagnosedAndTheLogSaysWhyOnce() throws {
        let harness = try ServerUnderTest(files: ["/project/.modalkit.json": #"{"exclude": ["fixtures/**"]}"#])
        try harness.open("/project/fixtures/f.json", broken)
        try harness.open("/project/m.json", broken)
        let sent = harness.take()
        expectEqual(ServerUnderTest.codes(sent, uri: "file:///project/fixtures/f.json"), [])
        expectEqual(ServerUnderTest.codes(sent, uri: "file:///project/m.json"), ["unknown-key"])
        let logs = ServerUnderTest.messages(sent, "window/logMessage").compactMap { $0["message"]?.stringValue }
        expectEqual(logs.count, 1)
        expectEqual(logs.first?.contains("/project/fixtures/f.json is not checked as a modal"), true)
        expectEqual(logs.first?.contains("fixtures/**"), true)
        try harness.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///project/fixtures/f.json", "version": 2],
                "contentChanges": [["text": .string(broken + " ")]],
            ])
        expect(ServerUnderTest.messages(harness.take(), "window/logMessage").isEmpty)
    }

    @Test func pushedSettingsRecheckOpenDocuments() throws {
        let harness = try ServerUnderTest(files: [:])
        try harness.open("/project/m.json", broken)
        expectEqual(ServerUnderTest.codes(harness.take(), uri: "file:///project/m.json"), ["unknown-key"])
        try harness.notify("workspace/didChangeConfiguration", ["settings": ["modalkit": ["select": ["range-empty"]]]])
        expectEqual(ServerUnderTest.codes(harness.take(), uri: "file:///project/m.json"), [])
        try harness.notify("workspace/didChangeConfiguration", ["settings": ["modalkit": ["selct": []]]])
        let refused = harness.take()
        expectEqual(ServerUnderTest.codes(refused, uri: "file:///project/m.json"), ["unknown-key"])
        let message = ServerUnderTest.messages(refused, "window/showMessage").first?["message"]?.stringValue
        expectEqual(message?.contains(#"unknown setting "selct""#), true)
    }

    @Test func settingsAreAskedForAndTheLatestAnswerApplies() throws {
        let harness = try ServerUnderTest(files: [:], capabilities: ["workspace": ["configuration": true]])
        try harness.notify("initialized", [:])
        let asked = harness.take().filter { $0["method"]?.stringValue == "workspace/configuration" }
        expectEqual(asked.first?["params"]["items"]?.arrayValue?.first?["section"]?.stringValue, "modalkit")
        let first = try #require(asked.first?["id"].flatMap(RequestID.init))
        try harness.open("/project/m.json", broken)
        _ = harness.take()
        try harness.notify("workspace/didChangeConfiguration", ["settings": .null])
        let second = try #require(harness.take().first { $0["method"]?.stringValue == "workspace/configuration" })
        let secondID = try #require(second["id"].flatMap(RequestID.init))
        // The answer to the first request is stale: the second one's is the settings.
        harness.server.handleResponse(
            id: first, result: [["select": ["range-empty"]]], error: nil, client: harness.client)
        harness.server.idle(client: harness.client)
        expect(harness.take().isEmpty)
        harness.server.handleResponse(
            id: secondID, result: [["select": ["range-empty"]]], error: nil, client: harness.client)
        harness.server.idle(client: harness.client)
        expectEqual(ServerUnderTest.codes(harness.take(), uri: "file:///project/m.json"), [])
    }

    @Test func pullReportsAreUnchangedUntilTheDocumentOrConfigChanges() throws {
        let harness = try ServerUnderTest(files: [:], capabilities: ["textDocument": ["diagnostic": [:]]])
        try harness.open("/project/m.json", broken)
        expect(ServerUnderTest.messages(harness.take(), "textDocument/publishDiagnostics").isEmpty)
        let params: JSONValue = ["textDocument": ["uri": "file:///project/m.json"]]
        let first = try harness.request("textDocument/diagnostic", params)
        expectEqual(first["kind"]?.stringValue, "full")
        expectEqual(first["items"]?.arrayValue?.compactMap { $0["code"]?.stringValue }, ["unknown-key"])
        let id = try #require(first["resultId"]?.stringValue)
        let again = try harness.request(
            "textDocument/diagnostic",
            ["textDocument": ["uri": "file:///project/m.json"], "previousResultId": .string(id)])
        expect(again["kind"]?.stringValue == "unchanged" && again["resultId"]?.stringValue == id)
        try harness.notify("workspace/didChangeConfiguration", ["settings": ["modalkit": ["select": ["range-empty"]]]])
        let changed = try harness.request(
            "textDocument/diagnostic",
            ["textDocument": ["uri": "file:///project/m.json"], "previousResultId": .string(id)])
        expect(changed["kind"]?.stringValue == "full" && changed["items"]?.arrayValue?.isEmpty == true)
    }

    @Test func aClientThatPullsIsAskedToPullAgainAfterAChange() throws {
        let harness = try ServerUnderTest(
            files: [:],
            capabilities: [
                "textDocument": ["diagnostic": [:]], "workspace": ["diagnostics": ["refreshSupport": true]],
            ])
        try harness.open("/project/m.json", broken)
        expect(ServerUnderTest.messages(harness.take(), "workspace/diagnostic/refresh").isEmpty)
        try harness.notify("workspace/didChangeConfiguration", ["settings": ["modalkit": ["profile": "16"]]])
        let sent = harness.take()
        expectEqual(sent.filter { $0["method"]?.stringValue == "workspace/diagnostic/refresh" }.count, 1)
        expect(ServerUnderTest.messages(sent, "textDocument/publishDiagnostics").isEmpty)
        try harness.notify("textDocument/didClose", ["textDocument": ["uri": "file:///project/m.json"]])
        expect(harness.take().isEmpty)
    }

    @Test func theSuppressActionOffersAnEditThatSilencesTheFinding() throws {
        let harness = try ServerUnderTest(files: ["/project/sub/.modalkit.json": "{\n  \"strict\": true\n}\n"])
        try harness.open("/project/sub/deep/m.json", broken)
        _ = harness.take()
        let actions = try harness.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": "file:///project/sub/deep/m.json"],
                "range": ["start": ["line": 0, "character": 15], "end": ["line": 0, "character": 15]],
                "context": ["diagnostics": []],
            ])
        let action = try #require(
            actions.arrayValue?.first { $0["title"]?.stringValue == "Ignore unknown-key in this file" })
        let edit = try #require(action["edit"]["changes"]["file:///project/sub/.modalkit.json"]?.arrayValue?.first)
        expectEqual(
            edit["newText"]?.stringValue, "\n  \"ignore\": [{\"code\": \"unknown-key\", \"path\": \"deep/m.json\"}],")
        expect(edit["range"]["start"]["line"]?.intValue == 0 && edit["range"]["start"]["character"]?.intValue == 1)
    }
}
