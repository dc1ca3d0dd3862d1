import PositionedJSON

/// One `apply_to` of a modal as written in its JSON: the two numbers and where their literals are.
package struct RangeLiteral: Sendable, Hashable {
    /// The index of the style in `styles`.
    package var styleIndex: Int
    /// The numbers, in whatever unit they were counted.
    package var range: CountedRange
    /// The `apply_to` object.
    package var applyTo: JSONNode
    /// The `from` number.
    package var fromNode: JSONNode
    /// The `length` number.
    package var lengthNode: JSONNode
}

extension RangeLiteral {
    /// The message and the ranges of a modal object whose `from` and `length` are whole numbers of at least 0,
    /// in style order; nil when the node is not a modal with a string `msg` and an array `styles`.
    package static func modal(_ node: JSONNode) -> (message: String, ranges: [RangeLiteral])? {
        guard case .object(let members) = node.value,
            case .string(let message)? = members.last(where: { $0.key == ModalField.msg.key })?.value.value,
            case .array(let styles)? = members.last(where: { $0.key == ModalField.styles.key })?.value.value
        else { return nil }
        return (message, ranges(inStyles: styles))
    }

    /// The ranges of `styles` whose `from` and `length` are whole numbers of at least 0, in order (the last of
    /// repeated keys, as the decoder reads them).
    package static func ranges(inStyles styles: [JSONNode]) -> [RangeLiteral] {
        var found: [RangeLiteral] = []
        for (index, style) in styles.enumerated() {
            guard case .object(let styleMembers) = style.value,
                let applyTo = styleMembers.last(where: { $0.key == StyleField.applyTo.key })?.value,
                case .object(let rangeMembers) = applyTo.value,
                let fromNode = rangeMembers.last(where: { $0.key == RangeField.from.key })?.value,
                let lengthNode = rangeMembers.last(where: { $0.key == RangeField.length.key })?.value,
                case .number(let fromNumber) = fromNode.value, case .number(let lengthNumber) = lengthNode.value,
                let from = fromNumber.exactInteger, let length = lengthNumber.exactInteger, from >= 0, length >= 0
            else { continue }
            found.append(
                RangeLiteral(
                    styleIndex: index, range: CountedRange(from: from, length: length), applyTo: applyTo,
                    fromNode: fromNode, lengthNode: lengthNode))
        }
        return found
    }
}
