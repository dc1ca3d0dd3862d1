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

/// Runs the bridge on a `TestBackend` of `width` columns playing `script`, which sends command lines with
/// the function it is given; commands arrive on one pipe while the scripted keys are typed, events leave on
/// another. Returns the exit status, the event lines and the backend, whose every awaited screen was shown.
///
/// The loop mostly waits for its ticks and the scripted screens, so the suites that call this carry
/// `.threadOfItsOwn`.
func runBridgeOnTestBackend(
    width: Int, load: @escaping @Sendable (BridgeSource) -> FileLoad,
    _ script: (_ send: @escaping (String) -> Void) -> [TestBackend.Step]
) throws -> (status: Int32, events: [String], backend: TestBackend) {
    var commandPipe: [Int32] = [0, 0]
    var eventPipe: [Int32] = [0, 0]
    try #require(makeCloseOnExecPipe(&commandPipe) == 0)
    try #require(makeCloseOnExecPipe(&eventPipe) == 0)
    let writer = commandPipe[1]
    let backend = TestBackend(
        size: Size(width: width, height: 24),
        script: script { line in
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) }
        })
    let configuration = PreviewHost.BridgeConfiguration(
        toolVersion: "test", commandDescriptor: commandPipe[0], eventDescriptor: eventPipe[1])
    let status = try PreviewHost.runBridge(
        session: TerminalSession(backend: backend), configuration: configuration, load: load)
    close(commandPipe[1])
    close(commandPipe[0])
    close(eventPipe[1])
    let events = eventLines(readingAndClosing: eventPipe[0])
    expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
    return (status, events, backend)
}
