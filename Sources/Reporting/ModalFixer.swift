import ModalModel

/// Finds the fixes of a modal document that are certain, as byte edits that leave every other byte alone.
///
/// Two fixes are certain enough to apply without asking:
/// - **Ranges counted in another unit.** A server computes all offsets of a modal the same way. When
///   `RangeUnitInference` finds that the ranges of a modal were counted in code points, grapheme clusters or
///   UTF-8 bytes (they cover whole words that way and not in UTF-16, or they are wrong in UTF-16 and read as
///   code points on character boundaries), every range of the modal is rewritten in UTF-16, including those that
///   happened to be valid and so styled the wrong text silently.
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

    // MARK: - Ranges counted in another unit

    /// The fix of a modal whose ranges were counted in another unit than UTF-16, by the one conversion the
    /// validator's `range-unit-mismatch` uses (`RangeUnitInference`); only the digits of the offsets change.
    static func rangeFix(modal: JSONNode, pointer: String, bytes: [UInt8]) -> ModalFix? {
        guard let (message, literals) = RangeLiteral.modal(modal),
            let verdict = RangeUnitInference.verdict(message: message, ranges: literals.map(\.range))
        else { return nil }
        var edits: [SourceEdit] = []
        var changes: [String] = []
        for (literal, range) in zip(literals, verdict.utf16Ranges) {
            let written = UTF16Range(utf16Offset: literal.range.from, utf16Length: literal.range.length)
            if range.utf16Offset != written.utf16Offset {
                edits.append(numberEdit(literal.fromNode, value: range.utf16Offset, bytes: bytes))
            }
            if range.utf16Length != written.utf16Length {
                edits.append(numberEdit(literal.lengthNode, value: range.utf16Length, bytes: bytes))
            }
            if range != written {
                changes.append(
                    "\(pointer)/styles/\(literal.styleIndex): " + RangeUnitMismatch.coveredText(written, in: message)
                        + " becomes " + RangeUnitMismatch.coveredText(range, in: message))
            }
        }
        if edits.isEmpty { return nil }
        return ModalFix(
            kind: .rangeUnit(verdict.unit), pointer: pointer,
            summary: "convert the ranges of modal \(pointer.isEmpty ? "/" : pointer) from \(verdict.unit.name) "
                + "to UTF-16 units",
            edits: edits, changes: changes)
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
