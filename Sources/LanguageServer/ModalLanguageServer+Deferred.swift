import LanguageServerProtocol
import PositionedJSON

extension ModalLanguageServer {
    /// The requests answered off the loop's thread: those whose time grows with the document (or with every
    /// document), so that a change's diagnostics never wait behind them. Hover is one: on `msg` it draws the
    /// whole modal (a tenth of a second for a message of 2 MB), and a hover elsewhere must not wait for it.
    /// Completion stays on the loop's thread: it is quick (it reads the text before the cursor), and typing on
    /// while it ran elsewhere would make its answer `ContentModified`, an empty menu. So does a document's pull
    /// diagnostic: it answers from the analysis the loop keeps for publishing.
    package static let deferredMethods: Set<String> = [
        "textDocument/hover", "textDocument/documentSymbol", "textDocument/formatting", "textDocument/rangeFormatting",
        "textDocument/references", "textDocument/definition", "textDocument/documentHighlight",
        "textDocument/codeAction", "textDocument/inlayHint",
        "textDocument/documentColor", "workspace/diagnostic",
    ]

    /// A deferred request is answered by a copy of the server made now, which shares the documents' storage
    /// and is touched by nothing else. If the request's document changes before the answer is ready, the
    /// answer is `ContentModified` (-32801) rather than edits or ranges for text the client no longer has.
    package func deferredWork(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError)
        -> DeferredWork?
    {
        guard Self.deferredMethods.contains(method) else { return nil }
        if method == "workspace/diagnostic" { return workspaceDiagnosticWork(params) }
        let snapshot = Unshared(snapshot())
        let editCounts = self.editCounts
        let uri = params["textDocument"]["uri"]?.stringValue
        let changesAtStart = uri.map(editCounts.changes(of:))
        return { flag throws(ResponseError) in
            let server = snapshot.value
            func stopIfOutdated() throws(ResponseError) {
                try flag.check()
                if let uri, editCounts.changes(of: uri) != changesAtStart { throw .contentModified }
            }
            server.stopIfOutdated = stopIfOutdated
            try stopIfOutdated()
            let result = try server.handleRequest(
                method: method, params: params, client: ClientChannel(output: { _ in }))
            try stopIfOutdated()
            return result
        }
    }
}

extension ModalLanguageServer {
    /// `workspace/diagnostic` in two steps: the files and what their configs have to tell, on the loop's
    /// thread (a copy would lose what it noted); reading and checking each file, on a copy elsewhere.
    fileprivate func workspaceDiagnosticWork(_ params: JSONValue?) -> DeferredWork {
        let paths = workspaceDiagnosticPaths()
        noteConfigs(ofWorkspaceFiles: paths)
        let snapshot = Unshared(snapshot())
        return { flag throws(ResponseError) in
            let result = try snapshot.value.workspaceDiagnosticReport(
                params, paths: paths, stopIfOutdated: flag.check)
            try flag.check()
            return result
        }
    }
}

/// A value handed whole from the loop's thread to one worker and never touched by the loop again, which is
/// what makes sending it safe although its type is not `Sendable`.
struct Unshared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
