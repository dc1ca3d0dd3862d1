/// Encodes any `Encodable` value into a `JSONValue`, without Foundation.
///
/// Object members keep the order in which the value encodes them; encoding a key twice keeps the last value.
public struct JSONValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// `value` as a JSON value.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        let root = EncodingNode()
        try value.encode(to: ValueEncoder(node: root, codingPath: []))
        return root.value
    }
}

/// A value under construction: filled in by exactly one container.
package final class EncodingNode {
    package enum Content {
        case empty
        case value(JSONValue)
        case object([(key: String, node: EncodingNode)])
        case array([EncodingNode])
    }
    package var content = Content.empty

    package var value: JSONValue {
        switch content {
        case .empty: return .object([])
        case .value(let value): return value
        case .object(let members):
            return .object(members.map { JSONMember(key: $0.key, value: $0.node.value) })
        case .array(let elements): return .array(elements.map { JSONNode(value: $0.value, byteOffset: 0) })
        }
    }

    /// The node of member `key`, replacing an earlier one of the same key.
    package func member(_ key: String) -> EncodingNode {
        let child = EncodingNode()
        var members: [(key: String, node: EncodingNode)] = []
        if case .object(let existing) = content { members = existing }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = child
        } else {
            members.append((key, child))
        }
        content = .object(members)
        return child
    }

    package func appendElement() -> EncodingNode {
        let child = EncodingNode()
        var elements: [EncodingNode] = []
        if case .array(let existing) = content { elements = existing }
        elements.append(child)
        content = .array(elements)
        return child
    }

    package var elementCount: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

/// A coding key made from any string or index.
package struct AnyCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?
    package init(stringValue: String) { self.stringValue = stringValue }
    package init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Encodes a `JSONValue` leaf for a standard-library scalar, or nil when `value` is not one.
package func scalarJSONValue<T: Encodable>(_ value: T) -> JSONValue? {
    switch value {
    case let json as JSONValue: return json
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .number(JSONNumber(number))
    case let number as Double where number.isFinite: return .number(JSONNumber(number))
    default: return nil
    }
}

package struct ValueEncoder: Encoder {
    package let node: EncodingNode
    package var codingPath: [any CodingKey]
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedValueEncoder<Key>(node: node, codingPath: codingPath))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedValueEncoder(node: node, codingPath: codingPath)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueEncoder(node: node, codingPath: codingPath)
    }

    /// Encodes `value` into `node`.
    package static func encode<T: Encodable>(_ value: T, into node: EncodingNode, codingPath: [any CodingKey]) throws {
        if let scalar = scalarJSONValue(value) {
            node.content = .value(scalar)
        } else {
            try value.encode(to: ValueEncoder(node: node, codingPath: codingPath))
        }
    }
}

package struct SingleValueEncoder: SingleValueEncodingContainer {
    package let node: EncodingNode
    package var codingPath: [any CodingKey]

    package mutating func encodeNil() throws { node.content = .value(.null) }
    package mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    package mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    package mutating func encode(_ value: Double) throws {
        guard value.isFinite else { throw Self.invalid(value, codingPath) }
        node.content = .value(.number(JSONNumber(value)))
    }
    package mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    package mutating func encode(_ value: Int) throws { node.content = .value(.number(JSONNumber(value))) }
    package mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
    package mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
    package mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
    package mutating func encode(_ value: Int64) throws { try encode(Int(value)) }
    package mutating func encode(_ value: UInt) throws { try encodeUnsigned(UInt64(value)) }
    package mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
    package mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }
    package mutating func encode(_ value: UInt32) throws { try encode(Int(value)) }
    package mutating func encode(_ value: UInt64) throws { try encodeUnsigned(value) }
    package mutating func encode<T: Encodable>(_ value: T) throws {
        try ValueEncoder.encode(value, into: node, codingPath: codingPath)
    }

    private mutating func encodeUnsigned(_ value: UInt64) throws {
        if let exact = Int(exactly: value) {
            try encode(exact)
        } else {
            node.content = .value(.number(JSONNumber(double: Double(value), exactInteger: nil)))
        }
    }

    package static func invalid(_ value: Double, _ codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
    }
}

package struct KeyedValueEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    package let node: EncodingNode
    package var codingPath: [any CodingKey]

    private func single(_ key: Key) -> SingleValueEncoder {
        SingleValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    package mutating func encodeNil(forKey key: Key) throws {
        var container = single(key)
        try container.encodeNil()
    }
    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    package mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    package mutating func superEncoder() -> any Encoder {
        ValueEncoder(node: node.member("super"), codingPath: codingPath + [AnyCodingKey(stringValue: "super")])
    }
    package mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

package struct UnkeyedValueEncoder: UnkeyedEncodingContainer {
    package let node: EncodingNode
    package var codingPath: [any CodingKey]
    package var count: Int { node.elementCount }

    private func nextPath() -> [any CodingKey] { codingPath + [AnyCodingKey(intValue: count)] }

    package mutating func encodeNil() throws {
        let path = nextPath()
        var container = SingleValueEncoder(node: node.appendElement(), codingPath: path)
        try container.encodeNil()
    }
    package mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath()
        var container = SingleValueEncoder(node: node.appendElement(), codingPath: path)
        try container.encode(value)
    }
    package mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath()
        return ValueEncoder(node: node.appendElement(), codingPath: path).container(keyedBy: keyType)
    }
    package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath()
        return ValueEncoder(node: node.appendElement(), codingPath: path).unkeyedContainer()
    }
    package mutating func superEncoder() -> any Encoder {
        let path = nextPath()
        return ValueEncoder(node: node.appendElement(), codingPath: path)
    }
}
