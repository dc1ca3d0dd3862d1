/// Object reading: known keys picked out, unknown, duplicate and missing keys reported with suggestions.
extension DocumentDecoder {
    static let modalKeys = ModalField.keys
    static let styleKeys = StyleField.keys
    static let rangeKeys = RangeField.keys
    static let buttonKeys = ButtonField.keys

    /// Keys that people write for a known key but are too far from it for an edit-distance match.
    static let aliases: [String: String] = [
        "message": "msg", "text": "msg", "body": "msg", "style": "styles", "button": "buttons",
        "actions": "buttons", "range": "apply_to", "applyto": "apply_to", "start": "from", "offset": "from",
        "location": "from", "len": "length", "count": "length", "size": "font_size", "fontsize": "font_size",
        "weight": "font_style", "colour": "color", "textcolor": "color", "foreground": "color",
        "background": "bg_color", "backgroundcolor": "bg_color", "background_color": "bg_color",
        "url": "link", "href": "link", "title": "label", "name": "label", "onclick": "action",
        "textalign": "text_align", "align": "text_align", "alignment": "text_align", "maxlines": "max_lines",
        "lines": "max_lines",
    ]

    /// The known fields of an object, or nil after reporting that `node` is not an object.
    mutating func objectFields<Field: ObjectField>(
        _ node: JSONNode, as field: Field.Type, known: [String], what: String, subject: String, example: String
    ) -> KnownFields<Field>? {
        guard case .object(let members) = node.value else {
            collector.error(
                .wrongType, "\(subject) must be an object, but this is \(node.value.kindDescription)",
                at: node.byteOffset, hint: "write \(example)")
            return nil
        }
        return readObject(members, as: field, known: known, what: what)
    }

    /// Picks the known keys out of an object's members (the last one wins for a duplicate key), warning about
    /// duplicate and unknown keys. The result is indexed like `known`.
    mutating func readObject<Field: ObjectField>(
        _ members: [JSONMember], as field: Field.Type, known: [String], what: String
    ) -> KnownFields<Field> {
        var fields = KnownFields<Field>(members: members, count: known.count)
        for memberIndex in members.indices {
            guard let index = known.firstIndex(of: members[memberIndex].key) else {
                unknownKey(members[memberIndex], known: known, what: what)
                continue
            }
            if let earlier = fields[position: index] {
                let member = members[memberIndex]
                let location = source.location(ofByteOffset: earlier.keyByteOffset)
                collector.add(
                    .warning, .duplicateKey,
                    "the key '\(member.key)' appears twice in this \(what); the last one is used",
                    at: member.keyByteOffset, hint: "remove one of them (the first is on line \(location.line))",
                    pointerSuffix: .key(member.key))
            }
            fields.set(index, memberIndex: memberIndex)
        }
        return fields
    }

    mutating func unknownKey(_ member: JSONMember, known: [String], what: String) {
        let suggestion = Self.suggestion(for: member.key, known: known)
        collector.add(
            .warning, .unknownKey, "unknown key \(JSONWriter.quoted(member.key)) in \(what); it is ignored",
            at: member.keyByteOffset,
            hint: suggestion.map { "did you mean '\($0)'?" }
                ?? "the keys of a \(what) are \(known.joined(separator: ", "))",
            pointerSuffix: .key(member.key))
    }

    static func suggestion(for key: String, known: [String]) -> String? {
        if let close = Suggestions.closest(to: key, among: known) { return close }
        let normalised = key.lowercased()
        if let alias = aliases[normalised] ?? aliases[normalised.replacingUnderscores()], known.contains(alias) {
            return alias
        }
        return nil
    }

    mutating func missingKey(_ key: String, in node: JSONNode, fields: [JSONMember], known: [String], what: String) {
        var hint: String?
        if let misspelt = fields.first(where: {
            !known.contains($0.key) && Self.suggestion(for: $0.key, known: known) == key
        }) {
            hint = "did you mean '\(key)' where it says \(JSONWriter.quoted(misspelt.key))?"
        }
        let example: String
        switch key {
        case "msg": example = "\"msg\": \"Hello\""
        case "apply_to": example = "\"apply_to\": {\"from\": 0, \"length\": 5}"
        case "from": example = "\"from\": 0"
        case "length": example = "\"length\": 5"
        case "label": example = "\"label\": \"OK\""
        case "action": example = "\"action\": \"close\""
        default: example = "\"\(key)\": …"
        }
        collector.error(
            .missingKey, "this \(what) has no '\(key)', which is required", at: node.byteOffset,
            hint: hint ?? "add \(example)")
    }

}

extension String {
    fileprivate func replacingUnderscores() -> String { String(filter { $0 != "_" && $0 != "-" }) }
}
