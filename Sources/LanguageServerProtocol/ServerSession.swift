import PositionedJSON

/// The lifecycle of one connection: checks each message against the state (`initialize` first, nothing but
/// `exit` after `shutdown`), hands the rest to the handler and writes every response.
///
/// A session does no I/O of its own beyond the client channel, so tests drive it message by message.
package final class ServerSession {
    /// Where the connection is in its lifecycle.
    package enum State: Sendable, Equatable {
        case uninitialized, running, shuttingDown
        /// `exit` arrived: the process ends with this status (0 after `shutdown`, 1 without it).
        case exited(status: Int32)
    }

    /// The lifecycle state.
    package private(set) var state = State.uninitialized
    /// The channel to the client.
    package let client: ClientChannel
    private let handler: MessageHandler
    /// Starts deferred work off this thread; its answer must come back through `finish(_:with:)`. Without
    /// it, deferred work runs here at once, as a test driving the session wants.
    package var startDeferred: ((RequestID, @escaping DeferredWork) -> Void)?

    /// Creates a session that answers through `client` with `handler`.
    package init(handler: MessageHandler, client: ClientChannel) {
        self.handler = handler
        self.client = client
    }

    /// The exit status when the input ends without `exit`: as if `exit` came then.
    package var statusAtEndOfInput: Int32 {
        if case .exited(let status) = state { return status }
        return state == .shuttingDown ? 0 : 1
    }

    /// Handles one message. `isCancelled` says whether the client has cancelled a request by then.
    package func receive(_ message: IncomingMessage, isCancelled: (RequestID) -> Bool = { _ in false }) {
        switch message {
        case .request(let id, let method, let params):
            if isCancelled(id) {
                client.send(OutgoingMessage.error(id: id, .requestCancelled))
                return
            }
            if state == .running, method != "shutdown", method != "initialize" {
                let work: DeferredWork?
                do throws(ResponseError) {
                    work = try handler.deferredWork(method: method, params: params, client: client)
                } catch {
                    client.send(OutgoingMessage.error(id: id, error))
                    return
                }
                if let work {
                    if let startDeferred {
                        startDeferred(id, work)
                    } else {
                        do throws(ResponseError) {
                            finish(id, with: .success(try work(CancellationFlag())))
                        } catch {
                            finish(id, with: .failure(error))
                        }
                    }
                    return
                }
            }
            finish(id, with: answer(method: method, params: params))
        case .notification(let method, let params):
            notify(method: method, params: params)
        case .response(let id, let result, let error):
            if state == .running { handler.handleResponse(id: id, result: result, error: error, client: client) }
        }
    }

    /// Writes the one response to a request, whether answered here or by deferred work.
    package func finish(_ id: RequestID, with result: Result<JSONValue, ResponseError>) {
        switch result {
        case .success(let result): client.send(OutgoingMessage.response(id: id, result: result))
        case .failure(let error): client.send(OutgoingMessage.error(id: id, error))
        }
    }

    /// Answers a message that could not be read: an error response for a request, a log line otherwise.
    package func receive(unreadable problem: IncomingMessageError) {
        client.send(OutgoingMessage.error(id: problem.id, problem.error))
    }

    /// Answers a frame that could not be read, and logs it: JSON-RPC asks for the error response, but many
    /// clients drop a response with no id, so the editor's log (`window/logMessage`) is where a user sees it.
    package func receive(malformedFrame reason: String) {
        client.send(OutgoingMessage.error(id: nil, .parseError("malformed frame: \(reason)")))
        client.log("skipped a malformed frame: \(reason)", level: .warning)
    }

    /// Lets the handler do deferred work.
    package func idle() {
        if state == .running { handler.idle(client: client) }
    }

    private func answer(method: String, params: JSONValue?) -> Result<JSONValue, ResponseError> {
        switch (state, method) {
        case (.uninitialized, "initialize"):
            do throws(ResponseError) {
                let result = try handler.initialize(params: params, client: client)
                state = .running
                return .success(result)
            } catch {
                return .failure(error)
            }
        case (.uninitialized, _):
            return .failure(.serverNotInitialized)
        case (.running, "initialize"):
            return .failure(.invalidRequest("the server is already initialized"))
        case (.running, "shutdown"), (.shuttingDown, "shutdown"):
            state = .shuttingDown
            return .success(.null)
        case (.shuttingDown, _), (.exited, _):
            return .failure(.invalidRequest("the server is shutting down: only 'exit' is accepted"))
        case (.running, _):
            do throws(ResponseError) {
                return .success(try handler.handleRequest(method: method, params: params, client: client))
            } catch {
                return .failure(error)
            }
        }
    }

    private func notify(method: String, params: JSONValue?) {
        if method == "exit" {
            state = .exited(status: state == .shuttingDown ? 0 : 1)
            return
        }
        guard state == .running else { return }
        do throws(ResponseError) {
            try handler.handleNotification(method: method, params: params, client: client)
        } catch {
            client.log("\(method): \(error.message)", level: .error)
        }
    }
}
