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

struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Int].self) }
        return KeyedDecodingContainer(KeyedValueDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Int].self) }
        return UnkeyedValueDecoder(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A null where a value was expected is a missing value (as Foundation's `JSONDecoder` reports it); anything
    /// else of the wrong kind is a type mismatch.
    func mismatch(_ type: Any.Type) -> DecodingError {
        if value == .null {
            return DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found null"))
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "expected \(type), found \(value.kindDescription)"))
    }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type) }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type) }
        return number.double
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let number) = value else { throw mismatch(type) }
        if let exact = number.exactInteger, let converted = T(exactly: exact) { return converted }
        if number.exactInteger == nil, let converted = T(exactly: number.double) { return converted }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "\(number.double) does not fit in \(type) exactly"))
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self { return value as! T }
        return try T(from: self)
    }
}

struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let byKey: [String: JSONValue]
    let allKeys: [Key]
    var codingPath: [any CodingKey]

    init(members: [JSONMember], codingPath: [any CodingKey]) {
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

    func contains(_ key: Key) -> Bool { byKey[key.stringValue] != nil }

    private func child(_ key: Key) throws -> ValueDecoder {
        guard let value = byKey[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "no '\(key.stringValue)'"))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }
    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> { try child(key).container(keyedBy: type) }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: byKey["super"] ?? .null, codingPath: codingPath + [AnyCodingKey(stringValue: "super")])
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    var codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONNode], codingPath: [any CodingKey]) {
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

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].value == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> { try next(type).container(keyedBy: type) }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}
