import ModalModel
import PositionedJSON

/// Fixes that are likely but not certain, so an editor offers them as quick fixes while `modalkit fix` never
/// makes them: a built-in action written in the wrong case, a misspelt colour name, and a range that splits a
/// character widened to whole characters.
package enum SuggestedFixes {
    /// The suggestions for a document, given its bytes and the diagnostics the validator reported for them.
    package static func fixes(for bytes: [UInt8], diagnostics: [Diagnostic]) -> [ModalFix] {
        guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else { return [] }
        var fixes: [ModalFix] = []
        var snapped: Set<String> = []
        for diagnostic in diagnostics {
            switch diagnostic.diagnosticCode {
            case .builtinActionCase?:
                guard let node = JSONPointer.node(at: JSONPointer.components(diagnostic.pointer), in: root),
                    case .string(let text) = node.value
                else { continue }
                fixes.append(
                    replacing(
                        node, in: bytes, with: text.lowercased(), code: diagnostic.code, pointer: diagnostic.pointer,
                        summary: "write the built-in action '\(text.lowercased())'"))
            case .invalidColor?:
                guard let hint = diagnostic.hint, hint.hasPrefix("did you mean '"), hint.hasSuffix("'?"),
                    let node = JSONPointer.node(at: JSONPointer.components(diagnostic.pointer), in: root),
                    case .string = node.value
                else { continue }
                let name = String(hint.dropFirst("did you mean '".count).dropLast(2))
                guard ModalColor(cssText: name) != nil else { continue }
                fixes.append(
                    replacing(
                        node, in: bytes, with: name, code: diagnostic.code, pointer: diagnostic.pointer,
                        summary: "write the colour '\(name)'"))
            case .rangeSplitsGrapheme?:
                var path = JSONPointer.components(diagnostic.pointer)
                guard path.count >= 4, path.popLast() != nil, path.last == "apply_to" else { continue }
                let rangePointer = JSONPointer.pointer(path)
                guard snapped.insert(rangePointer).inserted, let fix = snap(rangeAt: path, root: root, bytes: bytes)
                else { continue }
                fixes.append(fix)
            default:
                continue
            }
        }
        return fixes
    }

    static func replacing(
        _ node: JSONNode, in bytes: [UInt8], with text: String, code: String, pointer: String, summary: String
    ) -> ModalFix {
        let end = StringLiteralExtent.end(from: node.byteOffset, in: bytes)
        return ModalFix(
            kind: .suggestion(code: code), pointer: pointer, summary: summary,
            edits: [
                SourceEdit(
                    byteOffset: node.byteOffset, byteLength: end - node.byteOffset, replacement: JSONWriter.quoted(text)
                )
            ])
    }

    /// The range at `path` (`…/styles/N/apply_to`) widened to the grapheme boundaries around its ends.
    static func snap(rangeAt path: [String], root: JSONNode, bytes: [UInt8]) -> ModalFix? {
        let modalPath = Array(path.dropLast(3))
        guard let modal = JSONPointer.node(at: modalPath, in: root), case .string(let message)? = modal.value["msg"],
            let range = JSONPointer.node(at: path, in: root), case .object(let members) = range.value,
            let fromNode = members.last(where: { $0.key == "from" })?.value,
            let lengthNode = members.last(where: { $0.key == "length" })?.value,
            case .number(let fromNumber) = fromNode.value, case .number(let lengthNumber) = lengthNode.value,
            let from = fromNumber.exactInteger, let length = lengthNumber.exactInteger, from >= 0, length >= 0
        else { return nil }
        var boundaries = [0]
        for character in message { boundaries.append(boundaries.last! + character.utf16.count) }
        let (end, overflow) = from.addingReportingOverflow(length)
        guard !overflow, end <= boundaries.last! else { return nil }
        let snappedFrom = boundaries.last { $0 <= from } ?? 0
        let snappedEnd = boundaries.first { $0 >= end } ?? end
        guard snappedFrom != from || snappedEnd != end else { return nil }
        var edits: [SourceEdit] = []
        if snappedFrom != from { edits.append(ModalFixer.numberEdit(fromNode, value: snappedFrom, bytes: bytes)) }
        if snappedEnd - snappedFrom != length {
            edits.append(ModalFixer.numberEdit(lengthNode, value: snappedEnd - snappedFrom, bytes: bytes))
        }
        let pointer = JSONPointer.pointer(path)
        return ModalFix(
            kind: .suggestion(code: DiagnosticCode.rangeSplitsGrapheme.rawValue), pointer: pointer,
            summary:
                "widen the range to whole characters: {\"from\": \(snappedFrom), \"length\": \(snappedEnd - snappedFrom)}",
            edits: edits)
    }
}
