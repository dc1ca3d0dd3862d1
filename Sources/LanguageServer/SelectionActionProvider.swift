import PositionedJSON
import Reporting

/// The code actions on a selection inside `msg`: style it, link it, or extend a style that touches it to it.
///
/// The selection is read in the decoded message's UTF-16 units, so an escape counts as what it decodes to; a
/// selection that starts or ends inside an escape, a multi-byte character or a grapheme cluster widens to
/// whole clusters, so the new range never splits one (which `range-splits-grapheme` would report).
package struct SelectionActionProvider: Sendable {
    /// The code action kind of every action here.
    package static let kind = "refactor.rewrite"
    /// The attributes a new style gets, which the author edits: bold is valid in every profile and shows
    /// which words the range covers.
    package static let styleAttributes = #""font_style": "bold""#
    /// How much of a style's text, in UTF-16 units, its "Extend" title reads before shortening it.
    static let titleUTF16Limit = 64
    /// The link a new link gets, which the author replaces.
    package static let placeholderLink = "https://example.com"

    /// One action: its title and the edits of the document.
    package struct Action: Sendable {
        /// What the editor lists.
        package var title: String
        /// The edits, which do not overlap.
        package var edits: [SourceEdit]
    }

    /// The mapping between ranges and words.
    package let map: MessageRangeMap

    /// Creates the provider for an analysed document.
    package init(sourceMap: JSONSourceMap) { self.map = MessageRangeMap(sourceMap: sourceMap) }

    /// The selection from byte `start` to byte `end`, when both lie in the same `msg` literal and it is not
    /// empty: its message and UTF-16 range, widened to whole grapheme clusters.
    package func selection(from start: Int, to end: Int) -> (
        message: MessageRangeMap.Message, utf16Offset: Int, utf16Length: Int
    )? {
        guard end > start, let (message, _, _) = map.character(at: start) else { return nil }
        let closingQuote = map.sourceMap.end(of: message.literal) - 1
        guard end <= closingQuote else { return nil }
        let first = map.utf16Offset(ofByteOffset: start, in: message)
        let last = map.utf16Offset(ofByteOffset: end, in: message, roundingUp: true)
        let (from, to) = Self.widenedToClusters(message.text, from: first, to: last)
        guard to > from else { return nil }
        return (message, from, to - from)
    }

    /// The actions for a selection; none when it is not inside one `msg`.
    package func actions(from start: Int, to end: Int) -> [Action] {
        guard let (message, from, length) = selection(from: start, to: end) else { return [] }
        let range = #"{"apply_to": {"from": \#(from), "length": \#(length)}, "#
        var actions: [Action] = []
        if let edit = insertion(ofStyle: range + Self.styleAttributes + "}", in: message) {
            actions.append(Action(title: "Style the selection", edits: [edit]))
        }
        let link = range + #""link": ""# + Self.placeholderLink + #""}"#
        if let edit = insertion(ofStyle: link, in: message) {
            actions.append(Action(title: "Link the selection", edits: [edit]))
        }
        // The message's units are read once for all the styles' titles: per style, a long message would be
        // copied once for each of its styles.
        let units = MessageUnits(message.text)
        for style in map.styleRanges(of: message.modal) {
            if let action = extending(style, toCover: from, length, in: message, units: units) {
                actions.append(action)
            }
        }
        return actions
    }

    /// `[from, to)` widened to the boundaries of the grapheme clusters of `text` around it.
    package static func widenedToClusters(_ text: String, from: Int, to: Int) -> (Int, Int) {
        var offset = 0
        var start = 0
        var end: Int?
        for character in text {
            if offset <= from { start = offset }
            if end == nil, offset >= to { end = offset }
            if end != nil { break }
            offset += character.utf16.count
        }
        if offset <= from { start = offset }
        return (start, max(start, end ?? offset))
    }

    /// "Extend style N to the selection" when the style's range touches or overlaps the selection and does
    /// not already cover it.
    func extending(
        _ style: MessageRangeMap.StyleRange, toCover from: Int, _ length: Int, in message: MessageRangeMap.Message,
        units: MessageUnits
    ) -> Action? {
        let styleEnd = style.utf16Offset.addingReportingOverflow(style.utf16Length)
        guard !styleEnd.overflow, style.utf16Length >= 0, style.utf16Offset <= from + length,
            from <= styleEnd.partialValue, case .object(let members) = style.applyTo.value.value,
            let fromNode = members.last(where: { $0.key == "from" })?.value,
            let lengthNode = members.last(where: { $0.key == "length" })?.value
        else { return nil }
        let newFrom = min(style.utf16Offset, from)
        let newEnd = max(styleEnd.partialValue, from + length)
        guard newFrom != style.utf16Offset || newEnd - newFrom != style.utf16Length else { return nil }
        var edits: [SourceEdit] = []
        if newFrom != style.utf16Offset { edits.append(replacing(fromNode, with: String(newFrom))) }
        if newEnd - newFrom != style.utf16Length { edits.append(replacing(lengthNode, with: String(newEnd - newFrom))) }
        // Only the label's worth of the covered text, so a long range is not copied for each style.
        let covered = units.coveredText(
            from: style.utf16Offset, length: min(style.utf16Length, Self.titleUTF16Limit))
        let label = VisibleText.shortened(covered, limit: 16, isCut: style.utf16Length > Self.titleUTF16Limit)
        return Action(
            title: "Extend style \(style.styleIndex) (“\(label)”) to the selection",
            edits: edits)
    }

    private func replacing(_ node: JSONNode, with text: String) -> SourceEdit {
        SourceEdit(
            byteOffset: node.byteOffset, byteLength: map.sourceMap.end(of: node) - node.byteOffset, replacement: text)
    }

    /// The edit that appends `style` (an object's text) to the modal's `styles`, making the array when there is
    /// none, laid out as the lines around it are: one line or one element a line, with their indentation.
    func insertion(ofStyle style: String, in message: MessageRangeMap.Message) -> SourceEdit? {
        guard case .object(let members) = message.modal.value, let lastMember = members.last else { return nil }
        if let styles = members.last(where: { $0.key == "styles" })?.value {
            guard case .array(let items) = styles.value else { return nil }
            guard let first = items.first, let last = items.last else {
                return SourceEdit(byteOffset: styles.byteOffset + 1, byteLength: 0, replacement: style)
            }
            let at = map.sourceMap.end(of: last)
            if hasLineBreak(from: styles.byteOffset, to: first.byteOffset) {
                return SourceEdit(
                    byteOffset: at, byteLength: 0, replacement: ",\n" + indentation(at: last.byteOffset) + style)
            }
            return SourceEdit(byteOffset: at, byteLength: 0, replacement: ", " + style)
        }
        let at = map.sourceMap.end(of: lastMember.value)
        guard let firstMember = members.first,
            hasLineBreak(from: message.modal.byteOffset, to: firstMember.keyByteOffset)
        else {
            return SourceEdit(byteOffset: at, byteLength: 0, replacement: #", "styles": ["# + style + "]")
        }
        let indent = indentation(at: lastMember.keyByteOffset)
        let outer = indentation(at: message.modal.byteOffset)
        let unit: String
        if indent.contains("\t") {
            unit = "\t"
        } else if indent.count > outer.count, indent.hasPrefix(outer) {
            unit = String(indent.dropFirst(outer.count))
        } else {
            unit = "  "
        }
        return SourceEdit(
            byteOffset: at, byteLength: 0,
            replacement: ",\n" + indent + #""styles": ["# + "\n" + indent + unit + style + "\n" + indent + "]")
    }

    private func hasLineBreak(from start: Int, to end: Int) -> Bool {
        let bytes = map.sourceMap.bytes
        return bytes[max(0, start)..<min(end, bytes.count)].contains(0x0A)
    }

    /// The spaces and tabs that start the line holding `byteOffset`.
    private func indentation(at byteOffset: Int) -> String {
        let bytes = map.sourceMap.bytes
        var lineStart = min(byteOffset, bytes.count)
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[lineStart..<end], as: UTF8.self)
    }
}
