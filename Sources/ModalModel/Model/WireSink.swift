@_spi(JSON) import PositionedJSON

/// Where the model's wire form is written: a JSON value tree, or canonical bytes directly.
///
/// The model types describe their JSON once (`writeWire(to:)`), and both `wireValue` and `ModalEncoder`
/// follow that one description, so the key order and the value forms cannot drift apart.
protocol WireSink {
    mutating func openObject()
    mutating func closeObject()
    mutating func openArray()
    mutating func closeArray()
    /// The key of the next member of the open object.
    mutating func key(_ name: String)
    /// A complete value: a member's value, an element, or the whole document.
    mutating func value(_ value: JSONValue)
}

/// Builds a `JSONValue` tree.
struct ValueSink: WireSink {
    private enum Frame {
        case object([JSONMember], key: String)
        case array([JSONNode])
    }
    private var frames: [Frame] = []
    private(set) var result: JSONValue = .null

    mutating func openObject() { frames.append(.object([], key: "")) }
    mutating func openArray() { frames.append(.array([])) }

    mutating func closeObject() {
        guard case .object(let members, _) = frames.removeLast() else { return }
        value(.object(members))
    }

    mutating func closeArray() {
        guard case .array(let elements) = frames.removeLast() else { return }
        value(.array(elements))
    }

    mutating func key(_ name: String) {
        guard case .object(let members, _) = frames.last else { return }
        frames[frames.count - 1] = .object(members, key: name)
    }

    mutating func value(_ value: JSONValue) {
        guard let top = frames.popLast() else {
            result = value
            return
        }
        switch top {
        case .object(var members, let key):
            members.append(JSONMember(key: key, value: value))
            frames.append(.object(members, key: key))
        case .array(var elements):
            elements.append(JSONNode(value: value, byteOffset: 0))
            frames.append(.array(elements))
        }
    }
}

/// Writes canonical JSON bytes as the values arrive, with no tree in between.
struct ByteSink: WireSink {
    let writer: CanonicalJSONWriter
    var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the open container has no member or element yet.
    private var isFirst = true
    /// Whether a key was just written, so the next value follows it directly.
    private var afterKey = false

    init(writer: CanonicalJSONWriter) {
        self.writer = writer
        bytes.reserveCapacity(512)
    }

    private var isPretty: Bool { writer.layout == .pretty }

    private mutating func newline(depth: Int) {
        guard isPretty else { return }
        bytes.append(0x0A)
        for _ in 0..<(depth * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        if depth > 0 {
            if !isFirst { bytes.append(UInt8(ascii: ",")) }
            newline(depth: depth)
        }
        isFirst = false
    }

    private mutating func open(_ bracket: UInt8) {
        beforeValue()
        bytes.append(bracket)
        depth += 1
        isFirst = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !isFirst { newline(depth: depth) }
        bytes.append(bracket)
        isFirst = false
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    mutating func key(_ name: String) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        newline(depth: depth)
        isFirst = false
        CanonicalJSONWriter.writeString(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    mutating func value(_ value: JSONValue) {
        beforeValue()
        writer.write(value, into: &bytes, depth: depth)
    }

    /// The bytes, with the final newline of the pretty layout.
    mutating func finished() -> [UInt8] {
        if isPretty { bytes.append(0x0A) }
        return bytes
    }
}
