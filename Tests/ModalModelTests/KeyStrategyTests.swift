import Foundation
import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// `Modal` through Foundation's `JSONDecoder` and `JSONEncoder` under every key strategy: it reads and writes the
/// format's own keys, or throws naming the strategy; it never drops a value silently.
@Suite struct KeyStrategyTests {
    /// A modal that uses every key of the format, so that a key read under a renaming strategy and lost shows.
    static let everyKey = #"""
        {"msg": "Half price today", "max_lines": 2, "text_align": "center", "direction": "ltr",
         "styles": [{"apply_to": {"from": 0, "length": 10}, "font_style": "bold", "font_size": 18,
                     "color": "#ff0000", "bg_color": "#ffffff", "underline": true, "strikethrough": false,
                     "link": "https://example.com/sale"}],
         "buttons": [{"label": "Shop", "action": "close", "bg_color": "#3478f6", "fg_color": "#ffffff"}]}
        """#

    struct Envelope: Codable, Equatable {
        var modal: Modal
    }

    static var reference: Modal {
        get throws {
            try #require(ModalDecoder.decode(Array(everyKey.utf8)).document?.modals.first)
        }
    }

    static func envelope(_ modalJSON: String) -> Data { Data(#"{"modal": \#(modalJSON)}"#.utf8) }

    /// The decoding strategies a service may set, each with what decoding the modal must give.
    enum DecodingOutcome { case readsEveryKey, throwsNaming(String) }
    static let decodingStrategies: [(name: String, strategy: JSONDecoder.KeyDecodingStrategy, DecodingOutcome)] = [
        ("useDefaultKeys", .useDefaultKeys, .readsEveryKey),
        ("convertFromSnakeCase", .convertFromSnakeCase, .readsEveryKey),
        ("custom (keys unchanged)", .custom { $0.last! }, .readsEveryKey),
        (
            "custom (keys upper-cased)",
            // The envelope's own key is left alone: only the modal's keys are renamed.
            .custom { path in path.count == 1 ? path.last! : AnyKey(path.last!.stringValue.uppercased()) },
            .throwsNaming(".custom")
        ),
        (
            "custom (snake case to camel case by hand)",
            .custom { path in
                let words = path.last!.stringValue.split(separator: "_")
                return AnyKey(words.dropFirst().reduce(String(words.first ?? "")) { $0 + $1.capitalized })
            }, .throwsNaming(".custom")
        ),
    ]

    @Test(arguments: decodingStrategies.indices)
    func decodingUnderEveryKeyStrategy(index: Int) throws {
        let (name, strategy, outcome) = Self.decodingStrategies[index]
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = strategy
        switch outcome {
        case .readsEveryKey:
            let decoded = try decoder.decode(Envelope.self, from: Self.envelope(Self.everyKey)).modal
            expectEqual(decoded, (try Self.reference), "\(name)")
            expectEqual(decoded.maxLines, 2)
            expectEqual(decoded.textAlignment, .center)
            expect(decoded.buttons.first?.foregroundColor != nil)
        case .throwsNaming(let strategyName):
            do {
                _ = try decoder.decode(Envelope.self, from: Self.envelope(Self.everyKey))
                Issue.record("\(name): decoding succeeded, though the keys it read were renamed")
            } catch DecodingError.dataCorrupted(let context) {
                expect(context.debugDescription.contains("keyDecodingStrategy \(strategyName)"), "\(name)")
                expect(context.debugDescription.contains("unknown-key"))
                expectEqual(context.codingPath.map(\.stringValue), ["modal"])
            }
        }
    }

    /// `.convertFromSnakeCase` also renames a key the format does not have; that one is still refused.
    @Test func snakeCaseDecodingStillRefusesUnknownKeys() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(throws: DecodingError.self) {
            try decoder.decode(Envelope.self, from: Self.envelope(#"{"msg": "Hi", "max_lins": 2}"#))
        }
    }

    @Test func unknownKeyIsAnErrorWithoutACollector() throws {
        do {
            _ = try JSONDecoder().decode(Envelope.self, from: Self.envelope(##"{"msg": "Hi", "colour": "#fff"}"##))
            Issue.record("an unknown key was dropped without an error")
        } catch DecodingError.dataCorrupted(let context) {
            expect(context.debugDescription.hasPrefix("unknown-key at /modal/colour"))
            expect(context.debugDescription.contains("ModalDecodingWarnings"))
            let violation = try #require(context.underlyingError as? ModalRuleViolation)
            expectEqual(violation.diagnostics.map(\.severity), [.error])
        }
    }

    @Test func collectorTurnsUnknownKeysBackIntoWarnings() throws {
        let warnings = ModalDecodingWarnings()
        let decoder = JSONDecoder()
        decoder.userInfo[ModalDecodingWarnings.userInfoKey] = warnings
        let decoded = try decoder.decode(
            Envelope.self, from: Self.envelope(##"{"msg": "Hi", "colour": "#fff", "max_lines": 1}"##))
        expectEqual(decoded.modal.maxLines, 1)
        expectEqual(warnings.diagnostics.map(\.code), ["unknown-key"])
        expectEqual(warnings.diagnostics.map(\.pointer), ["/modal/colour"])
        expectEqual(warnings.diagnostics.map(\.severity), [.warning])
    }

    @Test func modalKitsOwnDecoderKeepsUnknownKeysAsWarnings() throws {
        let result = ModalDecoder.decode(Array(##"{"msg": "Hi", "colour": "#fff"}"##.utf8))
        expect(result.document != nil)
        expectEqual(result.diagnostics.map(\.severity), [.warning])
    }

    static let encodingStrategies: [(name: String, strategy: JSONEncoder.KeyEncodingStrategy, refused: Bool)] = [
        ("useDefaultKeys", .useDefaultKeys, false),
        ("convertToSnakeCase", .convertToSnakeCase, false),
        ("custom (keys unchanged)", .custom { $0.last! }, true),
        ("custom (keys upper-cased)", .custom { AnyKey($0.last!.stringValue.uppercased()) }, true),
    ]

    @Test(arguments: encodingStrategies.indices)
    func encodingUnderEveryKeyStrategy(index: Int) throws {
        let (name, strategy, refused) = Self.encodingStrategies[index]
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = strategy
        let modal = try Self.reference
        if refused {
            // The closure could rename anything, and nothing here can see what it wrote.
            do {
                _ = try encoder.encode(Envelope(modal: modal))
                Issue.record("\(name): encoding succeeded through a strategy that can rename the format's keys")
            } catch EncodingError.invalidValue(_, let context) {
                expect(context.debugDescription.contains("keyEncodingStrategy .custom"), "\(name)")
            }
            return
        }
        let data = try encoder.encode(modal)
        let readBack = ModalDecoder.decode(Array(data))
        expect(readBack.diagnostics.isEmpty, "\(name): \(readBack.diagnostics)")
        expectEqual(readBack.document?.modals, [modal], "\(name)")
        let styleObject = try #require(
            try JSONSerialization.jsonObject(with: encoder.encode(modal.styles[0])) as? [String: Any])
        expect(Set(styleObject.keys).isSuperset(of: ["apply_to", "font_size", "bg_color"]), "\(name)")
        let buttonObject = try #require(
            try JSONSerialization.jsonObject(with: encoder.encode(modal.buttons[0])) as? [String: Any])
        expectEqual(Set(buttonObject.keys), ["label", "action", "bg_color", "fg_color"], "\(name)")
    }

    /// `ModalStyle`, `ModalButton` and `UTF16Range` are written as objects too, and take the same refusal.
    @Test func partsRefuseACustomKeyStrategy() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .custom { $0.last! }
        let modal = try Self.reference
        #expect(throws: EncodingError.self) { try encoder.encode(modal.styles[0]) }
        #expect(throws: EncodingError.self) { try encoder.encode(modal.buttons[0]) }
        #expect(throws: EncodingError.self) { try encoder.encode(modal.styles[0].range) }
        #expect(throws: Never.self) { try encoder.encode(modal.buttons[0].action) }
    }

    /// The modal deep inside the service's own types: dictionaries of arrays of documents. The strategy applies
    /// at every level, and the modal's keys are read back (or the strategy refused) wherever it sits.
    @Test(arguments: decodingStrategies.indices)
    func decodingInNestedContainers(index: Int) throws {
        let (name, strategy, outcome) = Self.decodingStrategies[index]
        struct Inbox: Decodable {
            var pages: [String: [ModalDocument]]
        }
        let json = #"{"pages": {"home_page": [[\#(Self.everyKey)], \#(Self.everyKey)]}}"#
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = strategy
        switch outcome {
        case .readsEveryKey:
            let inbox = try decoder.decode(Inbox.self, from: Data(json.utf8))
            let documents = try #require(inbox.pages.values.first, "\(name)")
            expectEqual(documents.map(\.isArray), [true, false], "\(name)")
            expectEqual(documents.flatMap(\.modals), [try Self.reference, try Self.reference], "\(name)")
        case .throwsNaming(let strategyName):
            do {
                _ = try decoder.decode(Inbox.self, from: Data(json.utf8))
                Issue.record("\(name): decoding succeeded, though the keys it read were renamed")
            } catch DecodingError.dataCorrupted(let context) {
                expect(context.debugDescription.contains("keyDecodingStrategy \(strategyName)"), "\(name)")
                expectEqual(context.codingPath.count, 3, "\(name): \(context.codingPath.map(\.stringValue))")
            }
        }
    }

    /// A style or a button decoded on its own reads its keys back the same way.
    @Test func partsReadTheirKeysBackUnderSnakeCase() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let modal = try Self.reference
        let style = try decoder.decode(ModalStyle.self, from: Data(ModalEncoder().encode(modal.styles[0])))
        expectEqual(style, modal.styles[0])
        let button = try decoder.decode(ModalButton.self, from: Data(ModalEncoder().encode(modal.buttons[0])))
        expectEqual(button, modal.buttons[0])
    }

    /// `JSONValue` keeps keys as written; a strategy that renames keys would change them, and two keys renamed
    /// alike (`max_lines` and `maxLines`) would keep one value, so an object read or written under one throws.
    @Test(arguments: decodingStrategies.indices)
    func aJSONValueObjectIsRefusedUnderARenamingStrategy(index: Int) throws {
        let (name, strategy, _) = Self.decodingStrategies[index]
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = strategy
        let text = #"{"max_lines": 2, "maxLines": 3, "inner": [{"text_align": "center"}]}"#
        if case .useDefaultKeys = strategy {
            let value = try decoder.decode(JSONValue.self, from: Data(text.utf8))
            guard case .object(let members) = value else {
                Issue.record("not an object")
                return
            }
            expectEqual(Set(members.map(\.key)), ["max_lines", "maxLines", "inner"])
            return
        }
        do {
            let value = try decoder.decode(JSONValue.self, from: Data(text.utf8))
            Issue.record("\(name): a JSONValue was read with renamed keys: \(value)")
        } catch DecodingError.dataCorrupted(let context) {
            expect(context.debugDescription.contains("keyDecodingStrategy ."), "\(name)")
            expect(context.debugDescription.contains("JSONValue(parsing:)"))
        }
        // Values without an object have no keys to rename.
        let scalars = #"[1, "a_b", null]"#
        expect(
            try decoder.decode(JSONValue.self, from: Data(scalars.utf8)) == JSONValue(parsing: Array(scalars.utf8)))
    }

    @Test(arguments: encodingStrategies.indices)
    func aJSONValueObjectIsRefusedUnderARenamingEncodingStrategy(index: Int) throws {
        let (name, strategy, _) = Self.encodingStrategies[index]
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = strategy
        let value: JSONValue = ["maxLines": 2, "inner": [["textAlign": "center"]]]
        if case .useDefaultKeys = strategy {
            let written = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
            expect(written == value || Set(Self.keys(written)) == ["maxLines", "inner"])
            return
        }
        #expect(throws: EncodingError.self, "\(name)") { try encoder.encode(value) }
        #expect(throws: Never.self, "\(name)") { try encoder.encode(["maxLines", 2] as JSONValue) }
    }

    static func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }

    /// The one case the modal cannot see: under `.convertFromSnakeCase`, Foundation merges `max_lines` and the
    /// unknown `maxLines` of one object into one key before the modal is handed any, and keeps one value.
    /// docs/library.md says so; without the strategy the unknown key is refused.
    @Test func aKeySpelledBothWaysIsMergedByFoundationBeforeTheModalSeesIt() throws {
        let json = #"{"msg": "Hi", "max_lines": 2, "maxLines": 3}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Envelope.self, from: Self.envelope(json)) }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let merged = try? decoder.decode(Envelope.self, from: Self.envelope(json))
        // Should Foundation ever refuse the merge, this fails and the docs can drop the caveat.
        expectEqual(merged.map { [2, 3].contains($0.modal.maxLines) }, true)
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
