import LanguageServerProtocol
import ModalModel

/// Answers `textDocument/documentSymbol`: each modal, with its styles and buttons, for the outline.
package struct DocumentSymbolProvider {
    /// One entry of the outline.
    package struct Symbol: Sendable, Equatable {
        package var name: String
        package var detail: String?
        /// The protocol's `SymbolKind`.
        package var kind: Int
        package var start: Int
        package var end: Int
        package var children: [Symbol]

        /// Creates an entry.
        package init(name: String, detail: String?, kind: Int, start: Int, end: Int, children: [Symbol]) {
            (self.name, self.detail, self.kind, self.start, self.end, self.children) =
                (name, detail, kind, start, end, children)
        }
    }

    /// The analysed document.
    package let sourceMap: JSONSourceMap

    /// Creates the provider for an analysed document.
    package init(sourceMap: JSONSourceMap) { self.sourceMap = sourceMap }

    /// The most characters a name or detail shows before an ellipsis.
    package static let labelLimit = 40
    /// How many styles or buttons are read between two calls of `stopIfOutdated`.
    static let stepsBetweenChecks = 256

    /// The outline, in time linear in the document: each message's units are read once, and each style's
    /// detail reads only the start of the text it covers. `stopIfOutdated` is called every few hundred
    /// entries and may throw to end the work early.
    package func symbols(stopIfOutdated: () throws(ResponseError) -> Void = {}) throws(ResponseError) -> [Symbol] {
        let modals = ModalSource(sourceMap)
        var outline: [Symbol] = []
        var steps = 0
        func step() throws(ResponseError) {
            steps += 1
            if steps % Self.stepsBetweenChecks == 0 { try stopIfOutdated() }
        }
        for (index, modal) in modals.modalNodes.enumerated() {
            try step()
            let message = modal.value["msg"]?.stringValue
            var children: [Symbol] = []
            if case .array(let styles)? = modal.value["styles"] {
                let units = message.map { MessageUnits($0) }
                for (number, style) in styles.enumerated() {
                    try step()
                    var detail: String?
                    if let units, let range = ModalSource.range(of: style) {
                        detail = Self.shortened(units, from: range.from, length: range.length)
                    }
                    children.append(
                        Symbol(
                            name: "style \(number)", detail: detail, kind: 7, start: style.byteOffset,
                            end: sourceMap.end(of: style), children: []))
                }
            }
            if case .array(let buttons)? = modal.value["buttons"] {
                for (number, button) in buttons.enumerated() {
                    try step()
                    let label = button.value["label"]?.stringValue.map {
                        VisibleText.shortened($0, limit: Self.labelLimit)
                    }
                    children.append(
                        Symbol(
                            name: label.map { "button “\($0)”" } ?? "button \(number)",
                            detail: button.value["action"]?.stringValue.map {
                                VisibleText.shortened($0, limit: Self.labelLimit)
                            },
                            kind: 24, start: button.byteOffset, end: sourceMap.end(of: button), children: []))
                }
            }
            let title = message.map {
                VisibleText.shortened(
                    String($0.prefix(Self.shownPrefixLength).prefix { !$0.isNewline }), limit: Self.labelLimit)
            }
            outline.append(
                Symbol(
                    name: "modal \(index)", detail: title, kind: 19, start: modal.byteOffset,
                    end: sourceMap.end(of: modal), children: children))
        }
        return outline
    }

    /// Enough characters of a text for `VisibleText.shortened` to end as it would on the whole text: written
    /// out, each character takes at least one, except one that joins an escape written just before it.
    static let shownPrefixLength = 2 * labelLimit + 4

    /// The text a style covers as its detail shows it.
    static func shortened(_ units: MessageUnits, from: Int, length: Int) -> String {
        VisibleText.shortened(
            units.coveredPrefix(from: from, length: length, characterCount: shownPrefixLength), limit: labelLimit)
    }
}
