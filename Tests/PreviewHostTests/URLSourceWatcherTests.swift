import HTTPSource
import ModalModel
import Preview
import PreviewHost
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The watcher against a local server whose modal the test edits, as a developer edits a server's response.
@Suite(.threadOfItsOwn) struct URLSourceWatcherTests {
    static let first = #"{"msg":"First version","buttons":[{"label":"OK","action":"close"}]}"#
    static let second = #"{"msg":"Second version","buttons":[{"label":"OK","action":"close"}]}"#

    /// Polls until the watcher reports something or `seconds` pass.
    func nextReport(_ watcher: URLSourceWatcher, seconds: Int = 10) -> FileLoad? {
        let deadline = HTTPTransfer.monotonicMilliseconds() + seconds * 1000
        while HTTPTransfer.monotonicMilliseconds() < deadline {
            if let load = watcher.poll() { return load }
            usleep(10_000)
        }
        return nil
    }

    func message(of load: FileLoad?) -> String? {
        guard case .decoded(let document?, _)? = load else { return nil }
        return document.modals.first?.message
    }

    func serverStats(_ server: ModalServer) -> String {
        guard case .fetched(let response) = HTTPTransfer.fetch(HTTPRequest(url: server.url("/stats"))) else {
            return ""
        }
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func reportsEachChangeAndRecoversFromAnInvalidVersion() throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: Self.first))
        defer { server.stop() }
        let initial = FileLoad(ModalDecoder.decode(Array(Self.first.utf8)))
        let watcher = URLSourceWatcher(
            request: HTTPRequest(url: server.url("/modal.json")), intervalMilliseconds: 50, initial: initial)

        // Unchanged: the first poll fetches the same document and reports nothing; later ones are conditional.
        let deadline = HTTPTransfer.monotonicMilliseconds() + 10_000
        while !serverStats(server).contains("\"not_modified\": 2"), HTTPTransfer.monotonicMilliseconds() < deadline {
            expect(watcher.poll() == nil)
            usleep(10_000)
        }
        expect(serverStats(server).contains("\"not_modified\": 2"))

        server.serve(Self.second)
        expectEqual(message(of: nextReport(watcher)), "Second version")

        server.serve(#"{"msg": 5}"#)
        guard case .decoded(nil, let diagnostics)? = nextReport(watcher) else {
            Issue.record("an invalid version was not reported as invalid")
            return
        }
        expect(diagnostics.contains { $0.severity == .error })

        server.serve(Self.second)
        expectEqual(message(of: nextReport(watcher)), "Second version")
    }

    @Test func aServerWithoutValidatorsIsComparedByContent() throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: Self.first))
        defer { server.stop() }
        let initial = FileLoad(ModalDecoder.decode(Array(Self.first.utf8)))
        let watcher = URLSourceWatcher(
            request: HTTPRequest(url: server.url("/plain.json")), intervalMilliseconds: 50, initial: initial)
        expect(nextReport(watcher, seconds: 1) == nil)
        server.serve(Self.second)
        expectEqual(message(of: nextReport(watcher)), "Second version")
    }

    @Test func aRepeatedFailureIsReportedOnce() throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let port = ModalServer.closedPort()
        let watcher = URLSourceWatcher(
            request: HTTPRequest(url: "http://127.0.0.1:\(port)/modal.json"), intervalMilliseconds: 20)
        guard case .failed(let message)? = nextReport(watcher) else {
            Issue.record("a refused connection was not reported")
            return
        }
        expect(message.contains("url-connect-failed"))
        expect(nextReport(watcher, seconds: 1) == nil)
    }
}
