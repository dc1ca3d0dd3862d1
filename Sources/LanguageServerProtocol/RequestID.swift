import PositionedJSON

/// The id of a JSON-RPC request: a number or a string, echoed back in its response.
package enum RequestID: Sendable, Hashable {
    case number(Int)
    case string(String)

    /// The id read from a message's `id` member; nil when it is neither an integer nor a string.
    package init?(_ value: JSONValue) {
        switch value {
        case .number(let number):
            guard let integer = number.exactInteger else { return nil }
            self = .number(integer)
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    /// The id as JSON.
    package var json: JSONValue {
        switch self {
        case .number(let number): .number(JSONNumber(number))
        case .string(let text): .string(text)
        }
    }
}
