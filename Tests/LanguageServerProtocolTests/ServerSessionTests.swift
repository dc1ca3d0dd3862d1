import LanguageServerProtocol
import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// A handler that records what reaches it, so the session's own checks are tested alone.
final class RecordingHandler: MessageHandler {
    var requests: [String] = []
    var notifications: [String] = []

    func initialize(params: JSONValue?, client: ClientChannel) throws(ResponseError) -> JSONValue {
        ["capabilities": [:]]
    }

    func handleRequest(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError) -> JSONValue {
        requests.append(method)
        if method == "echo" { return params ?? .null }
        throw .methodNotFound(method)
    }

    func handleNotification(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError) {
        notifications.append(method)
        if method == "bad" { throw .invalidParams("bad params") }
    }

    func idle(client: ClientChannel) {}
}

@Suite struct ServerSessionTests {
    final class Output {
        var frames: [JSONValue] = []
    }

    func session() -> (ServerSession, RecordingHandler, Output) {
        let output = Output()
        let handler = RecordingHandler()
        let client = ClientChannel { frame in
            var reader = FrameReader()
            reader.append(frame)
            guard case .message(let body)? = reader.next(), case .success(let node) = JSONParser.parse(body) else {
                Issue.record("the session wrote something that is not one frame")
                return
            }
            output.frames.append(node.value)
        }
        return (ServerSession(handler: handler, client: client), handler, output)
    }

    func message(_ text: String) -> IncomingMessage {
        guard case .success(let message) = IncomingMessage.parse(Array(text.utf8)) else {
            Issue.record("unreadable: \(text)")
            return .notification(method: "", params: nil)
        }
        return message
    }

    @Test func requestsBeforeInitializeAreRefused() {
        let (session, handler, output) = session()
        session.receive(message(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":{}}"#))
        expectEqual(output.frames.last?["error"]?["code"], -32002)
        expect(handler.requests.isEmpty)
    }

    @Test func theLifecycleEndsWithTheRightStatus() {
        let (session, handler, output) = session()
        session.receive(message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        session.receive(message(#"{"jsonrpc":"2.0","id":"two","method":"echo","params":{"a":1}}"#))
        expectEqual(output.frames.last?["id"], "two")
        expectEqual(output.frames.last?["result"], ["a": 1])
        session.receive(message(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#))
        session.receive(message(#"{"jsonrpc":"2.0","id":4,"method":"echo","params":{}}"#))
        expectEqual(output.frames.last?["error"]?["code"], -32600)
        expectEqual(handler.requests, ["echo"])
        session.receive(message(#"{"jsonrpc":"2.0","method":"exit"}"#))
        expectEqual(session.state, .exited(status: 0))
    }

    @Test func exitWithoutShutdownIsStatusOne() {
        let (session, _, _) = session()
        session.receive(message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        expectEqual(session.statusAtEndOfInput, 1)
        session.receive(message(#"{"jsonrpc":"2.0","method":"exit"}"#))
        expectEqual(session.state, .exited(status: 1))
    }

    @Test func aCancelledRequestIsAnsweredAsCancelledWithoutReachingTheHandler() {
        let (session, handler, output) = session()
        session.receive(message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        session.receive(message(#"{"jsonrpc":"2.0","id":2,"method":"echo","params":{}}"#)) { $0 == .number(2) }
        expectEqual(output.frames.last?["error"]?["code"], -32800)
        expect(handler.requests.isEmpty)
    }

    @Test func aFailingNotificationIsLoggedNotAnswered() {
        let (session, _, output) = session()
        session.receive(message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        session.receive(message(#"{"jsonrpc":"2.0","method":"bad","params":{}}"#))
        expectEqual(output.frames.last?["method"], "window/logMessage")
        expect(output.frames.last?["id"] == nil)
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1,"method":"#, -32700), (#"[1]"#, -32600),
        (#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#, -32600), (#"{"id":1,"method":"x"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":"x","params":3}"#, -32602), (#"{"jsonrpc":"2.0","id":1}"#, -32600),
    ])
    func unreadableMessagesGetTheirErrorCode(text: String, code: Int) {
        guard case .failure(let problem) = IncomingMessage.parse(Array(text.utf8)) else {
            Issue.record("read: \(text)")
            return
        }
        expectEqual(problem.error.code, code)
    }
}
