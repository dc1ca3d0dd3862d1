import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// The built-in actions are one table, `ModalAction.builtins`; everything that names them reads it.
@Suite struct BuiltinActionVocabularyTests {
    @Test func eachNameParsesToItsActionAndIsWrittenBack() throws {
        expectEqual(ModalAction.builtins.map(\.name), ["close", "next", "prev"])
        for builtin in ModalAction.builtins {
            let parsed = try ModalAction.parse(builtin.name)
            expectEqual(parsed.action, builtin.action)
            expect(parsed.warnings.isEmpty)
            expectEqual(builtin.action.text, builtin.name)
            expectEqual(builtin.action.jsonValue, .object([typeMember(builtin.name)]))
            expect(!builtin.meaning.isEmpty)
        }
    }

    @Test func aBuiltinInTheWrongCaseIsACustomActionWithAWarning() throws {
        for builtin in ModalAction.builtins {
            let shouted = builtin.name.uppercased()
            let parsed = try ModalAction.parse(shouted)
            expectEqual(parsed.action, .custom(shouted))
            expectEqual(parsed.warnings.map(\.code), ["builtin-action-case"], "\(shouted)")
        }
        expect(try ModalAction.parse("closed").warnings.isEmpty)
    }

    @Test func theSchemaAndTheHintsNameEveryBuiltin() {
        expect(ModalSchema.text.contains("\"description\": \"close, next, prev; an https:"))
        let result = ModalDecoder.decode(Array(#"[{"msg":"m","buttons":[{"label":"OK","action":5}]}]"#.utf8))
        expectEqual(
            result.diagnostics.first?.hint, "use close, next, prev, a URL, an app command or a custom action name")
    }

    /// "prev" names nothing but the built-in, so a copy of the table anywhere would spell it out.
    @Test func onlyTheTableSpellsOutABuiltin() throws {
        let files = swiftFilePaths(under: repositoryRoot + "/Sources")
        try #require(files.count > 100)
        for path in files where !path.hasSuffix("/ModalModel/Model/ActionParsing.swift") {
            let text = try #require(readFile(path))
            expect(!text.contains("\"prev\""), "\(path) names a built-in action; use ModalAction.builtins")
        }
    }

    private func typeMember(_ name: String) -> JSONMember {
        JSONMember(key: "type", keyByteOffset: 0, value: JSONNode(value: .string(name), byteOffset: 0))
    }
}
