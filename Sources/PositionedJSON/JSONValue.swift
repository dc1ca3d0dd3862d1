/// A parsed JSON value. Object members keep their order and any duplicate keys.
///
/// Equality follows suit: objects are equal when their members are, one by one in order, so `{"a":1,"b":2}` and
/// `{"b":2,"a":1}` differ although JSON gives them the same meaning. The value models the text as written (the
/// positions, the duplicates a diagnostic points at, the order the writer keeps), and equal values write equal
/// text. To compare what modals say, compare the decoded `Modal` values, which do not depend on member order.
public enum JSONValue: Sendable, Hashable {
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
public struct JSONNode: Sendable, Hashable {
    /// The value.
    public var value: JSONValue
    /// UTF-8 byte offset of the value's first byte in the source.
    package var byteOffset: Int

    /// Creates a node.
    package init(value: JSONValue, byteOffset: Int) {
        self.value = value
        self.byteOffset = byteOffset
    }

    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.value == rhs.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// One `"key": value` member of a JSON object.
///
/// Equality compares keys and values only, not positions.
public struct JSONMember: Sendable, Hashable {
    /// The decoded key.
    public var key: String
    /// UTF-8 byte offset of the key's opening quote.
    package var keyByteOffset: Int
    /// The member's value.
    public var value: JSONNode

    /// Creates a member.
    package init(key: String, keyByteOffset: Int, value: JSONNode) {
        self.key = key
        self.keyByteOffset = keyByteOffset
        self.value = value
    }

    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }
}

/// A finite JSON number.
///
/// Equality and hashing compare values: `5`, `5.0` and `5e0` are equal, however the number was made.
public struct JSONNumber: Sendable, Hashable {
    /// The value as a double (always finite: the parser rejects numbers that overflow).
    public var double: Double
    /// The exact value when the number is a whole number that fits in `Int` (`7`, `7.0`, `7e2`), else nil.
    public var exactInteger: Int?

    /// Creates a number.
    public init(double: Double, exactInteger: Int?) {
        self.double = double
        self.exactInteger = exactInteger
    }

    /// The number `value`.
    public init(_ value: Int) {
        self.init(double: Double(value), exactInteger: value)
    }

    /// The number `value`, with `exactInteger` set when it is a whole number that fits in `Int`.
    public init(_ value: Double) {
        var exact: Int?
        if value.rounded(.towardZero) == value, let whole = Int(exactly: value) { exact = whole }
        self.init(double: value, exactInteger: exact)
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let left = lhs.exactInteger, let right = rhs.exactInteger { return left == right }
        return lhs.double == rhs.double
    }

    public func hash(into hasher: inout Hasher) {
        // Equal numbers have equal doubles (two large integers may share one, which only collides).
        hasher.combine(double == 0 ? 0 : double)
    }
}
