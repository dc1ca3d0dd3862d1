import ModalModel

/// Answers `textDocument/inlayHint`: after each `apply_to`, the text it covers.
package struct InlayHintProvider {
    /// The most characters of covered text a hint shows before an ellipsis.
    package static let labelLimit = 24

    /// The analysed document.
    package let sourceMap: JSONSourceMap

    /// Creates the provider for an analysed document.
    package init(sourceMap: JSONSourceMap) { self.sourceMap = sourceMap }

    /// Each hint: where it goes (the byte just past the `apply_to` object) and its label.
    package func hints(from start: Int, to end: Int) -> [(offset: Int, label: String)] {
        var hints: [(offset: Int, label: String)] = []
        for modal in ModalSource(sourceMap).modalNodes {
            guard modal.byteOffset <= end, case .string(let message)? = modal.value["msg"],
                case .array(let styles)? = modal.value["styles"]
            else { continue }
            let units = MessageUnits(message)
            for style in styles {
                guard case .object(let members) = style.value,
                    let applyTo = members.last(where: { $0.key == "apply_to" })?.value,
                    let range = ModalSource.range(of: style)
                else { continue }
                let offset = sourceMap.end(of: applyTo)
                guard offset >= start, offset <= end else { continue }
                // Only the start of the covered text can show, so only the start is read: a style over the
                // whole message costs what a short one does.
                let covered = units.coveredPrefix(
                    from: range.from, length: range.length, characterCount: 2 * Self.labelLimit + 4)
                hints.append((offset, "“" + VisibleText.shortened(covered, limit: Self.labelLimit) + "”"))
            }
        }
        return hints
    }
}
