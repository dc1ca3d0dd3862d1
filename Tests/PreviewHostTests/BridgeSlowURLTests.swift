import HTTPSource
import ModalModel
import Preview
import PreviewBridge
import Screen
import Terminal
import TestSupport
import Testing

@testable import PreviewHost

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge on a `TestBackend` against a local server whose `/slow/S` answers after S seconds: keys and
/// commands during the load, as a user and a host meet them.
@Suite(.threadOfItsOwn) struct BridgeSlowURLTests {
    static let error =
        #"{"msg":"Something went wrong","buttons":[{"label":"Retry","action":"retry"},{"label":"Close","action":"close"}]}"#
    static let onboarding = #"{"msg":"Welcome aboard","buttons":[{"label":"Get started","action":"start"}]}"#

    static let load: @Sendable (BridgeSource) -> FileLoad = { source in
        switch source {
        case .path("error.json"): return FileLoad(ModalDecoder.decode(Array(error.utf8)))
        case .url(let url):
            guard case .fetched(let response) = HTTPTransfer.fetch(HTTPRequest(url: url)) else {
                return .failed(message: "the test server did not answer")
            }
            return FileLoad(ModalDecoder.decode(response.body))
        default: return .failed(message: "no such file")
        }
    }

    /// Runs the bridge on a 100-column terminal playing `script`; returns the event lines and the backend.
    func run(
        _ script: (_ send: @escaping (String) -> Void) -> [TestBackend.Step]
    ) async throws -> (events: [String], backend: TestBackend) {
        let result = try runBridgeOnTestBackend(width: 100, load: Self.load, script)
        expectEqual(result.status, 0)
        return (result.events, result.backend)
    }

    /// The steps of the report: error.json by path, then a URL that answers after 3 s, Enter at 0.5 s.
    @Test func enterDuringASlowShowAnswersTheModalOnScreen() async throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: Self.onboarding))
        defer { server.stop() }
        let slow = server.url("/slow/3")
        let result = try await run { send in
            [
                .run { send(#"{"command":"show","path":"error.json"}"#) },
                .waitForScreen(containing: "Something went wrong"),
                .run { send(#"{"command":"show","url":"\#(slow)"}"#) },
                .waitForScreen(containing: "loading \(slow)"),
                .idle(milliseconds: 500),
                .inputs([.key(.enter)]),
                .waitForScreen(containing: "Welcome aboard", timeoutMilliseconds: 10_000),
                .inputs([.key(.enter)]),
                .run { send(#"{"command":"quit"}"#) },
                .idle(milliseconds: 10_000),
            ]
        }
        expectEqual(
            result.events,
            [
                #"{"event":"ready","protocol":1,"modalkit":"test"}"#,
                #"{"event":"action","modal":0,"button":0,"label":"Retry","action":{"type":"custom","name":"retry"},"source":"error.json","generation":1}"#,
                #"{"event":"action","modal":0,"button":0,"label":"Get started","action":{"type":"custom","name":"start"},"source":"\#(slow)","generation":2}"#,
            ])
    }

    @Test func escCancelsASlowShowAndCommandsAreAnsweredMeanwhile() async throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: Self.onboarding))
        defer { server.stop() }
        let slow = server.url("/slow/1")
        let result = try await run { send in
            [
                .run { send(#"{"command":"show","path":"error.json"}"#) },
                .waitForScreen(containing: "Something went wrong"),
                .run { send(#"{"command":"show","url":"\#(slow)"}"#) },
                .waitForScreen(containing: "loading \(slow)"),
                .run { send(#"{"command":"dance"}"#) },
                .idle(milliseconds: 200),
                .inputs([.key(.escape)]),
                .waitForScreen(containing: PreviewState.loadCancelledStatus),
                // Past the server's answer: the dropped load never reaches the screen.
                .idle(milliseconds: 1_500),
                .inputs([.key(.escape)]),
                .run { send(#"{"command":"quit"}"#) },
                .idle(milliseconds: 10_000),
            ]
        }
        expect(result.backend.shows("Something went wrong"))
        expect(!result.backend.shows("Welcome aboard"))
        expectEqual(
            result.events,
            [
                #"{"event":"ready","protocol":1,"modalkit":"test"}"#,
                #"{"event":"error","line":3,"code":"bridge-unknown-command","message":"unknown command \"dance\"; use one of show, replace, focus, close, quit"}"#,
                #"{"event":"error","line":2,"code":"bridge-load-cancelled","message":"\#(slow): loading was cancelled with Esc; what was shown stays"}"#,
                #"{"event":"cancelled","modal":0,"source":"error.json","generation":1}"#,
            ])
    }
}
