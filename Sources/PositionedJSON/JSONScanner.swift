@_spi(Kernel) import TextKernel

/// The parser's state over one input buffer: an iterative recursive-descent parser.
///
/// Open containers live on an explicit stack (`frames`) instead of the call stack, so deeply nested input
/// cannot overflow the thread's stack whatever `maxDepth` is. Children of open containers wait on shared
/// value stacks and move into an exactly sized array when their container closes.
@_spi(JSON) public struct JSONScanner: ~Copyable {
    /// One open array or object.
    package struct Frame {
        /// Whether this is an object (members) rather than an array (elements).
        package var isObject: Bool
        /// Offset of the `[` or `{`: the container's own position.
        package var openByteOffset: Int
        /// Where this container's children start on `elements` or `members`.
        package var firstChild: Int
        /// The key of the member whose value is being parsed (objects only).
        package var key: String = ""
        /// Offset of that key's opening quote.
        package var keyByteOffset: Int = 0
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline package let base: UnsafePointer<UInt8>
    @usableFromInline package let count: Int
    package let maxDepth: Int
    /// Offset of the next unread byte.
    @usableFromInline package var position = 0
    package var frames = FrameStack(capacity: 16)
    package var elements: ValueStack<JSONNode>
    package var members: ValueStack<JSONMember>
    /// Reused buffer for decoding strings that contain escapes.
    package var scratch = ByteBuffer(capacity: 256)
    /// What `parseString()` saw of the last string's content.
    package var stringFacts = StringContentFacts()
    /// The caller's table of strings to hand out ready-made; an empty one when `FastPath.knownStrings` is off,
    /// so that every string is made anew with no test per string.
    package let knownStrings: KnownStrings
    /// `FastPath.numberShortcuts`, read once per parse.
    package let takesNumberShortcuts = FastPaths.isOn(.numberShortcuts)

    package init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, knownStrings: KnownStrings = .empty) {
        self.bytes = bytes
        self.knownStrings = FastPaths.isOn(.knownStrings) ? knownStrings : .empty
        base = bytes.baseAddress!
        count = bytes.count
        self.maxDepth = maxDepth
        elements = ValueStack(capacity: 64)
        members = ValueStack(capacity: 64)
    }

    /// Parses the whole input: one value, with only whitespace around it.
    package mutating func parseDocument() throws(JSONParseError) -> JSONNode {
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            throw JSONParseError(
                code: .jsonSyntax, message: "the file starts with a byte order mark (U+FEFF)", byteOffset: 0,
                hint: "save the file as UTF-8 without a byte order mark")
        }
        let root = try parseTree()
        skipWhitespace()
        if position < count { throw contentAfterValue() }
        return root
    }

    /// Parses one value and everything nested in it, leaving `position` just after it.
    private mutating func parseTree() throws(JSONParseError) -> JSONNode {
        var node: JSONNode
        nextValue: while true {
            skipWhitespace()
            guard position < count else { throw expectedValue() }
            let start = position
            switch base[start] {
            case UInt8(ascii: "\""):
                node = JSONNode(value: .string(try parseString()), byteOffset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                node = JSONNode(value: .number(try parseNumber()), byteOffset: start)
            case UInt8(ascii: "{"):
                try open(isObject: true)
                skipWhitespace()
                if position < count && base[position] == UInt8(ascii: "}") {
                    position += 1
                    node = closeObject()
                } else {
                    try parseMemberKey(afterComma: false)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                try open(isObject: false)
                skipWhitespace()
                if position < count && base[position] == UInt8(ascii: "]") {
                    position += 1
                    node = closeArray()
                } else {
                    continue nextValue
                }
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                node = JSONNode(value: .bool(true), byteOffset: start)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                node = JSONNode(value: .bool(false), byteOffset: start)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                node = JSONNode(value: .null, byteOffset: start)
            default:
                throw expectedValue()
            }

            // A value is complete: hand it to the innermost open container, closing containers as they end.
            while true {
                if frames.isEmpty { return node }
                if frames.topIsObject {
                    let key = frames.takeTopKey()
                    members.push(JSONMember(key: key.key, keyByteOffset: key.byteOffset, value: consume node))
                    skipWhitespace()
                    guard position < count else { throw expectedAfterMember() }
                    let byte = base[position]
                    if byte == UInt8(ascii: ",") {
                        position += 1
                        try parseMemberKey(afterComma: true)
                        continue nextValue
                    }
                    guard byte == UInt8(ascii: "}") else { throw expectedAfterMember() }
                    position += 1
                    node = closeObject()
                } else {
                    elements.push(consume node)
                    skipWhitespace()
                    guard position < count else { throw expectedAfterElement() }
                    let byte = base[position]
                    if byte == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        if position < count && base[position] == UInt8(ascii: "]") { throw trailingComma() }
                        continue nextValue
                    }
                    guard byte == UInt8(ascii: "]") else { throw expectedAfterElement() }
                    position += 1
                    node = closeArray()
                }
            }
        }
    }

    /// Opens a container at `position`, enforcing the depth limit.
    @inline(__always)
    private mutating func open(isObject: Bool) throws(JSONParseError) {
        guard frames.count < maxDepth else { throw tooDeep() }
        frames.push(
            Frame(
                isObject: isObject, openByteOffset: position,
                firstChild: isObject ? members.count : elements.count))
        position += 1
    }

    private mutating func closeArray() -> JSONNode {
        let frame = frames.pop()
        return JSONNode(value: .array(elements.popArray(from: frame.firstChild)), byteOffset: frame.openByteOffset)
    }

    private mutating func closeObject() -> JSONNode {
        let frame = frames.pop()
        return JSONNode(value: .object(members.popArray(from: frame.firstChild)), byteOffset: frame.openByteOffset)
    }

    /// Reads `"key"` and `:` for the innermost object, leaving `position` where its value starts.
    private mutating func parseMemberKey(afterComma: Bool) throws(JSONParseError) {
        skipWhitespace()
        guard position < count && base[position] == UInt8(ascii: "\"") else {
            throw expectedKey(afterComma: afterComma)
        }
        let keyByteOffset = position
        let key = try parseString()
        frames.setTopKey(key, at: keyByteOffset)
        skipWhitespace()
        guard position < count && base[position] == UInt8(ascii: ":") else { throw expectedColon() }
        position += 1
    }

    /// Consumes `literal` (`true`, `false` or `null`) at `position`.
    @inline(__always)
    package mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        guard position + length <= count, bytesEqual(base + position, literal.utf8Start, length) else {
            throw expectedValue()
        }
        position += length
    }

    /// Skips JSON whitespace: space, tab, line feed and carriage return.
    @inline(__always)
    @inlinable
    @_spi(JSON) public mutating func skipWhitespace() {
        while position < count {
            let byte = base[position]
            guard byte <= 0x20,
                byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            else { return }
            position += 1
            if byte == 0x0A { skipIndentation() }
        }
    }

    /// Skips the spaces that indent a pretty-printed line, eight at a time, up to the first byte that is
    /// not a space: the lowest non-zero byte of the word XOR spaces, found exactly with no per-byte loop
    /// (an indent of two to ten spaces otherwise took a loop step per byte after the first eight).
    @inlinable @inline(__always)
    mutating func skipIndentation() {
        while position + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let spaces = ByteLanes.leadingCount(of: 0x20, in: word)
            position += spaces
            if spaces < 8 { return }
        }
    }
}

/// Whether `count` bytes at `lhs` and `rhs` are equal.
@inline(__always)
private func bytesEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for index in 0..<count where lhs[index] != rhs[index] { return false }
    return true
}
