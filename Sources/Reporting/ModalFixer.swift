import ModalModel

/// Finds the fixes of a modal document that are certain, as byte edits that leave every other byte alone.
///
/// Two fixes are certain enough to apply without asking:
/// - **Code-point ranges.** A server computes all offsets of a modal the same way. When a range of a modal is
///   wrong in UTF-16 (past the end of `msg`, or splitting a surrogate pair) and every range of the modal reads
///   as code points ending on character boundaries, every range of the modal is rewritten in UTF-16, including
///   those that happened to be valid and so styled the wrong text silently.
/// - **Misspelt keys.** An unknown key whose did-you-mean suggestion is the only candidate at that distance,
///   when the object does not already have the suggested key.
///
/// Colours are never guessed: `#12345` could be meant in several ways.
package enum ModalFixer {
    /// The fixes for a document, given its bytes and the diagnostics the validator reported for them.
    package static func fixes(for bytes: [UInt8], diagnostics: [Diagnostic]) -> [ModalFix] {
        guard case .success(let root) = JSONParser.parse(bytes) else { return [] }
        var fixes: [ModalFix] = []
        switch root.value {
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let fix = rangeFix(modal: item, pointer: "/\(index)", bytes: bytes) { fixes.append(fix) }
            }
        case .object:
            if let fix = rangeFix(modal: root, pointer: "", bytes: bytes) { fixes.append(fix) }
        default:
            break
        }
        fixes += keyFixes(root: root, diagnostics: diagnostics, bytes: bytes)
        return fixes
    }

    /// All fixes of a document applied: the new bytes, or nil when there is nothing to fix.
    package static func fixed(_ bytes: [UInt8], diagnostics: [Diagnostic]) -> (bytes: [UInt8], fixes: [ModalFix])? {
        let fixes = fixes(for: bytes, diagnostics: diagnostics)
        if fixes.isEmpty { return nil }
        return (SourceEdit.apply(fixes.flatMap(\.edits), to: bytes), fixes)
    }

    // MARK: - Code-point ranges

    /// One `apply_to` of a modal: its offsets and where their number literals are.
    struct RangeLiterals {
        var from: Int
        var length: Int
        var fromNode: JSONNode
        var lengthNode: JSONNode
    }

    static func rangeFix(modal: JSONNode, pointer: String, bytes: [UInt8]) -> ModalFix? {
        guard case .object(let members) = modal.value,
            case .string(let message)? = members.last(where: { $0.key == "msg" })?.value.value,
            case .array(let styles)? = members.last(where: { $0.key == "styles" })?.value.value
        else { return nil }
        guard message.unicodeScalars.contains(where: { $0.value > 0xFFFF }) else { return nil }
        var ranges: [RangeLiterals] = []
        for style in styles {
            guard case .object(let styleMembers) = style.value,
                case .object(let rangeMembers)? = styleMembers.last(where: { $0.key == "apply_to" })?.value.value,
                let fromNode = rangeMembers.last(where: { $0.key == "from" })?.value,
                let lengthNode = rangeMembers.last(where: { $0.key == "length" })?.value,
                case .number(let fromNumber) = fromNode.value, case .number(let lengthNumber) = lengthNode.value,
                let from = fromNumber.exactInteger, let length = lengthNumber.exactInteger, from >= 0, length >= 0
            else { continue }
            ranges.append(RangeLiterals(from: from, length: length, fromNode: fromNode, lengthNode: lengthNode))
        }
        if ranges.isEmpty { return nil }

        // utf16Offsets[k] is the UTF-16 offset of scalar k; characterStarts holds scalar indices of clusters.
        var utf16Offsets: [Int] = [0]
        var utf16BoundarySet: Set<Int> = [0]
        for scalar in message.unicodeScalars {
            utf16Offsets.append(utf16Offsets.last! + scalar.utf16.count)
            utf16BoundarySet.insert(utf16Offsets.last!)
        }
        var characterStarts: Set<Int> = [0]
        var scalarCount = 0
        for character in message {
            scalarCount += character.unicodeScalars.count
            characterStarts.insert(scalarCount)
        }
        func validInUTF16(_ range: RangeLiterals) -> Bool {
            let (end, overflow) = range.from.addingReportingOverflow(range.length)
            return !overflow && utf16BoundarySet.contains(range.from) && utf16BoundarySet.contains(end)
        }
        func readsAsCodePoints(_ range: RangeLiterals) -> Bool {
            let (end, overflow) = range.from.addingReportingOverflow(range.length)
            return !overflow && end <= scalarCount && characterStarts.contains(range.from)
                && characterStarts.contains(end)
        }
        guard ranges.contains(where: { !validInUTF16($0) }), ranges.allSatisfy(readsAsCodePoints) else { return nil }

        var edits: [SourceEdit] = []
        for range in ranges {
            let from = utf16Offsets[range.from]
            let length = utf16Offsets[range.from + range.length] - from
            if from != range.from { edits.append(numberEdit(range.fromNode, value: from, bytes: bytes)) }
            if length != range.length { edits.append(numberEdit(range.lengthNode, value: length, bytes: bytes)) }
        }
        if edits.isEmpty { return nil }
        return ModalFix(
            kind: .codePointRanges, pointer: pointer,
            summary: "convert the ranges of modal \(pointer.isEmpty ? "/" : pointer) from code points to UTF-16 units",
            edits: edits)
    }

    /// Replaces a number literal by another integer: only its characters change.
    static func numberEdit(_ node: JSONNode, value: Int, bytes: [UInt8]) -> SourceEdit {
        var end = node.byteOffset
        while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
        return SourceEdit(byteOffset: node.byteOffset, byteLength: end - node.byteOffset, replacement: String(value))
    }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    // MARK: - Misspelt keys

    static func keyFixes(root: JSONNode, diagnostics: [Diagnostic], bytes: [UInt8]) -> [ModalFix] {
        var fixes: [ModalFix] = []
        var claimed: Set<String> = []  // parent pointer + target key, so two keys never become the same key
        for diagnostic in diagnostics where diagnostic.diagnosticCode == .unknownKey {
            guard let hint = diagnostic.hint, hint.hasPrefix("did you mean '"), hint.hasSuffix("'?") else { continue }
            let target = String(hint.dropFirst("did you mean '".count).dropLast(2))
            var path = JSONPointer.components(diagnostic.pointer)
            guard let key = path.popLast(), let object = JSONPointer.node(at: path, in: root),
                case .object(let members) = object.value
            else { continue }
            let matching = members.filter { $0.key == key }
            guard matching.count == 1, let member = matching.first, !members.contains(where: { $0.key == target })
            else { continue }
            if let known = knownKeys(for: path, root: root), !isOnlyCandidate(target, for: key, among: known) {
                continue
            }
            let parent = JSONPointer.pointer(path)
            guard claimed.insert(parent + "\u{0}" + target).inserted else { continue }
            let end = stringLiteralEnd(from: member.keyByteOffset, in: bytes)
            fixes.append(
                ModalFix(
                    kind: .renameKey(from: key, to: target), pointer: diagnostic.pointer,
                    summary: "rename \(JSONWriter.quoted(key)) to \(JSONWriter.quoted(target))",
                    edits: [
                        SourceEdit(
                            byteOffset: member.keyByteOffset, byteLength: end - member.keyByteOffset,
                            replacement: JSONWriter.quoted(target))
                    ]))
        }
        return fixes
    }

    /// The keys the format defines for the object at `path`, judged by where it sits.
    static func knownKeys(for path: [String], root: JSONNode) -> [String]? {
        let isArrayRoot: Bool
        if case .array = root.value { isArrayRoot = true } else { isArrayRoot = false }
        let inner = isArrayRoot ? Array(path.dropFirst()) : path
        if isArrayRoot && path.isEmpty { return nil }
        switch inner.count {
        case 0: return ModalField.keys
        case 2 where inner[0] == "styles": return StyleField.keys
        case 2 where inner[0] == "buttons": return ButtonField.keys
        case 3 where inner[0] == "styles" && inner[2] == "apply_to": return RangeField.keys
        default: return nil
        }
    }

    /// Whether `target` is the single closest known key to `key`: a near-miss equally close to two keys is
    /// not a certain fix. Keys further than the suggestion's distance (aliases such as "colour") pass.
    static func isOnlyCandidate(_ target: String, for key: String, among known: [String]) -> Bool {
        let word = Array(key.lowercased().unicodeScalars)
        let distances = known.map {
            (candidate: $0, distance: Suggestions.editDistance(word, Array($0.unicodeScalars)))
        }
        guard let targetDistance = distances.first(where: { $0.candidate == target })?.distance else { return false }
        return !distances.contains { $0.candidate != target && $0.distance <= targetDistance }
    }

    /// The offset just past the closing quote of the string literal whose opening quote is at `start`.
    static func stringLiteralEnd(from start: Int, in bytes: [UInt8]) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }
}
