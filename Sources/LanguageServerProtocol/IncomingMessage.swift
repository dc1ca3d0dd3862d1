import PositionedJSON

/// One message from the client, read from a frame's body.
package enum IncomingMessage: Sendable, Equatable {
    /// A request, which gets exactly one response.
    case request(id: RequestID, method: String, params: JSONValue?)
    /// A notification, which gets none.
    case notification(method: String, params: JSONValue?)
    /// A response to a request the server sent.
    case response(id: RequestID?, result: JSONValue?, error: JSONValue?)

    /// Reads a message body. A failure carries the id to answer to when the body had a readable one.
    package static func parse(_ body: [UInt8]) -> Result<IncomingMessage, IncomingMessageError> {
        let root: JSONNode
        switch JSONParser.parse(body) {
        case .success(let node): root = node
        case .failure(let error):
            let location = SourceText(bytes: body).location(ofByteOffset: error.byteOffset)
            return .failure(
                IncomingMessageError(
                    id: nil,
                    error: .parseError(
                        "the message is not JSON: \(error.message) at byte \(error.byteOffset) "
                            + "(line \(location.line), column \(location.column))")))
        }
        guard case .object = root.value else {
            return .failure(IncomingMessageError(id: nil, error: .invalidRequest("a message must be a JSON object")))
        }
        let value = root.value
        let idValue = value["id"]
        let id = idValue.flatMap(RequestID.init)
        if idValue != nil, idValue != .null, id == nil {
            return .failure(
                IncomingMessageError(id: nil, error: .invalidRequest("'id' must be an integer or a string")))
        }
        guard value["jsonrpc"] == .string("2.0") else {
            return .failure(IncomingMessageError(id: id, error: .invalidRequest("'jsonrpc' must be \"2.0\"")))
        }
        let params = value["params"]
        if let params {
            switch params {
            case .object, .array: break
            default:
                return .failure(
                    IncomingMessageError(id: id, error: .invalidParams("'params' must be an object or an array")))
            }
        }
        guard let methodValue = value["method"] else {
            if value["result"] != nil || value["error"] != nil {
                return .success(.response(id: id, result: value["result"], error: value["error"]))
            }
            return .failure(IncomingMessageError(id: id, error: .invalidRequest("a request needs a 'method'")))
        }
        guard case .string(let method) = methodValue else {
            return .failure(IncomingMessageError(id: id, error: .invalidRequest("'method' must be a string")))
        }
        if let id { return .success(.request(id: id, method: method, params: params)) }
        return .success(.notification(method: method, params: params))
    }
}

/// A message that could not be read, with the id of the request it was when that much could be read.
package struct IncomingMessageError: Error, Sendable, Equatable {
    /// The request's id, or nil (the response then has `"id": null`).
    package var id: RequestID?
    /// The error to answer with.
    package var error: ResponseError
}
