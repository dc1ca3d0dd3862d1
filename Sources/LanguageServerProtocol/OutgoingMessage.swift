@_spi(JSON) import PositionedJSON

/// Frames for what the server sends: responses, notifications and requests to the client.
package enum OutgoingMessage {
    /// A success response.
    package static func response(id: RequestID, result: JSONValue) -> [UInt8] {
        frame(["jsonrpc": "2.0", "id": id.json, "result": result])
    }

    /// An error response; `id` is nil when the request's id could not be read.
    package static func error(id: RequestID?, _ error: ResponseError) -> [UInt8] {
        frame(["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json])
    }

    /// A notification.
    package static func notification(method: String, params: JSONValue) -> [UInt8] {
        frame(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// A request from the server to the client.
    package static func request(id: RequestID, method: String, params: JSONValue) -> [UInt8] {
        frame(["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params])
    }

    /// A JSON value framed with its `Content-Length` header.
    package static func frame(_ value: JSONValue) -> [UInt8] {
        let body = CanonicalJSONWriter(layout: .compact).bytes(value)
        var out = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(contentsOf: body)
        return out
    }
}
