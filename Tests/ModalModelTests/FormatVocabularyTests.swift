@_spi(JSON) import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalModel

/// FORMAT.md's key tables, the JSON Schema, the decoder, the encoder and the did-you-mean table all agree with
/// the one declaration of the format's keys and values, `FormatVocabulary`.
@Suite struct FormatVocabularyTests {
    // MARK: - FORMAT.md

    /// One row of a key table in FORMAT.md: the key, its type column, and whether the row says it is required.
    struct DocumentedKey: Equatable {
        var name: String
        var type: String
        var isRequired: Bool
    }

    /// The rows of the key table under `heading` in FORMAT.md.
    static func documentedKeys(under heading: String) throws -> [DocumentedKey] {
        let text = try #require(readFile(repositoryRoot + "/FORMAT.md"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == heading }, "FORMAT.md has no \(heading)")
        var rows: [DocumentedKey] = []
        var header: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") || (!rows.isEmpty && !line.hasPrefix("|")) { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: " ") }
            guard line.hasPrefix("|") else { continue }
            if header.isEmpty {
                header = cells
                continue
            }
            guard line.hasPrefix("| `") else { continue }
            let required =
                header.firstIndex(of: "required").map { cells[$0] == "yes" }
                ?? cells.last!.hasPrefix("**Required.**")
            rows.append(
                DocumentedKey(name: String(cells[0].dropFirst().dropLast()), type: cells[1], isRequired: required))
        }
        return rows
    }

    /// The quoted or back-quoted words of a type column: the values of an enumeration, the keys of an object.
    static func words(in type: String) -> [String] {
        type.split(whereSeparator: { "`\"{}:,".contains($0) || $0 == " " }).map(String.init).filter {
            $0.allSatisfy { $0.isLetter || $0 == "_" } && !["or", "integer"].contains($0)
        }
    }

    @Test(arguments: [("## Modal", FormatObject.modal), ("## Style", .style), ("## Button", .button)])
    func formatListsExactlyTheDeclaredKeys(heading: String, object: FormatObject) throws {
        let rows = try Self.documentedKeys(under: heading)
        expectEqual(rows.map(\.name), object.keyNames, "FORMAT.md \(heading) lists other keys than the decoder reads")
        for row in rows {
            let key = try #require(object.key(named: row.name))
            expectEqual(row.isRequired, key.isRequired, "\(row.name): required in FORMAT.md and the vocabulary differ")
            if case .oneOf(let values) = key.value {
                expectEqual(Self.words(in: row.type), values, "FORMAT.md gives other values for \(row.name)")
            }
            if case .number(let bounds) = key.value {
                let range =
                    "number from \(PlainDecimal.text(bounds.lowerBound)) to \(PlainDecimal.text(bounds.upperBound))"
                expectEqual(row.type, range, "FORMAT.md gives another range for \(row.name)")
            }
        }
    }

    @Test func formatListsTheRangeKeysInTheTypeOfApplyTo() throws {
        let applyTo = try #require(try Self.documentedKeys(under: "## Style").first { $0.name == "apply_to" })
        expectEqual(Self.words(in: applyTo.type), FormatObject.range.keyNames)
    }

    @Test func tableRowsAreReadAsTheyAreWritten() {
        expectEqual(Self.words(in: #"`"left"`, `"center"` or `"right"`"#), ["left", "center", "right"])
        expectEqual(Self.words(in: #"`{"from": integer, "length": integer}`"#), ["from", "length"])
    }

    // MARK: - Schema

    /// A schema object's members by key.
    static func members(_ node: JSONNode?) -> [String: JSONNode] {
        guard case .object(let members)? = node?.value else { return [:] }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    static func number(_ node: JSONNode?) -> Double? {
        if case .number(let number)? = node?.value { number.double } else { nil }
    }

    static func strings(_ node: JSONNode?) -> [String] {
        guard case .array(let items)? = node?.value else { return [] }
        return items.compactMap { if case .string(let text) = $0.value { text } else { nil } }
    }

    /// The schema's definition of each object of the format.
    static func schemaDefinitions() throws -> [FormatObject: [String: JSONNode]] {
        let root = try JSONParser.parse(Array(ModalSchema.text.utf8)).get()
        let definitions = members(members(root)["$defs"])
        let style = members(definitions["style"])
        return [
            .modal: members(definitions["modal"]), .style: style, .button: members(definitions["button"]),
            .range: members(members(style["properties"])["apply_to"]),
        ]
    }

    @Test(arguments: FormatObject.allCases)
    func schemaDeclaresExactlyTheDeclaredKeysAndValues(object: FormatObject) throws {
        let definition = try #require(try Self.schemaDefinitions()[object])
        let properties = Self.members(definition["properties"])
        expectEqual(properties.keys.sorted(), object.keyNames.sorted(), "the schema's \(object) has other keys")
        expectEqual(Self.strings(definition["required"]), object.keys.filter(\.isRequired).map(\.name))
        guard case .bool(false)? = definition["additionalProperties"]?.value else {
            Issue.record("the schema's \(object) does not reject unknown keys")
            return
        }
        for key in object.keys {
            let property = Self.members(properties[key.name])
            let type = property["type"].flatMap { if case .string(let text) = $0.value { text } else { nil } }
            let reference = property["$ref"].flatMap { if case .string(let text) = $0.value { text } else { nil } }
            let items = Self.members(property["items"])["$ref"].flatMap {
                if case .string(let text) = $0.value { text } else { nil }
            }
            switch key.value {
            case .oneOf(let values): expectEqual(Self.strings(property["enum"]), values, "\(key.name)")
            case .boolean: expectEqual(type, "boolean", "\(key.name)")
            case .string, .label: expectEqual(type, "string", "\(key.name)")
            case .number(let bounds):
                expectEqual(type, "number", "\(key.name)")
                expectEqual(Self.number(property["minimum"]), bounds.lowerBound, "\(key.name) minimum")
                expectEqual(Self.number(property["maximum"]), bounds.upperBound, "\(key.name) maximum")
            case .positiveInteger, .utf16Count: expect(property["anyOf"] != nil, "\(key.name)")
            case .color: expectEqual(reference, "#/$defs/color", "\(key.name)")
            case .action: expectEqual(reference, "#/$defs/action", "\(key.name)")
            case .object(let inner): expect(type == "object" && inner == .range, "\(key.name)")
            case .array(let inner): expect(type == "array" && items == "#/$defs/\(inner.rawValue)", "\(key.name)")
            }
        }
    }

    // MARK: - Decoder and encoder

    /// A modal whose every object uses every key the vocabulary declares, each with its example value.
    static let everyKey: String = {
        func object(_ object: FormatObject) -> String {
            "{" + object.keys.map(\.example).joined(separator: ", ") + "}"
        }
        let modal = FormatObject.modal.keys.map { key in
            switch key.name {
            case "styles": #""styles": [\#(object(.style))]"#
            case "buttons": #""buttons": [\#(object(.button))]"#
            default: key.example
            }
        }
        return "{" + modal.joined(separator: ", ") + "}"
    }()

    @Test func decoderReadsEveryDeclaredKeyFromItsExample() {
        expect(Self.everyKey.contains(#""apply_to": {"from": 0, "length": 5}"#))
        let result = decode(Self.everyKey)
        expect(result.diagnostics.isEmpty, "\(summary(result))")
        expectEqual(result.document?.modals.count, 1)
    }

    @Test func missingKeyHintsAddTheKeysExample() {
        let result = decode(#"{"styles": [{}], "buttons": [{"label": "OK"}]}"#)
        let hints = result.diagnostics.filter { $0.code == "missing-key" }.compactMap(\.hint)
        expectEqual(
            hints,
            [
                #"add "msg": "Hello""#, #"add "apply_to": {"from": 0, "length": 5}"#, #"add "action": "close""#,
            ])
    }

    @Test func unknownKeysAreAnsweredFromTheDeclaredKeysAndAliases() {
        for key in FormatVocabulary.keys {
            for alias in key.aliases where !key.object.keyNames.contains(alias) {
                expectEqual(DocumentDecoder.suggestion(for: alias, known: key.object.keyNames), key.name, "\(alias)")
            }
        }
        let result = decode(#"{"msg": "Hi", "zzzz": 1}"#)
        expectEqual(
            result.diagnostics.first?.hint,
            "the keys of a modal are "
                + FormatObject.modal.keyNames.joined(separator: ", "))
    }

    @Test func decoderAcceptsEveryDeclaredValueAndNamesThemAllWhenOneIsWrong() throws {
        for key in FormatVocabulary.keys where !key.value.allowedValues.isEmpty {
            let document = { (value: String) in
                key.object == .modal
                    ? #"{"msg": "Hi", "\#(key.name)": "\#(value)"}"#
                    : #"{"msg": "Hi", "styles": [{"apply_to": {"from": 0, "length": 2}, "\#(key.name)": "\#(value)"}]}"#
            }
            for value in key.value.allowedValues {
                let result = decode(document(value))
                expect(result.diagnostics.isEmpty, "\(key.name): \(value): \(summary(result))")
            }
            let refused = try #require(decode(document("zzzz")).diagnostics.first)
            expect(refused.code.hasPrefix("invalid-"))
            for value in key.value.allowedValues {
                expect(refused.message.contains(value), "\(key.name): \(refused.message) omits \(value)")
            }
        }
    }

    @Test func encoderWritesTheDeclaredKeysInTheirOrder() throws {
        let modal = try #require(decode(Self.everyKey).document?.modals.first)
        let encoded = String(decoding: CanonicalJSONWriter().bytes(modal.wireValue), as: UTF8.self)
        let expected = try JSONParser.parse(Array(Self.everyKey.utf8)).get()
        let written = try JSONParser.parse(Array(encoded.utf8)).get()
        func keyOrder(_ node: JSONNode) -> [String] {
            switch node.value {
            case .object(let members): members.flatMap { [$0.key] + keyOrder($0.value) }
            case .array(let items): items.flatMap(keyOrder)
            default: []
            }
        }
        expectEqual(keyOrder(written), keyOrder(expected))
    }

    // MARK: - Did-you-mean strings

    /// Regression: "underline" was silently left out of the table (its slot was taken by "max_lines"), and the
    /// keys and values added later (`direction`, `start`, `end`, `ltr`, `rtl`, `auto`) were never put in it.
    @Test func knownStringsHoldEveryKeyAndValue() {
        let table = KnownStrings.modalFormat
        for word in KnownStrings.modalFormatWords {
            var bytes = Array(word.utf8)
            let length = bytes.count
            bytes += [UInt8](repeating: 0, count: 16)
            let found = bytes.withUnsafeBufferPointer { table.string(at: $0.baseAddress!, length: length) }
            expectEqual(found, word, "\(word) is not in the table of known strings")
        }
        for word in ["direction", "start", "end", "ltr", "rtl", "auto"] {
            expect(FormatVocabulary.words.contains(word), "\(word)")
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
