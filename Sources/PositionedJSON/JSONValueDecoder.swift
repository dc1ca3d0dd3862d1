/// Decodes any `Decodable` value from a `JSONValue`, without Foundation.
///
/// Whole numbers decode into integer types only when exact; a duplicate key reads its last value.
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a `T` from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder(value: value, codingPath: []).decode(type)
    }
}

package struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    package let value: JSONValue
    package var codingPath: [any CodingKey]
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Int].self) }
        return KeyedDecodingContainer(KeyedValueDecoder<Key>(members: members, codingPath: codingPath))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Int].self) }
        return UnkeyedValueDecoder(elements: elements, codingPath: codingPath)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A null where a value was expected is a missing value (as Foundation's `JSONDecoder` reports it); anything
    /// else of the wrong kind is a type mismatch.
    package func mismatch(_ type: Any.Type) -> DecodingError {
        if value == .null {
            return DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found null"))
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "expected \(type), found \(value.kindDescription)"))
    }

    package func decodeNil() -> Bool { value == .null }

    package func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type) }
        return flag
    }

    package func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type) }
        return text
    }

    package func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type) }
        return number.double
    }

    package func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    package func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let number) = value else { throw mismatch(type) }
        if let exact = number.exactInteger, let converted = T(exactly: exact) { return converted }
        if number.exactInteger == nil, let converted = T(exactly: number.double) { return converted }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "\(number.double) does not fit in \(type) exactly"))
    }

    package func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    package func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    package func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    package func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    package func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    package func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self { return value as! T }
        return try T(from: self)
    }
}

package struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    package let byKey: [String: JSONValue]
    package let allKeys: [Key]
    package var codingPath: [any CodingKey]

    package init(members: [JSONMember], codingPath: [any CodingKey]) {
        var byKey: [String: JSONValue] = [:]
        var keys: [Key] = []
        for member in members {
            if byKey.updateValue(member.value.value, forKey: member.key) == nil,
                let key = Key(stringValue: member.key)
            {
                keys.append(key)
            }
        }
        self.byKey = byKey
        self.allKeys = keys
        self.codingPath = codingPath
    }

    package func contains(_ key: Key) -> Bool { byKey[key.stringValue] != nil }

    private func child(_ key: Key) throws -> ValueDecoder {
        guard let value = byKey[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no '\(key.stringValue)'"))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    package func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }
    package func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> { try child(key).container(keyedBy: type) }
    package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }
    package func superDecoder() throws -> any Decoder {
        ValueDecoder(value: byKey["super"] ?? .null, codingPath: codingPath + [AnyCodingKey(stringValue: "super")])
    }
    package func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

package struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
    package let elements: [JSONNode]
    package var codingPath: [any CodingKey]
    package var currentIndex = 0
    package var count: Int? { elements.count }
    package var isAtEnd: Bool { currentIndex >= elements.count }

    package init(elements: [JSONNode], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    private mutating func next(_ type: Any.Type) throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: codingPath, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(
            value: elements[currentIndex].value, codingPath: codingPath + [AnyCodingKey(intValue: currentIndex)])
    }

    package mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].value == .null else { return false }
        currentIndex += 1
        return true
    }
    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }
    package mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> { try next(type).container(keyedBy: type) }
    package mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }
    package mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}
