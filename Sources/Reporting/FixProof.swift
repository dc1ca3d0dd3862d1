import ModalModel
import PositionedJSON

/// The check a fixed document passes before `FixedPointFixer` gives it out: read afresh from the original
/// bytes and from the fixed ones, every range of a converted modal covers in UTF-16 the text its original
/// numbers cover in the unit the inference chose, and every other range keeps its numbers.
///
/// It shares no code with the conversion: the text a range covers in each unit comes from the standard
/// library's views of the message, not from `UnitPositions`.
enum FixProof {
    /// Why the fixed document is not proved; empty when it is. Offsets are in the original bytes.
    static func refusals(
        original: [UInt8], fixed: [UInt8], fixes: [ModalFix], convertedUnits: [String: RangeUnit]
    ) -> [FixRefusal] {
        guard case .success(let originalRoot) = JSONParser.parse(original, knownStrings: .modalFormat),
            case .success(let fixedRoot) = JSONParser.parse(fixed, knownStrings: .modalFormat)
        else { return [refusal("", 0, "the fixed document does not parse")] }
        // The original read with the renamed keys under their new names: a member's key is looked up by the
        // pointer it had when it was renamed, which counts the renames of the objects around it.
        var renames: [String: String] = [:]
        for fix in fixes {
            if case .renameKey(_, let to) = fix.kind { renames[fix.pointer] = to }
        }
        let originalDocument = RenamedView(renames: renames)
        let fixedDocument = RenamedView(renames: [:])

        var originalModals: [(JSONNode, String)] = []
        var fixedModals: [(JSONNode, String)] = []
        ModalFixer.forEachModal(in: originalRoot) { originalModals.append(($0, $1)) }
        ModalFixer.forEachModal(in: fixedRoot) { fixedModals.append(($0, $1)) }
        guard originalModals.map(\.1) == fixedModals.map(\.1) else {
            return [refusal("", 0, "the fixed document has other modals than the original")]
        }
        var refusals: [FixRefusal] = []
        for ((originalModal, pointer), (fixedModal, _)) in zip(originalModals, fixedModals) {
            let name = "the modal at " + PointerProse.place(pointer)
            let originalMessage = originalDocument.member(ModalField.msg.key, of: originalModal, at: pointer)
            let fixedMessage = fixedDocument.member(ModalField.msg.key, of: fixedModal, at: pointer)
            let originalStyles = originalDocument.member(ModalField.styles.key, of: originalModal, at: pointer)
            let fixedStyles = fixedDocument.member(ModalField.styles.key, of: fixedModal, at: pointer)
            guard originalMessage?.value == fixedMessage?.value else {
                refusals.append(refusal(pointer, originalModal.byteOffset, "the fix changed the message of \(name)"))
                continue
            }
            let originalItems = originalStyles?.value.arrayNodes ?? []
            let fixedItems = fixedStyles?.value.arrayNodes ?? []
            guard originalItems.count == fixedItems.count else {
                refusals.append(refusal(pointer, originalModal.byteOffset, "the fix changed the styles of \(name)"))
                continue
            }
            let unit = convertedUnits[pointer]
            let message: String?
            if case .string(let text)? = originalMessage?.value { message = text } else { message = nil }
            for (index, (originalStyle, fixedStyle)) in zip(originalItems, fixedItems).enumerated() {
                let stylePointer = "\(pointer)/styles/\(index)"
                let written = originalDocument.range(of: originalStyle, at: stylePointer)
                let now = fixedDocument.range(of: fixedStyle, at: stylePointer)
                guard let unit else {
                    if written?.numbers != now?.numbers {
                        refusals.append(
                            refusal(
                                stylePointer, written?.node.byteOffset ?? originalStyle.byteOffset,
                                "the range of \(stylePointer) changed though its modal was not converted"))
                    }
                    continue
                }
                guard let message, let written, let now,
                    let meant = coveredText(message, written.numbers, in: unit),
                    let covered = coveredText(message, now.numbers, in: .utf16), meant == covered
                else {
                    let meant = message.flatMap { text in written.flatMap { coveredText(text, $0.numbers, in: unit) } }
                    let covered = message.flatMap { text in now.flatMap { coveredText(text, $0.numbers, in: .utf16) } }
                    refusals.append(
                        refusal(
                            stylePointer, written?.node.byteOffset ?? originalStyle.byteOffset,
                            "converted from \(unit.name), the range of \(stylePointer) would cover "
                                + (covered.map { JSONWriter.quoted($0) } ?? "no whole text")
                                + " where its numbers counted in \(unit.name) cover "
                                + (meant.map { JSONWriter.quoted($0) } ?? "no whole text")
                                + "; correct the ranges of \(name) by hand"))
                    continue
                }
            }
        }
        return refusals
    }

    static func refusal(_ pointer: String, _ byteOffset: Int, _ reason: String) -> FixRefusal {
        FixRefusal(pointer: pointer, byteOffset: byteOffset, reason: reason)
    }

    /// The text of `message` from `numbers.from` for `numbers.length`, both counted in `unit`; nil when the
    /// range runs off the end or either end falls inside a character of that unit or inside a scalar.
    static func coveredText(_ message: String, _ numbers: CountedRange, in unit: RangeUnit) -> String? {
        let (from, length) = (numbers.from, numbers.length)
        guard from >= 0, length >= 0 else { return nil }
        let start: String.Index?
        let end: String.Index?
        switch unit {
        case .utf16:
            let view = message.utf16
            start = view.index(view.startIndex, offsetBy: from, limitedBy: view.endIndex)
            end = start.flatMap { view.index($0, offsetBy: length, limitedBy: view.endIndex) }
        case .codePoints:
            let view = message.unicodeScalars
            start = view.index(view.startIndex, offsetBy: from, limitedBy: view.endIndex)
            end = start.flatMap { view.index($0, offsetBy: length, limitedBy: view.endIndex) }
        case .graphemeClusters:
            start = message.index(message.startIndex, offsetBy: from, limitedBy: message.endIndex)
            end = start.flatMap { message.index($0, offsetBy: length, limitedBy: message.endIndex) }
        case .utf8Bytes:
            let view = message.utf8
            start = view.index(view.startIndex, offsetBy: from, limitedBy: view.endIndex)
            end = start.flatMap { view.index($0, offsetBy: length, limitedBy: view.endIndex) }
        }
        let scalars = message.unicodeScalars
        guard let start, let end, let lower = start.samePosition(in: scalars), let upper = end.samePosition(in: scalars)
        else { return nil }
        return String(scalars[lower..<upper])
    }

    /// A document read with some keys under other names.
    struct RenamedView {
        /// Pointer of a member as it was when renamed: its new key.
        var renames: [String: String]

        /// The value of the last member of `node` (at `pointer`) whose key, renamed, is `key`.
        func member(_ key: String, of node: JSONNode, at pointer: String) -> JSONNode? {
            guard case .object(let members) = node.value else { return nil }
            return members.last { effectiveKey($0.key, in: pointer) == key }?.value
        }

        func effectiveKey(_ key: String, in pointer: String) -> String {
            renames[pointer + JSONPointer.pointer([key])] ?? key
        }

        /// The `apply_to` of a style and its whole numbers, when both are there.
        func range(of style: JSONNode, at pointer: String) -> (node: JSONNode, numbers: CountedRange)? {
            let applyToPointer = pointer + "/" + StyleField.applyTo.key
            guard let applyTo = member(StyleField.applyTo.key, of: style, at: pointer),
                case .number(let from)? = member(RangeField.from.key, of: applyTo, at: applyToPointer)?.value,
                case .number(let length)? = member(RangeField.length.key, of: applyTo, at: applyToPointer)?.value,
                let fromValue = from.exactInteger, let lengthValue = length.exactInteger
            else { return nil }
            return (applyTo, CountedRange(from: fromValue, length: lengthValue))
        }
    }
}

extension JSONValue {
    /// The element nodes of an array; nil for any other value.
    fileprivate var arrayNodes: [JSONNode]? {
        guard case .array(let items) = self else { return nil }
        return items
    }
}
