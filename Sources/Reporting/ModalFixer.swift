import ModalModel
import PositionedJSON

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
    /// The fixes for a document, given its bytes and the diagnostics the validator reported for them, each
    /// made on these bytes alone: the quick fixes an editor offers one at a time.
    ///
    /// A modal's ranges are not converted while one of its styles has no range to convert (a misspelt
    /// `length`, say): converting the others would leave that one in the old unit once its key is corrected.
    package static func fixes(for bytes: [UInt8], diagnostics: [Diagnostic]) -> [ModalFix] {
        guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else { return [] }
        var fixes: [ModalFix] = []
        forEachModal(in: root) { modal, pointer in
            if case .fix(let fix) = rangeConversion(modal: modal, pointer: pointer, bytes: bytes) { fixes.append(fix) }
        }
        fixes += keyFixes(root: root, diagnostics: diagnostics, bytes: bytes).fixes
        return fixes
    }

    /// All fixes of a document made and proved by `FixedPointFixer`: the new bytes, or nil when there is
    /// nothing to fix or the fix is refused.
    package static func fixed(_ bytes: [UInt8], diagnostics: [Diagnostic]) -> (bytes: [UInt8], fixes: [ModalFix])? {
        guard case .fixed(let document) = FixedPointFixer.fix(bytes, diagnostics: diagnostics) else { return nil }
        return (document.bytes, document.fixes)
    }

    /// What one pass of `FixedPointFixer` does.
    enum Pass {
        /// Nothing left to fix.
        case done
        /// These fixes, all of one kind, made on the current bytes.
        case fixes([ModalFix])
        /// Stop: these fixes would be ambiguous (offsets in the bytes the pass was given).
        case refused([FixRefusal])
    }

    /// The next pass over `bytes`: renames of misspelt keys first, since a renamed key can bring a range into
    /// its modal; then the conversion of ranges counted in another unit.
    static func nextPass(bytes: [UInt8], diagnostics: [Diagnostic]) -> Pass {
        guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else { return .done }
        let keys = keyFixes(root: root, diagnostics: diagnostics, bytes: bytes)
        if !keys.declined.isEmpty { return .refused(keys.declined) }
        if !keys.fixes.isEmpty { return .fixes(keys.fixes) }
        var conversions: [ModalFix] = []
        var refusals: [FixRefusal] = []
        forEachModal(in: root) { modal, pointer in
            switch rangeConversion(modal: modal, pointer: pointer, bytes: bytes) {
            case .fix(let fix): conversions.append(fix)
            case .refused(let refusal): refusals.append(refusal)
            case nil: break
            }
        }
        if !refusals.isEmpty { return .refused(refusals) }
        return conversions.isEmpty ? .done : .fixes(conversions)
    }

    /// Refusals for the modals of `bytes` that `fixes` changed without converting their ranges, whose ranges
    /// read cleanly in another unit too: the fixed file would look right and might not be.
    static func unitDoubts(bytes: [UInt8], touchedBy fixes: [ModalFix]) -> [FixRefusal] {
        guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else { return [] }
        var refusals: [FixRefusal] = []
        let converted = Set(
            fixes.compactMap { fix -> String? in
                if case .rangeUnit = fix.kind { return fix.pointer }
                return nil
            })
        forEachModal(in: root) { modal, pointer in
            guard !converted.contains(pointer),
                fixes.contains(where: { $0.pointer == pointer || $0.pointer.hasPrefix(pointer + "/") }),
                let (message, literals) = RangeLiteral.modal(modal),
                let unit = RangeUnitInference.doubtfulUnits(message: message, ranges: literals.map(\.range)).first
            else { return }
            let name = PointerProse.place(pointer)
            refusals.append(
                FixRefusal(
                    pointer: pointer, byteOffset: modal.byteOffset,
                    reason:
                        "counted in \(unit.name), the ranges of the modal at \(name) would also start and end at word "
                        + "boundaries, elsewhere than in UTF-16, so which unit they were counted in is not certain, and fixing the "
                        + "rest of the modal would make it look right when its ranges may not be; check them, then "
                        + "correct the modal by hand"))
        }
        return refusals
    }

    /// Calls `body` with each modal of a document and its pointer: the items of a top-level array, or the
    /// top-level object.
    static func forEachModal(in root: JSONNode, _ body: (JSONNode, String) -> Void) {
        switch root.value {
        case .array(let items):
            for (index, item) in items.enumerated() { body(item, "/\(index)") }
        case .object:
            body(root, "")
        default:
            break
        }
    }

    // MARK: - Ranges counted in another unit

    /// What converting the ranges of one modal comes to.
    enum RangeConversion {
        /// The fix.
        case fix(ModalFix)
        /// The ranges were counted in another unit, but a style has no range to convert with them, or they
        /// cover whole words in a second unit as well.
        case refused(FixRefusal)
    }

    /// The fix of a modal whose ranges were counted in another unit than UTF-16, by the one conversion the
    /// validator's `range-unit-mismatch` uses (`RangeUnitInference`); only the digits of the offsets change.
    static func rangeConversion(modal: JSONNode, pointer: String, bytes: [UInt8]) -> RangeConversion? {
        guard let (message, literals) = RangeLiteral.modal(modal),
            let verdict = RangeUnitInference.verdict(message: message, ranges: literals.map(\.range))
        else { return nil }
        if case .array(let styles)? = member(ModalField.styles.key, of: modal)?.value, literals.count < styles.count {
            let converted = Set(literals.map(\.styleIndex))
            let index = styles.indices.first { !converted.contains($0) }!
            let style = styles[index]
            let applyTo = member(StyleField.applyTo.key, of: style)
            return .refused(
                FixRefusal(
                    pointer: "\(pointer)/styles/\(index)", byteOffset: (applyTo ?? style).byteOffset,
                    reason: "the ranges of the modal at \(PointerProse.place(pointer)) look counted in "
                        + "\(verdict.unit.name), but styles/\(index) has no whole-number 'from' and 'length' to "
                        + "convert with them, and converting the others would leave it in the old unit; "
                        + "correct its range by hand, then run fix again"))
        }
        // The verdict takes the best-scored reading; another that is clean at every end, though weaker, gives
        // other words, and which the server meant is then a guess.
        let chosen = Set([verdict.unit] + verdict.equivalentUnits)
        if let rival = RangeUnitInference.doubtfulUnits(message: message, ranges: literals.map(\.range))
            .first(where: { !chosen.contains($0) })
        {
            let first = literals[0]
            return .refused(
                FixRefusal(
                    pointer: "\(pointer)/styles/\(first.styleIndex)", byteOffset: first.applyTo.byteOffset,
                    reason: "the ranges of the modal at \(PointerProse.place(pointer)) look counted in "
                        + "\(verdict.unit.name), but counted in \(rival.name) they start and end at word boundaries "
                        + "too, elsewhere, so which unit they were counted in is not certain; correct them by hand"))
        }
        return rangeFix(message: message, literals: literals, verdict: verdict, pointer: pointer, bytes: bytes)
            .map(RangeConversion.fix)
    }

    static func rangeFix(
        message: String, literals: [RangeLiteral], verdict: RangeUnitVerdict, pointer: String, bytes: [UInt8]
    ) -> ModalFix? {
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
            summary: "convert the ranges of the modal at \(PointerProse.place(pointer)) from \(verdict.unit.name) "
                + "to UTF-16 units",
            edits: edits, changes: changes)
    }

    /// The value of the last member named `key` of an object node, as the decoder reads it.
    static func member(_ key: String, of node: JSONNode) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.last { $0.key == key }?.value
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

    /// The renames of misspelt keys that are certain, and refusals for the misspellings whose rename is not:
    /// the suggested key is there already, or as close as another, or claimed by another misspelling.
    static func keyFixes(
        root: JSONNode, diagnostics: [Diagnostic], bytes: [UInt8]
    ) -> (fixes: [ModalFix], declined: [FixRefusal]) {
        var fixes: [ModalFix] = []
        var declined: [FixRefusal] = []
        var claimed: Set<String> = []  // parent pointer + target key, so two keys never become the same key
        for diagnostic in diagnostics where diagnostic.diagnosticCode == .unknownKey {
            guard let hint = diagnostic.hint, hint.hasPrefix("did you mean '"), hint.hasSuffix("'?") else { continue }
            let target = String(hint.dropFirst("did you mean '".count).dropLast(2))
            var path = JSONPointer.components(diagnostic.pointer)
            guard let key = path.popLast(), let object = JSONPointer.node(at: path, in: root),
                case .object(let members) = object.value
            else { continue }
            func decline(_ why: String) {
                guard !declined.contains(where: { $0.pointer == diagnostic.pointer }) else { return }
                declined.append(
                    FixRefusal(
                        pointer: diagnostic.pointer, byteOffset: diagnostic.location.byteOffset,
                        reason: "\(JSONWriter.quoted(key)) may be a misspelling of \(JSONWriter.quoted(target)), but "
                            + why + ", so renaming it would be a guess; correct the key by hand, then run fix again"))
            }
            let matching = members.filter { $0.key == key }
            guard matching.count == 1, let member = matching.first else {
                decline("it appears \(matching.count) times in the object")
                continue
            }
            guard !members.contains(where: { $0.key == target }) else {
                decline("the object has \(JSONWriter.quoted(target)) already")
                continue
            }
            if let known = knownKeys(for: path, root: root), !isOnlyCandidate(target, for: key, among: known) {
                decline("another key of the format is as close to it")
                continue
            }
            let parent = JSONPointer.pointer(path)
            guard claimed.insert(parent + "\u{0}" + target).inserted else {
                decline("another key of the object looks like the same misspelling")
                continue
            }
            let end = StringLiteralExtent.end(from: member.keyByteOffset, in: bytes)
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
        return (fixes, declined)
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
}
