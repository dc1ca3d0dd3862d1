import Foundation
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

/// The lines written to a pipe until its writing end closed; closes `descriptor`.
func eventLines(readingAndClosing descriptor: Int32) -> [String] {
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        if count <= 0 { break }
        output += chunk[..<count]
    }
    close(descriptor)
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
}

/// The bridge's host loop run in-process without a terminal, on pipes: command lines in, event lines out.
@Suite struct BridgeHostTests {
    /// Runs the bridge headless over `commands` (written whole, then the stream ends) and returns its
    /// exit status and every event line.
    func runHeadless(_ commands: String, maxLineBytes: Int = 1 << 20) throws -> (status: Int32, events: [String]) {
        var commandPipe: [Int32] = [0, 0]
        var eventPipe: [Int32] = [0, 0]
        expectEqual(makeCloseOnExecPipe(&commandPipe), 0)
        expectEqual(makeCloseOnExecPipe(&eventPipe), 0)
        let bytes = Array(commands.utf8)
        expect(bytes.count < 60_000, "the script must fit in the pipe")
        expectEqual(bytes.withUnsafeBytes { write(commandPipe[1], $0.baseAddress!, $0.count) }, bytes.count)
        close(commandPipe[1])
        let configuration = PreviewHost.BridgeConfiguration(
            toolVersion: "test", maxLineBytes: maxLineBytes, commandDescriptor: commandPipe[0],
            eventDescriptor: eventPipe[1])
        let status = try PreviewHost.runBridge(session: nil, configuration: configuration) { source in
            guard case .path(let path) = source, path == "welcome.json" else { return .failed(message: "no such file") }
            return FileLoad(
                ModalDecoder.decode(Array(#"{"msg":"Welcome","buttons":[{"label":"OK","action":"close"}]}"#.utf8)))
        }
        close(commandPipe[0])
        close(eventPipe[1])
        return (status, eventLines(readingAndClosing: eventPipe[0]))
    }

    @Test func answersEachCommandAndStopsAtQuit() throws {
        let result = try runHeadless(
            """
            {"command":"show","path":"welcome.json"}
            {"command":"focus","button":0}
            {"command":"focus","button":3}
            {"command":"show","path":"elsewhere.json"}
            {"command":"close"}
            {"command":"quit"}
            {"command":"never read"}

            """)
        expectEqual(result.status, 0)
        expectEqual(
            result.events,
            [
                #"{"event":"ready","protocol":1,"modalkit":"test"}"#,
                #"{"event":"error","line":3,"code":"bridge-no-such-target","message":"focus: the modal shown has no button 3"}"#,
                #"{"event":"error","line":4,"code":"bridge-source-unreadable","message":"elsewhere.json: no such file"}"#,
                #"{"event":"closed","modal":0,"source":"welcome.json","generation":1}"#,
            ])
    }

    @Test func aLineOverTheLimitAndAnUnfinishedLastLineAreAnswered() throws {
        let result = try runHeadless(
            #"{"command":"show","document":{"msg":"\#(String(repeating: "x", count: 300))"}}"# + "\n" + #"{"command""#,
            maxLineBytes: 100)
        expectEqual(result.status, 0)
        expectEqual(result.events.count, 3)
        expect(result.events[1].hasPrefix(#"{"event":"error","line":1,"code":"bridge-line-too-long""#))
        expect(result.events[2].hasPrefix(#"{"event":"error","line":2,"code":"bridge-invalid-json""#))
    }
}

/// The bridge's ways out when its host goes away.
@Suite struct BridgeHostGoneTests {
    /// Regression: with its standard output closed, the bridge ran on until its next event failed to write.
    /// Headless it waits on the command stream, which stays open here; it must notice the closed event
    /// stream at once, without another command arriving.
    @Test func aClosedEventStreamEndsTheBridgeAtOnce() throws {
        var commandPipe: [Int32] = [0, 0]
        var eventPipe: [Int32] = [0, 0]
        try #require(makeCloseOnExecPipe(&commandPipe) == 0)
        try #require(makeCloseOnExecPipe(&eventPipe) == 0)
        let configuration = PreviewHost.BridgeConfiguration(
            toolVersion: "test", commandDescriptor: commandPipe[0], eventDescriptor: eventPipe[1])
        // The reader takes the `ready` line, then goes away, as a host that exits does.
        let readEnd = eventPipe[0]
        let started = TerminalClock.milliseconds()
        let closer = Thread {
            var chunk = [UInt8](repeating: 0, count: 256)
            _ = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
            usleep(200_000)
            close(readEnd)
        }
        closer.start()
        let status = try PreviewHost.runBridge(session: nil, configuration: configuration) { _ in
            .failed(message: "none")
        }
        let elapsed = TerminalClock.milliseconds() - started
        close(commandPipe[1])
        close(commandPipe[0])
        close(eventPipe[1])
        expectEqual(status, 0)
        // Without the fix the bridge never ends here; the bound only has to be finite. 30 s, since a full-scale
        // run on two busy cores once took 9.4 s to schedule the threads involved.
        expect(elapsed < 30_000, "the bridge took \(elapsed) ms to notice")
    }

    /// The same on a terminal: the bridge looks at its streams every tick, and stops drawing at once.
    @Test func aClosedEventStreamEndsTheBridgeOnATerminalToo() throws {
        var commandPipe: [Int32] = [0, 0]
        var eventPipe: [Int32] = [0, 0]
        try #require(makeCloseOnExecPipe(&commandPipe) == 0)
        try #require(makeCloseOnExecPipe(&eventPipe) == 0)
        let readEnd = eventPipe[0]
        let backend = TestBackend(
            size: Size(width: 60, height: 16),
            script: [
                .waitForScreen(containing: PreviewState.waitingText),
                .run {
                    var chunk = [UInt8](repeating: 0, count: 256)
                    _ = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
                    close(readEnd)
                },
                .idle(milliseconds: 10_000),
            ])
        let configuration = PreviewHost.BridgeConfiguration(
            toolVersion: "test", commandDescriptor: commandPipe[0], eventDescriptor: eventPipe[1])
        let started = TerminalClock.milliseconds()
        let status = try PreviewHost.runBridge(session: TerminalSession(backend: backend), configuration: configuration)
        { _ in .failed(message: "none") }
        let elapsed = TerminalClock.milliseconds() - started
        close(commandPipe[1])
        close(commandPipe[0])
        close(eventPipe[1])
        expectEqual(status, 0)
        expect(backend.isRestored)
        expect(elapsed < 5_000, "the bridge took \(elapsed) ms to notice")
    }

    @Test func theEndOfTheCommandStreamEndsTheBridge() throws {
        var commandPipe: [Int32] = [0, 0]
        var eventPipe: [Int32] = [0, 0]
        try #require(makeCloseOnExecPipe(&commandPipe) == 0)
        try #require(makeCloseOnExecPipe(&eventPipe) == 0)
        close(commandPipe[1])
        let configuration = PreviewHost.BridgeConfiguration(
            toolVersion: "test", commandDescriptor: commandPipe[0], eventDescriptor: eventPipe[1])
        let status = try PreviewHost.runBridge(session: nil, configuration: configuration) { _ in
            .failed(message: "none")
        }
        close(commandPipe[0])
        close(eventPipe[1])
        expectEqual(status, 0)
        expectEqual(eventLines(readingAndClosing: eventPipe[0]), [#"{"event":"ready","protocol":1,"modalkit":"test"}"#])
    }
}

/// Milliseconds on the monotonic clock, for timing a test.
enum TerminalClock {
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
