import ModalModel
import Preview
import PreviewBridge
import Screen
import TestSupport
import Testing

@testable import PreviewHost
@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge on a `TestBackend`: commands arrive on a pipe while scripted keys are typed, events leave
/// on another, and the modal is read off the screen.
@Suite(.threadOfItsOwn) struct BridgeSessionTests {
    static let welcome =
        #"{"msg":"Welcome","buttons":[{"label":"Later","action":"https://example.com/later"},{"label":"OK","action":"close"}]}"#

    /// Runs the bridge on an 80-column terminal playing `script`; the terminal is restored at the end.
    func run(
        _ script: (_ send: @escaping (String) -> Void) -> [TestBackend.Step]
    ) async throws -> (status: Int32, events: [String], backend: TestBackend) {
        let result = try runBridgeOnTestBackend(width: 80, load: Self.load, script)
        expect(result.backend.isRestored)
        return result
    }

    static let load: @Sendable (BridgeSource) -> FileLoad = { source in
        guard case .path("welcome.json") = source else { return .failed(message: "no such file") }
        return FileLoad(ModalDecoder.decode(Array(welcome.utf8)))
    }

    @Test func keysOnTheShownModalBecomeEventsAndCloseTakesItAway() async throws {
        let result = try await run { send in
            [
                .run { send(#"{"command":"show","path":"welcome.json"}"#) }, .waitForScreen(containing: "Welcome"),
                .inputs([.key(.enter)]), .inputs([.key(.tab), .key(.enter)]),
                .run { send(#"{"command":"quit"}"#) },
                .idle(milliseconds: 10_000),
            ]
        }
        expectEqual(result.status, 0)
        expectEqual(
            result.events,
            [
                #"{"event":"ready","protocol":1,"modalkit":"test"}"#,
                #"{"event":"action","modal":0,"button":0,"label":"Later","action":{"type":"url","url":"https://example.com/later"},"source":"welcome.json","generation":1}"#,
                #"{"event":"action","modal":0,"button":1,"label":"OK","action":{"type":"close"},"source":"welcome.json","generation":1}"#,
                #"{"event":"closed","modal":0,"source":"welcome.json","generation":1}"#,
            ])
        expect(!result.backend.shows("Welcome"))
    }

    /// Regression (`r` aborted the bridge): the host's reload closure read the source back from the loop
    /// while the loop's mutating handle ran, which Swift's exclusivity check stops with a fatal error.
    @Test func reloadingAPathSourceWithRKeepsTheBridgeRunning() async throws {
        let result = try await run { send in
            [
                .run { send(#"{"command":"show","path":"welcome.json"}"#) }, .waitForScreen(containing: "Welcome"),
                .inputs([.key(.char("r"))]), .inputs([.key(.tab)]), .run { send(#"{"command":"focus","button":0}"#) },
                .inputs([.key(.char("r"))]), .waitForScreen(containing: "Welcome"),
                .run { send(#"{"command":"quit"}"#) },
                .idle(milliseconds: 10_000),
            ]
        }
        expectEqual(result.status, 0)
        expectEqual(result.events, [#"{"event":"ready","protocol":1,"modalkit":"test"}"#])
    }
}
