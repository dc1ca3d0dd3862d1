import ModalModel

/// Answers `textDocument/inlayHint`: after each `apply_to`, the text it covers.
package struct InlayHintProvider {
    /// The most characters of covered text a hint shows before an ellipsis.
    package static let labelLimit = 24
    /// The most UTF-16 units of a range read for its label: more than `labelLimit` characters take, but for
    /// clusters of many scalars.
    static let readUTF16Limit = 256

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
            for style in styles {
                guard case .object(let members) = style.value,
                    let applyTo = members.last(where: { $0.key == "apply_to" })?.value,
                    let range = ModalSource.range(of: style)
                else { continue }
                let offset = sourceMap.end(of: applyTo)
                guard offset >= start, offset <= end else { continue }
                // A label shows a few characters: reading more of a long range only to drop it would make the
                // hints of many long ranges cost their lengths multiplied.
                let read = min(range.length, Self.readUTF16Limit)
                let covered = ModalSource.coveredText(message, from: range.from, length: read)
                let label = VisibleText.shortened(covered, limit: Self.labelLimit, isCut: read < range.length)
                hints.append((offset, "“" + label + "”"))
            }
        }
        return hints
    }
}
