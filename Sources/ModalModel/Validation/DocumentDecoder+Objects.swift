import PositionedJSON

/// Object reading: known keys picked out, unknown, duplicate and missing keys reported with suggestions.
extension DocumentDecoder {
    /// The known fields of an object, or nil after reporting that `node` is not an object.
    mutating func objectFields<Field: ObjectField>(
        _ node: JSONNode, as field: Field.Type, subject: String, example: String
    ) -> KnownFields<Field>? {
        guard case .object(let members) = node.value else {
            collector.error(
                .wrongType, "\(subject) must be an object, but this is \(node.value.kindDescription)",
                at: node.byteOffset, hint: "write \(example)")
            return nil
        }
        return readObject(members, as: field)
    }

    /// Picks the known keys out of an object's members (the last one wins for a duplicate key), warning about
    /// duplicate and unknown keys. The result is indexed like `Field.keys`.
    mutating func readObject<Field: ObjectField>(_ members: [JSONMember], as field: Field.Type) -> KnownFields<Field> {
        let known = Field.keys
        var fields = KnownFields<Field>(members: members, count: known.count)
        for memberIndex in members.indices {
            guard let index = known.firstIndex(of: members[memberIndex].key) else {
                unknownKey(members[memberIndex], known: known, what: Field.object.rawValue)
                continue
            }
            if let earlier = fields[position: index] {
                let member = members[memberIndex]
                let location = source.location(ofByteOffset: earlier.keyByteOffset)
                collector.add(
                    .warning, .duplicateKey,
                    "the key '\(member.key)' appears twice in this \(Field.object.rawValue); the last one is used",
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
        let aliases = FormatVocabulary.aliases
        if let alias = aliases[normalised] ?? aliases[normalised.replacingUnderscores()], known.contains(alias) {
            return alias
        }
        return nil
    }

    /// Reports that a required key is absent, naming the unknown key that looks like a misspelling of it.
    mutating func missingKey<Field: ObjectField>(_ field: Field, in node: JSONNode, fields: [JSONMember]) {
        let key = field.key
        let known = Field.keys
        var hint: String?
        if let misspelt = fields.first(where: {
            !known.contains($0.key) && Self.suggestion(for: $0.key, known: known) == key
        }) {
            hint = "did you mean '\(key)' where it says \(JSONWriter.quoted(misspelt.key))?"
        }
        collector.error(
            .missingKey, "this \(Field.object.rawValue) has no '\(key)', which is required", at: node.byteOffset,
            hint: hint ?? "add \(field.formatKey.example)")
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(filter { $0 != "_" && $0 != "-" }) }
}
