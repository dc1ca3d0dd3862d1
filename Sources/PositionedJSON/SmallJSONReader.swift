/// A reader for the small JSON values that app commands carry as data (`{"id":1}`), for the valid-document
/// path: objects, arrays, strings of printable ASCII without escapes, plain whole numbers, `true`, `false` and
/// `null`, nested a few deep, with JSON white space anywhere between them.
///
/// It gives exactly the tree `JSONParser.parse` gives, positions included, or nil for anything else (another
/// form of number or string, deeper nesting, any error), which that parser then reads and words. The general
/// parser's stacks and buffers cost more than the rest of reading such an action. `SmallJSONReaderTests` hold
/// the two to the same trees over random texts.
package struct SmallJSONReader {
    /// The deepest nesting read here; deeper values are left to the general parser.
    package static let deepestNesting = 8

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The value `bytes` holds, with only white space around it; nil when the general parser must decide.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONNode? {
        var reader = SmallJSONReader(bytes)
        guard let node = reader.value(depth: 1) else { return nil }
        reader.skipWhitespace()
        return reader.position == bytes.count ? node : nil
    }

    private mutating func value(depth: Int) -> JSONNode? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        let start = position
        switch bytes[start] {
        case UInt8(ascii: "{"):
            guard depth <= Self.deepestNesting else { return nil }
            position += 1
            var members: [JSONMember] = []
            if take(UInt8(ascii: "}")) { return JSONNode(value: .object(members), byteOffset: start) }
            repeat {
                skipWhitespace()
                let keyStart = position
                guard let key = string() else { return nil }
                guard take(UInt8(ascii: ":")), let member = value(depth: depth + 1) else { return nil }
                members.append(JSONMember(key: key, keyByteOffset: keyStart, value: member))
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            return JSONNode(value: .object(members), byteOffset: start)
        case UInt8(ascii: "["):
            guard depth <= Self.deepestNesting else { return nil }
            position += 1
            var elements: [JSONNode] = []
            if take(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), byteOffset: start) }
            repeat {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { return nil }
            return JSONNode(value: .array(elements), byteOffset: start)
        case UInt8(ascii: "\""):
            return string().map { JSONNode(value: .string($0), byteOffset: start) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return wholeNumber().map { JSONNode(value: .number(JSONNumber($0)), byteOffset: start) }
        case UInt8(ascii: "t"):
            return literal("true") ? JSONNode(value: .bool(true), byteOffset: start) : nil
        case UInt8(ascii: "f"):
            return literal("false") ? JSONNode(value: .bool(false), byteOffset: start) : nil
        case UInt8(ascii: "n"):
            return literal("null") ? JSONNode(value: .null, byteOffset: start) : nil
        default:
            return nil
        }
    }

    /// A string of printable ASCII without escapes, from its opening quote.
    private mutating func string() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        position = end + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// A plain whole number (`WholeNumberLiteral`), as the general parser makes it.
    private mutating func wholeNumber() -> Int? {
        guard let base = bytes.baseAddress,
            let (value, end) = WholeNumberLiteral.read(base, count: bytes.count, at: position)
        else { return nil }
        position = end
        return value
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        for index in 0..<length where bytes[position + index] != word.utf8Start[index] { return false }
        position += length
        return true
    }

    /// Moves past `byte`, after any white space, when it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }
}
