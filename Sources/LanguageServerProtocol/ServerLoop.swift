import Dispatch
import PositionedJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a language server over a pair of file descriptors (standard input and output for `modalkit lsp`).
///
/// One thread reads and parses frames; the calling thread handles them in order and is the only writer, so
/// every byte written is part of a whole frame. Work a handler defers (such as diagnosing a document after a
/// burst of changes) runs when no message is waiting. Requests the handler answers with `DeferredWork` (the
/// long ones) run on other threads; their answers come back through the inbox, so they may be written after
/// answers to later requests, as the protocol allows.
package enum ServerLoop {
    /// Serves until `exit` or the end of the input, and returns the exit status (0 after `shutdown`, else 1).
    package static func run(
        handler: MessageHandler, input: Int32, output: Int32,
        maximumContentBytes: Int = 64 << 20
    ) -> Int32 {
        run(handler: handler, input: input, maximumContentBytes: maximumContentBytes) { frame in
            writeAll(frame, to: output)
        }
    }

    /// Serves with frames handed to `write` instead of a file descriptor.
    package static func run(
        handler: MessageHandler, input: Int32, maximumContentBytes: Int = 64 << 20,
        write: @escaping ([UInt8]) -> Void
    ) -> Int32 {
        let inbox = MessageInbox()
        let session = ServerSession(handler: handler, client: ClientChannel(output: write))
        let workers = DispatchQueue(label: "modalkit.lsp.work", attributes: .concurrent)
        session.startDeferred = { id, work in
            let flag = inbox.startRunning(id)
            workers.async {
                let result: Result<JSONValue, ResponseError>
                do throws(ResponseError) {
                    try flag.check()
                    result = .success(try work(flag))
                } catch {
                    result = .failure(error)
                }
                inbox.post(.finished(id, result))
            }
        }
        let reader = DispatchQueue(label: "modalkit.lsp.reader")
        reader.async { readFrames(from: input, into: inbox, maximumContentBytes: maximumContentBytes) }
        while true {
            guard let item = inbox.take() else {
                session.idle()
                if let item = inbox.take() {
                    if let status = handle(item, session: session, inbox: inbox) { return status }
                    continue
                }
                inbox.waitForArrival()
                continue
            }
            if let status = handle(item, session: session, inbox: inbox) { return status }
        }
    }

    /// Handles one item; the exit status when the session has ended.
    private static func handle(_ item: MessageInbox.Item, session: ServerSession, inbox: MessageInbox) -> Int32? {
        switch item {
        case .message(let message):
            session.receive(message) { inbox.takeCancellation(of: $0) }
            if case .exited(let status) = session.state { return status }
        case .unreadable(let problem): session.receive(unreadable: problem)
        case .malformedFrame(let reason): session.receive(malformedFrame: reason)
        case .endOfInput: return session.statusAtEndOfInput
        case .finished(let id, let result):
            inbox.stopRunning(id)
            session.finish(id, with: result)
        }
        return nil
    }

    private static func readFrames(from input: Int32, into inbox: MessageInbox, maximumContentBytes: Int) {
        var reader = FrameReader(maximumContentBytes: maximumContentBytes)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            reader.append(chunk[0..<count])
            while let frame = reader.next() {
                switch frame {
                case .malformed(let reason): inbox.post(.malformedFrame(reason))
                case .message(let body):
                    switch IncomingMessage.parse(body) {
                    case .success(.notification("$/cancelRequest", let params)):
                        if let id = params["id"].flatMap(RequestID.init) { inbox.cancel(id) }
                    case .success(let message): inbox.post(.message(message))
                    case .failure(let problem): inbox.post(.unreadable(problem))
                    }
                }
            }
        }
        if reader.hasPartialFrame { inbox.post(.malformedFrame("the input ended inside a frame")) }
        inbox.post(.endOfInput)
    }

    /// Writes a whole frame; a closed pipe ends nothing here (the input's end will).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return
                }
                written += count
            }
        }
    }
}
