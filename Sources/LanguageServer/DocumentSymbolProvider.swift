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
    }

    /// The analysed document.
    package let sourceMap: JSONSourceMap

    /// Creates the provider for an analysed document.
    package init(sourceMap: JSONSourceMap) { self.sourceMap = sourceMap }

    /// The outline.
    package func symbols() -> [Symbol] {
        let modals = ModalSource(sourceMap)
        return modals.modalNodes.enumerated().map { index, modal in
            let message = modal.value["msg"]?.stringValue
            var children: [Symbol] = []
            if case .array(let styles)? = modal.value["styles"] {
                for (number, style) in styles.enumerated() {
                    var detail: String?
                    if let message, let range = ModalSource.range(of: style) {
                        detail = VisibleText.shortened(
                            ModalSource.coveredText(message, from: range.from, length: range.length), limit: 40)
                    }
                    children.append(
                        Symbol(
                            name: "style \(number)", detail: detail, kind: 7, start: style.byteOffset,
                            end: sourceMap.end(of: style), children: []))
                }
            }
            if case .array(let buttons)? = modal.value["buttons"] {
                for (number, button) in buttons.enumerated() {
                    let label = button.value["label"]?.stringValue.map { VisibleText.shortened($0, limit: 40) }
                    children.append(
                        Symbol(
                            name: label.map { "button “\($0)”" } ?? "button \(number)",
                            detail: button.value["action"]?.stringValue.map { VisibleText.shortened($0, limit: 40) },
                            kind: 24, start: button.byteOffset, end: sourceMap.end(of: button), children: []))
                }
            }
            let title = message.map { VisibleText.shortened(String($0.prefix { !$0.isNewline }), limit: 40) }
            return Symbol(
                name: "modal \(index)", detail: title, kind: 19, start: modal.byteOffset, end: sourceMap.end(of: modal),
                children: children)
        }
    }
}
