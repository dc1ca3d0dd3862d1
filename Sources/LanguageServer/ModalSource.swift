import ModalModel
import PositionedJSON

/// The modal objects of a parsed document, and the modal each one decodes to on its own, so that hover can
/// show one modal even while another modal of the document has errors.
package struct ModalSource {
    /// The document's source map.
    package let sourceMap: JSONSourceMap

    /// Wraps a source map.
    package init(_ sourceMap: JSONSourceMap) { self.sourceMap = sourceMap }

    /// Whether the document is an array of modals.
    package var rootIsArray: Bool {
        if case .array = sourceMap.root.value { return true }
        return false
    }

    /// The modal objects, in order.
    package var modalNodes: [JSONNode] {
        switch sourceMap.root.value {
        case .array(let items): items
        case .object: [sourceMap.root]
        default: []
        }
    }

    /// The modal object at an index.
    package func modalNode(_ index: Int) -> JSONNode? {
        let nodes = modalNodes
        return nodes.indices.contains(index) ? nodes[index] : nil
    }

    /// The modal an object decodes to alone, or nil when it has an error.
    package func decodedModal(_ node: JSONNode) -> Modal? {
        let bytes = Array(sourceMap.bytes[node.byteOffset..<sourceMap.end(of: node)])
        return ModalDecoder.decode(bytes).document?.modals.first
    }

    /// A range's `from` and `length` when both are whole numbers.
    package static func range(of style: JSONNode) -> (from: Int, length: Int)? {
        guard let range = style.value["apply_to"], let from = range["from"], let length = range["length"],
            case .number(let fromNumber) = from, case .number(let lengthNumber) = length,
            let fromValue = fromNumber.exactInteger, let lengthValue = lengthNumber.exactInteger
        else { return nil }
        return (fromValue, lengthValue)
    }

    /// The text of `message` a UTF-16 range covers, clipped to the message (a split surrogate shows as U+FFFD).
    /// It reads the whole message: for many ranges over one message, read it once with `MessageUnits`.
    package static func coveredText(_ message: String, from: Int, length: Int) -> String {
        MessageUnits(message).coveredText(from: from, length: length)
    }
}
