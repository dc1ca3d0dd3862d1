import ModalModel
import PositionedJSON

/// Where the values of a parsed document lie in its bytes, and which value or key a byte offset falls in.
///
/// The parser keeps where each value starts; where it ends is found from the bytes when asked, walking only
/// the last children of containers, so no second tree is built.
package struct JSONSourceMap: Sendable {
    /// The parsed document.
    package let root: JSONNode
    /// Its bytes.
    package let bytes: [UInt8]

    /// Maps a parsed document.
    package init(root: JSONNode, bytes: [UInt8]) {
        self.root = root
        self.bytes = bytes
    }

    /// One step of a path into the document.
    package enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)

        var pointerComponent: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    /// What lies at a byte offset: the innermost value, the path to it, and whether the offset is on the
    /// key of the member that holds it.
    package struct Hit: Sendable {
        /// The steps from the root to `node`.
        package var path: [Step]
        /// The value at the offset (for a key, the member's value).
        package var node: JSONNode
        /// The values that contain `node`, outermost first.
        package var ancestors: [JSONNode]
        /// The member whose key or value holds the offset, when the value is a member's.
        package var member: JSONMember?
        /// Whether the offset is on the member's key rather than its value.
        package var isOnKey: Bool

        /// The path as a JSON pointer such as `/0/styles/1/apply_to`.
        package var pointer: String {
            path.isEmpty ? "" : "/" + path.map { escape($0.pointerComponent) }.joined(separator: "/")
        }

        private func escape(_ component: String) -> String {
            component.replacing("~", with: "~0").replacing("/", with: "~1")
        }
    }

    /// The innermost value or key at `offset`, or nil when the offset is outside the root value.
    package func hit(at offset: Int) -> Hit? {
        guard offset >= root.byteOffset, offset < end(of: root) else { return nil }
        var hit = Hit(path: [], node: root, ancestors: [], member: nil, isOnKey: false)
        while true {
            switch hit.node.value {
            case .object(let members):
                guard let index = lastIndex(in: members.map(\.keyByteOffset), atOrBefore: offset) else { return hit }
                let member = members[index]
                let keyEnd = StringLiteralExtent.end(from: member.keyByteOffset, in: bytes)
                if offset < keyEnd {
                    hit.ancestors.append(hit.node)
                    hit.path.append(.key(member.key))
                    hit.node = member.value
                    hit.member = member
                    hit.isOnKey = true
                    return hit
                }
                guard offset >= member.value.byteOffset, offset < end(of: member.value) else { return hit }
                hit.ancestors.append(hit.node)
                hit.path.append(.key(member.key))
                hit.node = member.value
                hit.member = member
                hit.isOnKey = false
            case .array(let items):
                guard let index = lastIndex(in: items.map(\.byteOffset), atOrBefore: offset),
                    offset < end(of: items[index])
                else { return hit }
                hit.ancestors.append(hit.node)
                hit.path.append(.index(index))
                hit.node = items[index]
                hit.member = nil
                hit.isOnKey = false
            default:
                return hit
            }
        }
    }

    private func lastIndex(in starts: [Int], atOrBefore offset: Int) -> Int? {
        var low = 0
        var high = starts.count - 1
        var found: Int?
        while low <= high {
            let middle = (low + high) / 2
            if starts[middle] <= offset {
                found = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return found
    }

    /// The offset just past a value's last byte.
    package func end(of node: JSONNode) -> Int {
        let start = node.byteOffset
        switch node.value {
        case .string: return StringLiteralExtent.end(from: start, in: bytes)
        case .number, .bool, .null: return Self.scalarTokenEnd(from: start, in: bytes)
        case .array(let items):
            return closingBracketEnd(after: items.last.map(end(of:)) ?? start + 1, bracket: UInt8(ascii: "]"))
        case .object(let members):
            return closingBracketEnd(
                after: members.last.map { end(of: $0.value) } ?? start + 1, bracket: UInt8(ascii: "}"))
        }
    }

    private func closingBracketEnd(after offset: Int, bracket: UInt8) -> Int {
        var index = offset
        while index < bytes.count {
            if bytes[index] == bracket { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    /// The offset just past the token that starts at `offset`: a string literal, a number or a word; a single
    /// character for anything else; `offset` itself at the end of the bytes.
    package static func tokenEnd(from offset: Int, in bytes: [UInt8]) -> Int {
        guard offset >= 0, offset < bytes.count else { return min(max(offset, 0), bytes.count) }
        switch bytes[offset] {
        case UInt8(ascii: "\""): return StringLiteralExtent.end(from: offset, in: bytes)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return scalarTokenEnd(from: offset, in: bytes)
        default:
            return min(bytes.count, offset + LineTable.sequenceLength(bytes[offset]))
        }
    }

    /// The end of a number or of `true`, `false` or `null`.
    static func scalarTokenEnd(from start: Int, in bytes: [UInt8]) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                index += 1
            default: return max(index, start + 1)
            }
        }
        return max(index, min(start + 1, bytes.count))
    }
}
