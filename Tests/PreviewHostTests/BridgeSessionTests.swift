import ModalModel
import Preview
import PreviewBridge
import Screen
import Testing

@testable import PreviewHost
@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge on a `TestBackend`: commands arrive on a pipe while scripted keys are typed, events leave
/// on another, and the modal is read off the screen.
@Suite struct BridgeSessionTests {
    static let welcome =
        #"{"msg":"Welcome","buttons":[{"label":"Later","action":"https://example.com/later"},{"label":"OK","action":"close"}]}"#

    /// Runs the bridge on a terminal playing `script`, which sends command lines with the function it is
    /// given; returns the exit status, the event lines and the backend.
    func run(
        _ script: (_ send: @escaping (String) -> Void) -> [TestBackend.Step]
    ) throws -> (status: Int32, events: [String], backend: TestBackend) {
        var commandPipe: [Int32] = [0, 0]
        var eventPipe: [Int32] = [0, 0]
        try #require(pipe(&commandPipe) == 0)
        try #require(pipe(&eventPipe) == 0)
        let writer = commandPipe[1]
        let backend = TestBackend(
            size: Size(width: 80, height: 24),
            script: script { line in
                let bytes = Array((line + "\n").utf8)
                _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) }
            })
        let configuration = PreviewHost.BridgeConfiguration(
            toolVersion: "test", commandDescriptor: commandPipe[0], eventDescriptor: eventPipe[1])
        let status = try PreviewHost.runBridge(session: TerminalSession(backend: backend), configuration: configuration)
        { source in
            guard case .path("welcome.json") = source else { return .failed(message: "no such file") }
            return FileLoad(ModalDecoder.decode(Array(Self.welcome.utf8)))
        }
        close(commandPipe[1])
        close(commandPipe[0])
        close(eventPipe[1])
        let events = eventLines(readingAndClosing: eventPipe[0])
        #expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
        #expect(backend.isRestored)
        return (status, events, backend)
    }

    @Test func keysOnTheShownModalBecomeEventsAndCloseTakesItAway() throws {
        let result = try run { send in
            [
                .run { send(#"{"command":"show","path":"welcome.json"}"#) }, .waitForScreen(containing: "Welcome"),
                .inputs([.key(.enter)]), .inputs([.key(.tab), .key(.enter)]),
                .run { send(#"{"command":"quit"}"#) },
                .idle(milliseconds: 10_000),
            ]
        }
        #expect(result.status == 0)
        #expect(
            result.events == [
                #"{"event":"ready","protocol":1,"modalkit":"test"}"#,
                #"{"event":"action","modal":0,"button":0,"label":"Later","action":{"type":"url","url":"https://example.com/later"},"source":"welcome.json","generation":1}"#,
                #"{"event":"action","modal":0,"button":1,"label":"OK","action":{"type":"close"},"source":"welcome.json","generation":1}"#,
                #"{"event":"closed","modal":0,"source":"welcome.json","generation":1}"#,
            ])
        #expect(!result.backend.shows("Welcome"))
    }

    /// Regression (`r` aborted the bridge): the host's reload closure read the source back from the loop
    /// while the loop's mutating handle ran, which Swift's exclusivity check stops with a fatal error.
    @Test func reloadingAPathSourceWithRKeepsTheBridgeRunning() throws {
        let result = try run { send in
            [
                .run { send(#"{"command":"show","path":"welcome.json"}"#) }, .waitForScreen(containing: "Welcome"),
                .inputs([.key(.char("r"))]), .inputs([.key(.tab)]), .run { send(#"{"command":"focus","button":0}"#) },
                .inputs([.key(.char("r"))]), .waitForScreen(containing: "Welcome"),
                .run { send(#"{"command":"quit"}"#) },
                .idle(milliseconds: 10_000),
            ]
        }
        #expect(result.status == 0)
        #expect(result.events == [#"{"event":"ready","protocol":1,"modalkit":"test"}"#])
    }
}
