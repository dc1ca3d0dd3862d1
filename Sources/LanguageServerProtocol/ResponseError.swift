import PositionedJSON

/// A JSON-RPC error: its code, a message for people, and optional data.
package struct ResponseError: Error, Sendable, Equatable {
    /// The error code (JSON-RPC 2.0 and the Language Server Protocol's own codes).
    package var code: Int
    /// What went wrong, in one sentence.
    package var message: String

    /// Creates an error.
    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// The body could not be read as JSON.
    package static func parseError(_ message: String) -> ResponseError { ResponseError(code: -32700, message: message) }
    /// The JSON is not a JSON-RPC request or notification.
    package static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: -32600, message: message)
    }
    /// No handler knows the method.
    package static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: -32601, message: "unknown method '\(method)'")
    }
    /// The params are missing something or have the wrong type.
    package static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: -32602, message: message)
    }
    /// The server failed while answering.
    package static func internalError(_ message: String) -> ResponseError {
        ResponseError(code: -32603, message: message)
    }
    /// A request came before `initialize`.
    package static let serverNotInitialized = ResponseError(
        code: -32002, message: "the server is not initialized yet: send 'initialize' first")
    /// The client cancelled the request before it was answered.
    package static let requestCancelled = ResponseError(code: -32800, message: "the request was cancelled")
    /// The document changed while the request was being answered, so the answer would be about text the
    /// client no longer has.
    package static let contentModified = ResponseError(
        code: -32801, message: "the document changed while the request was answered: ask again")

    /// The error as the `error` member of a response.
    package var json: JSONValue {
        ["code": .number(JSONNumber(code)), "message": .string(message)]
    }
}
