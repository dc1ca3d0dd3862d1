import ModalModel
import PositionedJSON

/// Between a style's `apply_to` and the characters of its modal's `msg` string literal it covers, both ways,
/// through the one mapping of decoded UTF-16 offsets to source bytes (`SourceText`'s string-literal offsets),
/// so escapes such as `\n`, `\u00e9` and `\ud83d\ude00` count as the one or two units they decode to.
package struct MessageRangeMap: Sendable {
    /// The analysed document.
    package let sourceMap: JSONSourceMap

    /// Maps an analysed document.
    package init(sourceMap: JSONSourceMap) { self.sourceMap = sourceMap }

    /// One style's range over its modal's message.
    package struct StyleRange: Sendable {
        /// The style's index in `styles`.
        package var styleIndex: Int
        /// The style object.
        package var style: JSONNode
        /// The `apply_to` member of the style.
        package var applyTo: JSONMember
        /// The range's first UTF-16 unit.
        package var utf16Offset: Int
        /// The range's length in UTF-16 units.
        package var utf16Length: Int
    }

    /// A modal object and its `msg` string literal.
    package struct Message: Sendable {
        /// The modal object.
        package var modal: JSONNode
        /// The `msg` value, a string.
        package var literal: JSONNode
        /// The decoded message.
        package var text: String
    }

    /// The style whose `apply_to` (its key, its object, or the key or value of `from` or `length`) holds
    /// `byteOffset`, with its modal's message; nil elsewhere or when the range has no whole-number bounds.
    package func styleRange(at byteOffset: Int) -> (StyleRange, Message)? {
        guard let hit = sourceMap.hit(at: byteOffset) else { return nil }
        let modals = ModalSource(sourceMap)
        guard let path = ModalPath(hit.path, rootIsArray: modals.rootIsArray), let styleIndex = path.styleIndex,
            path.inner.count >= 3, case .key("apply_to") = path.inner[2],
            path.inner.count == 3 || (path.inner.count == 4 && (path.lastKey == "from" || path.lastKey == "length")),
            let modal = modals.modalNode(path.modalIndex), let message = message(of: modal)
        else { return nil }
        guard let range = styleRanges(of: modal).first(where: { $0.styleIndex == styleIndex }) else { return nil }
        return (range, message)
    }

    /// The message whose string literal holds `byteOffset` (from its opening quote to its closing one), with the
    /// UTF-16 units of the character there in the decoded message: a surrogate pair's two units wherever in its
    /// source the offset is, and none at the closing quote.
    package func character(at byteOffset: Int) -> (Message, utf16Offset: Int, utf16End: Int)? {
        guard let hit = sourceMap.hit(at: byteOffset), !hit.isOnKey else { return nil }
        let modals = ModalSource(sourceMap)
        guard let path = ModalPath(hit.path, rootIsArray: modals.rootIsArray), path.inner == [.key("msg")],
            let modal = modals.modalNode(path.modalIndex), let message = message(of: modal)
        else { return nil }
        let inside = max(byteOffset, message.literal.byteOffset + 1)
        let start = utf16Offset(ofByteOffset: inside, in: message)
        return (message, start, max(start, utf16Offset(ofByteOffset: inside + 1, in: message, roundingUp: true)))
    }

    /// The modal's message, when `msg` is a string.
    package func message(of modal: JSONNode) -> Message? {
        guard case .object(let members) = modal.value, let literal = members.last(where: { $0.key == "msg" })?.value,
            case .string(let text) = literal.value
        else { return nil }
        return Message(modal: modal, literal: literal, text: text)
    }

    /// Every style of a modal whose `apply_to` has whole-number `from` and `length`, in order.
    package func styleRanges(of modal: JSONNode) -> [StyleRange] {
        guard case .object(let members) = modal.value,
            case .array(let styles)? = members.last(where: { $0.key == "styles" })?.value.value
        else { return [] }
        var ranges: [StyleRange] = []
        for (index, style) in styles.enumerated() {
            guard case .object(let styleMembers) = style.value,
                let applyTo = styleMembers.last(where: { $0.key == "apply_to" }),
                let range = ModalSource.range(of: style)
            else { continue }
            ranges.append(
                StyleRange(
                    styleIndex: index, style: style, applyTo: applyTo, utf16Offset: range.from,
                    utf16Length: range.length
                ))
        }
        return ranges
    }

    /// The styles of the message's modal whose range shares a unit with `utf16Offset..<utf16End`.
    package func styles(covering utf16Offset: Int, to utf16End: Int, in message: Message) -> [StyleRange] {
        styleRanges(of: message.modal).filter { range in
            let end = range.utf16Offset.addingReportingOverflow(range.utf16Length)
            return range.utf16Offset < utf16End && (end.overflow || utf16Offset < end.partialValue)
                && utf16Offset < utf16End
        }
    }

    /// The bytes of the literal that a UTF-16 range of the decoded message is written with: from the first byte
    /// of the escape or character at `utf16Offset` to just past the last one covered. A range reaching past the
    /// message stops at the closing quote; one that splits a surrogate pair keeps the half the source can show.
    package func byteRange(utf16Offset: Int, utf16Length: Int, in message: Message) -> (start: Int, end: Int) {
        byteRanges([(utf16Offset, utf16Length)], in: message)[0]
    }

    /// `byteRange(utf16Offset:utf16Length:in:)` of each range, from one walk of the literal.
    package func byteRanges(_ ranges: [(utf16Offset: Int, utf16Length: Int)], in message: Message) -> [(
        start: Int, end: Int
    )] {
        let quote = message.literal.byteOffset
        let contentStart = quote + 1
        let contentEnd = max(contentStart, sourceMap.end(of: message.literal) - 1)
        var ends: [Int] = []
        ends.reserveCapacity(ranges.count * 2)
        for range in ranges {
            let end = range.utf16Offset.addingReportingOverflow(max(0, range.utf16Length))
            ends.append(max(0, range.utf16Offset))
            ends.append(end.overflow ? Int.max : max(0, end.partialValue))
        }
        let bytes = SourceText(bytes: sourceMap.bytes).byteOffsets(ofUTF16Offsets: ends, inStringLiteralAt: quote)
        return ranges.indices.map { index in
            let start = min(max(bytes[2 * index], contentStart), contentEnd)
            return (start, min(max(bytes[2 * index + 1], start), contentEnd))
        }
    }

    /// The decoded UTF-16 offset of the character whose source holds `byteOffset`.
    package func utf16Offset(ofByteOffset byteOffset: Int, in message: Message, roundingUp: Bool = false) -> Int {
        SourceText(bytes: sourceMap.bytes).utf16Offset(
            ofByteOffset: byteOffset, inStringLiteralAt: message.literal.byteOffset, roundingUp: roundingUp)
    }
}
