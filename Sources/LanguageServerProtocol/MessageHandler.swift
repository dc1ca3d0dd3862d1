import PositionedJSON

/// What a language server does with the messages the protocol layer has read and checked.
///
/// The protocol layer owns framing, the `initialize`/`shutdown`/`exit` lifecycle and cancellation; a handler
/// sees only requests and notifications of an initialized server, one at a time, on one thread. Only the
/// `DeferredWork` it returns runs elsewhere, on values it captured.
package protocol MessageHandler: AnyObject {
    /// Answers `initialize`: the server's capabilities and info.
    func initialize(params: JSONValue?, client: ClientChannel) throws(ResponseError) -> JSONValue
    /// Answers a request; an unknown method throws `ResponseError.methodNotFound`.
    func handleRequest(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError) -> JSONValue
    /// The work that answers a request off the loop's thread, captured over snapshots taken now; nil to answer
    /// it with `handleRequest` instead. Asked first for every request of an initialized server.
    func deferredWork(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError)
        -> DeferredWork?
    /// Acts on a notification; a problem is reported to the client as a log message, never as a response.
    func handleNotification(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError)
    /// Called when no message is waiting: the time to do work that later messages could have made moot.
    func idle(client: ClientChannel)
    /// Takes the client's response to a request the server sent.
    func handleResponse(id: RequestID?, result: JSONValue?, error: JSONValue?, client: ClientChannel)
}

extension MessageHandler {
    /// Most requests a server sends (such as registering a file watcher) need no follow-up.
    package func handleResponse(id: RequestID?, result: JSONValue?, error: JSONValue?, client: ClientChannel) {}
}

extension MessageHandler {
    /// No request is deferred unless the handler says so.
    package func deferredWork(method: String, params: JSONValue?, client: ClientChannel) throws(ResponseError)
        -> DeferredWork?
    { nil }
}
