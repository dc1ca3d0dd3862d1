import Dispatch
import LanguageServerProtocol
import PositionedJSON
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A handler with one request that runs until it is cancelled, off the loop's thread, and one answered at once.
final class SlowHandler: MessageHandler {
    func initialize(params: JSONValue?, client: ClientChannel) throws(ResponseError) -> JSONValue {
        ["capabilities": [:]]
    }

    func handleRequest(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError) -> JSONValue {
        if method == "fast" { return "fast" }
        throw .methodNotFound(method)
    }

    func deferredWork(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError)
        -> DeferredWork?
    {
        guard method == "slow" else { return nil }
        return { flag throws(ResponseError) in
            // Long enough that only a cancellation ends it within the test's wait.
            for _ in 0..<3000 {
                try flag.check()
                usleep(10_000)
            }
            return "finished"
        }
    }

    func handleNotification(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError) {}
    func idle(client: ClientChannel) {}
}

@Suite(.threadOfItsOwn) struct DeferredWorkTests {
    /// The loop on its own thread, fed through a pipe, with every frame it writes kept.
    final class RunningLoop: Sendable {
        let input: Int32
        let frames = Mutex<[JSONValue]>([])
        let status = Mutex<Int32?>(nil)

        init(handler: SlowHandler) {
            var descriptors: [Int32] = [0, 0]
            _ = makeCloseOnExecPipe(&descriptors)
            input = descriptors[1]
            let readEnd = descriptors[0]
            let handler = UncheckedHandler(handler)
            let loop = self
            DispatchQueue.global().async {
                let result = ServerLoop.run(handler: handler.value, input: readEnd) { frame in
                    var reader = FrameReader()
                    reader.append(frame)
                    guard case .message(let body)? = reader.next(), case .success(let node) = JSONParser.parse(body)
                    else { return }
                    loop.frames.withLock { $0.append(node.value) }
                }
                loop.status.withLock { $0 = result }
            }
        }

        func send(_ text: String) {
            let bytes = Array("Content-Length: \(text.utf8.count)\r\n\r\n\(text)".utf8)
            _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        }

        /// The responses to `id` so far, waiting up to `seconds` for the first.
        func responses(to id: Int, waiting seconds: Double = 10) -> [JSONValue] {
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
            while true {
                let found = frames.withLock { $0.filter { $0["id"]?.intValue == id } }
                if !found.isEmpty || DispatchTime.now().uptimeNanoseconds > deadline { return found }
                usleep(1000)
            }
        }
    }

    struct UncheckedHandler: @unchecked Sendable {
        let value: SlowHandler
        init(_ value: SlowHandler) { self.value = value }
    }

    @Test func aRequestIsAnsweredWhileSlowWorkRunsAndCancellingStopsTheWork() throws {
        let loop = RunningLoop(handler: SlowHandler())
        loop.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        expectEqual(loop.responses(to: 1).count, 1)
        loop.send(#"{"jsonrpc":"2.0","id":2,"method":"slow"}"#)
        loop.send(#"{"jsonrpc":"2.0","id":3,"method":"fast"}"#)
        let started = DispatchTime.now().uptimeNanoseconds
        let fast = loop.responses(to: 3)
        expectEqual(fast.first?["result"], "fast")
        // Answered behind the slow request, which would take 30 s, in well under a second.
        expect(DispatchTime.now().uptimeNanoseconds - started < 1_000_000_000)
        expect(loop.responses(to: 2, waiting: 0).isEmpty)
        loop.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#)
        let cancelled = loop.responses(to: 2)
        expectEqual(cancelled.count, 1)
        expectEqual(cancelled.first?["error"]?["code"], -32800)
        loop.send(#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#)
        expectEqual(loop.responses(to: 4).count, 1)
        loop.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        for _ in 0..<1000 where loop.status.withLock({ $0 }) == nil { usleep(10_000) }
        expectEqual(loop.status.withLock { $0 }, 0)
        // Written once: no second answer came for the cancelled request.
        expectEqual(loop.responses(to: 2, waiting: 0).count, 1)
        close(loop.input)
    }
}
