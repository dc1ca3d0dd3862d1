import ModalModel
import PositionedJSON
import Renderers
@_spi(Kernel) import TextKernel
import TextLayout

/// Answers `textDocument/hover`: what a range covers, how a message draws, what a key or value means.
package struct HoverProvider {
    /// The width in cells of the phone-like rendering shown on `msg`.
    package static let phoneWidth = 36

    /// The analysed document.
    package let sourceMap: JSONSourceMap

    /// Creates the provider for an analysed document.
    package init(sourceMap: JSONSourceMap) { self.sourceMap = sourceMap }

    /// The hover's Markdown and the byte range it is about, or nil when there is nothing to say.
    package func hover(at offset: Int) -> (markdown: String, start: Int, end: Int)? {
        guard let hit = sourceMap.hit(at: offset) else { return nil }
        let modals = ModalSource(sourceMap)
        guard let path = ModalPath(hit.path, rootIsArray: modals.rootIsArray),
            let modalNode = modals.modalNode(path.modalIndex)
        else { return nil }
        let start = hit.isOnKey ? (hit.member?.keyByteOffset ?? hit.node.byteOffset) : hit.node.byteOffset
        let end =
            hit.isOnKey
            ? StringLiteralExtent.end(from: start, in: sourceMap.bytes) : sourceMap.end(of: hit.node)

        var sections: [String] = []
        if let styleIndex = path.styleIndex, path.inner.count >= 3, case .key("apply_to") = path.inner[2] {
            sections.append(rangeHover(modalNode: modalNode, styleIndex: styleIndex, modals: modals))
        } else if path.inner == [.key("msg")] {
            sections.append(messageHover(modalNode: modalNode, modals: modals))
        }
        if let key = path.lastKey, let kind = path.containingObject {
            if hit.isOnKey, let meaning = FormatMeanings.meaning(ofKey: key, in: kind) {
                sections.insert("`\(key)`: \(meaning)", at: 0)
            } else if !hit.isOnKey, case .string(let value) = hit.node.value {
                if let meaning = FormatMeanings.meaning(ofValue: value, forKey: key) {
                    sections.append("`\(value)`: \(meaning)")
                } else if key == "action" || key == "link" {
                    sections.append(actionHover(value))
                }
            }
        }
        if sections.isEmpty { return nil }
        return (sections.joined(separator: "\n\n---\n\n"), start, end)
    }

    /// The text a range covers, its size in three units and the style resolved over it.
    func rangeHover(modalNode: JSONNode, styleIndex: Int, modals: ModalSource) -> String {
        guard case .string(let message)? = modalNode.value["msg"], case .array(let styles)? = modalNode.value["styles"],
            styles.indices.contains(styleIndex), let range = ModalSource.range(of: styles[styleIndex])
        else { return "This range needs whole-number `from` and `length` and a string `msg` to show what it covers." }
        let covered = ModalSource.coveredText(message, from: range.from, length: range.length)
        var lines: [String] = []
        let shown = VisibleText.escaped(covered)
        lines.append("**Covers** \(Self.codeSpan(shown))")
        if VisibleText.hasInvisible(covered) { lines.append("(invisible characters written as escapes)") }
        let utf16Length = covered.utf16.count
        let end = range.from.addingReportingOverflow(range.length)
        lines.append(
            "UTF-16 units \(range.from)–\(end.overflow ? "overflow" : String(end.partialValue)) "
                + "(\(range.length)) · \(covered.unicodeScalars.count) code points · \(covered.count) graphemes")
        if utf16Length != range.length {
            lines.append("The range reaches past the message's \(message.utf16.count) UTF-16 units.")
        }
        if let modal = modals.decodedModal(modalNode) {
            lines.append("**Style** " + resolvedStyle(modal: modal, from: range.from, length: range.length))
        } else {
            lines.append("The resolved style shows once the modal has no errors.")
        }
        return lines.joined(separator: "\n\n")
    }

    /// The styles the text of a range is drawn with, after every style of the modal applied in order.
    func resolvedStyle(modal: Modal, from: Int, length: Int) -> String {
        let text = StyledText(modal: modal)
        let end = from + length
        var described: [String] = []
        for span in text.spans where span.range.utf16Offset < end && span.range.utf16End > from {
            let words = Self.describe(span.style)
            if described.last != words { described.append(words) }
        }
        if described.isEmpty { return "none" }
        if described.count == 1 { return described[0] }
        return "varies over the range: " + described.joined(separator: "; then ")
    }

    static func describe(_ style: TextStyle) -> String {
        var parts: [String] = []
        if style.isBold { parts.append("bold") }
        if style.isItalic { parts.append("italic") }
        if style.isUnderlined { parts.append("underline") }
        if style.isStruckThrough { parts.append("strikethrough") }
        if let size = style.fontSize { parts.append("\(size.formatted) pt") }
        if let color = style.color { parts.append("colour \(color.hexText)") }
        if let color = style.backgroundColor { parts.append("background \(color.hexText)") }
        if let link = style.link { parts.append("link \(codeSpan(VisibleText.escaped(link.text)))") }
        return parts.isEmpty ? "plain" : parts.joined(separator: ", ")
    }

    /// The modal drawn as plain text at a phone-like width.
    func messageHover(modalNode: JSONNode, modals: ModalSource) -> String {
        guard let modal = modals.decodedModal(modalNode) else {
            return "The modal draws here once it has no errors."
        }
        let drawn = DocumentRenderer.render(
            ModalDocument(modals: [modal]),
            options: DocumentRenderOptions(format: .plain, width: Self.phoneWidth))
        return "Drawn at \(Self.phoneWidth) cells:\n\n" + Self.codeBlock(drawn)
    }

    /// What an action string does.
    func actionHover(_ text: String) -> String {
        switch ModalAction.parsing(text) {
        case .failure(let error): return "Not a valid action: \(error.message)"
        case .success(let parsed):
            switch parsed.action {
            case .close: return "Dismisses this modal."
            case .next: return "Goes to the next modal."
            case .previous: return "Goes to the previous modal."
            case .openURL(let url): return "Opens the URL \(Self.codeSpan(VisibleText.escaped(url)))."
            case .command(let scheme, let name, let data):
                var line = "Runs the app command \(Self.codeSpan(VisibleText.escaped(name))) (scheme `\(scheme)`)"
                if let data { line += " with data \(Self.codeSpan(VisibleText.escaped(JSONWriter.serialize(data))))" }
                return line + "."
            case .custom(let name):
                return "A custom action passed to the app by name: \(Self.codeSpan(VisibleText.escaped(name)))."
            }
        }
    }

    /// Inline code that no backtick inside can end early.
    static func codeSpan(_ text: String) -> String {
        let fence = String(repeating: "`", count: longestBacktickRun(text) + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }

    /// A fenced code block that no backtick run inside can close.
    static func codeBlock(_ text: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
        return fence + "text\n" + text + (text.hasSuffix("\n") ? "" : "\n") + fence
    }

    static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

extension Double {
    fileprivate var formatted: String { PlainDecimal.text(self) }
}
