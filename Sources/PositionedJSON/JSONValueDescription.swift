extension JSONValue {
    /// The value's kind with an article, for messages: "a string", "an array", "null".
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
