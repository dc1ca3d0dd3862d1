/// A parsed JSON value. Object members keep their order and any duplicate keys.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

/// A JSON value together with where it starts in the source.
///
/// Equality compares values only, not positions.
public struct JSONNode: Sendable, Equatable {
    /// The value.
    public var value: JSONValue
    /// UTF-8 byte offset of the value's first byte in the source.
    public var byteOffset: Int

    /// Creates a node.
    public init(value: JSONValue, byteOffset: Int) {
        self.value = value
        self.byteOffset = byteOffset
    }

    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.value == rhs.value }
}

/// One `"key": value` member of a JSON object.
///
/// Equality compares keys and values only, not positions.
public struct JSONMember: Sendable, Equatable {
    /// The decoded key.
    public var key: String
    /// UTF-8 byte offset of the key's opening quote.
    public var keyByteOffset: Int
    /// The member's value.
    public var value: JSONNode

    /// Creates a member.
    public init(key: String, keyByteOffset: Int, value: JSONNode) {
        self.key = key
        self.keyByteOffset = keyByteOffset
        self.value = value
    }

    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }
}

/// A finite JSON number.
public struct JSONNumber: Sendable, Equatable {
    /// The value as a double (always finite: the parser rejects numbers that overflow).
    public var double: Double
    /// The exact value when the number is a whole number that fits in `Int` (`7`, `7.0`, `7e2`), else nil.
    public var exactInteger: Int?

    /// Creates a number.
    public init(double: Double, exactInteger: Int?) {
        self.double = double
        self.exactInteger = exactInteger
    }
}
