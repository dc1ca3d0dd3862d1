import LanguageServer
import LanguageServerProtocol
import PositionedJSON
import TestSupport
import Testing

/// Long requests are answered from a copy of the server taken when they arrive, and say so when the
/// document has changed since.
@Suite struct DeferredRequestTests {
    let uri = "file:///t/m.json"
    let client = ClientChannel { _ in }

    func server(text: String) throws -> ModalLanguageServer {
        let server = ModalLanguageServer(version: "test", formatDocumentURI: nil, readFile: { _ in nil })
        _ = try server.initialize(params: ["capabilities": [:]], client: client)
        try server.handleNotification(
            method: "textDocument/didOpen",
            params: ["textDocument": ["uri": .string(uri), "version": 1, "text": .string(text)]], client: client)
        return server
    }

    var text: String {
        #"{"msg": "Hello 🎉 world", "styles": [{"apply_to": {"from": 6, "length": 2}, "font_style": "bold"}]}"#
    }

    @Test(arguments: [
        "textDocument/documentSymbol", "textDocument/formatting", "textDocument/documentColor", "textDocument/hover",
    ])
    func aDeferredAnswerIsTheAnswerOfTheLoopsThread(method: String) throws {
        let server = try server(text: text)
        let params: JSONValue = [
            "textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true],
            "position": ["line": 0, "character": 3],
        ]
        let work = try #require(try server.deferredWork(method: method, params: params, client: client))
        expect(try work(CancellationFlag()) == server.handleRequest(method: method, params: params, client: client))
    }

    @Test func completionIsNotDeferred() throws {
        let server = try server(text: text)
        let params: JSONValue = ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 3]]
        expect(try server.deferredWork(method: "textDocument/completion", params: params, client: client) == nil)
    }

    @Test func aChangeMeanwhileAnswersContentModified() throws {
        let server = try server(text: text)
        let params: JSONValue = ["textDocument": ["uri": .string(uri)]]
        let work = try #require(
            try server.deferredWork(method: "textDocument/documentSymbol", params: params, client: client))
        try server.handleNotification(
            method: "textDocument/didChange",
            params: [
                "textDocument": ["uri": .string(uri), "version": 2],
                "contentChanges": [["text": #"{"msg": "changed"}"#]],
            ], client: client)
        #expect(throws: ResponseError.contentModified) { try work(CancellationFlag()) }
        // A request made after the change answers for the new text.
        let again = try #require(
            try server.deferredWork(method: "textDocument/documentSymbol", params: params, client: client))
        expect(try again(CancellationFlag()).arrayValue?.count == 1)
    }

    @Test func aCancelledFlagAnswersRequestCancelled() throws {
        let server = try server(text: text)
        let work = try #require(
            try server.deferredWork(
                method: "textDocument/documentSymbol", params: ["textDocument": ["uri": .string(uri)]],
                client: client))
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: ResponseError.requestCancelled) { try work(flag) }
    }
}
