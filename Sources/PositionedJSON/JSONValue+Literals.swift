/// Literal syntax for JSON values, so command data can be written as `["code": "SPRING24", "amount": 5]`.
///
/// Values written this way carry byte offset 0: they come from no source.
extension JSONValue: ExpressibleByDictionaryLiteral {
    /// An object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { JSONMember(key: $0.0, value: $0.1) })
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// An array of the literal's elements.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements.map { JSONNode(value: $0, byteOffset: 0) })
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// A whole number.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A number.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONMember {
    /// A member made in code rather than parsed.
    public init(key: String, value: JSONValue) {
        self.init(key: key, keyByteOffset: 0, value: JSONNode(value: value, byteOffset: 0))
    }
}

extension JSONValue {
    /// The members of an object, in order; nil for any other value.
    public var objectMembers: [(key: String, value: JSONValue)]? {
        guard case .object(let members) = self else { return nil }
        return members.map { ($0.key, $0.value.value) }
    }

    /// The value of the last member named `key` (the one the format uses), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value.value
    }

    /// The elements of an array; nil for any other value.
    public var arrayElements: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements.map(\.value)
    }
}
