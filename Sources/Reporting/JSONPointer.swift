import ModalModel
import PositionedJSON

/// RFC 6901 JSON pointers, as diagnostics write them.
package enum JSONPointer {
    /// The unescaped reference tokens of a pointer (`/a~1b/0` gives `["a/b", "0"]`); `""` gives none.
    package static func components(_ pointer: String) -> [String] {
        guard !pointer.isEmpty else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
    }

    /// The pointer of reference tokens, escaping `~` and `/`.
    package static func pointer(_ components: [String]) -> String {
        components.map { "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1") }.joined()
    }

    /// The node a pointer refers to; in an object with a repeated key, the last one (as the decoder uses it).
    package static func node(at components: [String], in root: JSONNode) -> JSONNode? {
        var node = root
        for component in components {
            switch node.value {
            case .array(let items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                node = items[index]
            case .object(let members):
                guard let member = members.last(where: { $0.key == component }) else { return nil }
                node = member.value
            default:
                return nil
            }
        }
        return node
    }
}
