import PositionedJSON

/// The way to the client: every frame the server writes goes through here, on the loop's thread.
package final class ClientChannel {
    private let output: ([UInt8]) -> Void
    private var nextRequestNumber = 1

    /// Creates a channel that hands each whole frame to `output`.
    package init(output: @escaping ([UInt8]) -> Void) { self.output = output }

    /// Sends a notification.
    package func notify(_ method: String, _ params: JSONValue) {
        output(OutgoingMessage.notification(method: method, params: params))
    }

    /// Sends a request to the client; its response is not waited for, but reaches the handler with this id.
    @discardableResult
    package func request(_ method: String, _ params: JSONValue) -> RequestID {
        let id = RequestID.string("modalkit-\(nextRequestNumber)")
        nextRequestNumber += 1
        output(OutgoingMessage.request(id: id, method: method, params: params))
        return id
    }

    /// The severity of a log message (`MessageType`).
    package enum LogLevel: Int {
        case error = 1, warning, info, log
    }

    /// Sends a `window/logMessage` notification: how the server reports what has no response to go in.
    package func log(_ message: String, level: LogLevel = .log) {
        notify("window/logMessage", ["type": .number(JSONNumber(level.rawValue)), "message": .string(message)])
    }

    func send(_ frame: [UInt8]) { output(frame) }
}
