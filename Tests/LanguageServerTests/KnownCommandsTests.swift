import LanguageServer
import TestSupport
import Testing

/// Completion offers the app commands of every open document, each once, and sees a document's change.
@Suite struct KnownCommandsTests {
    func document(_ uri: String, _ actions: [String], version: Int = 1) -> TextDocument {
        let buttons = actions.map { #"{"label": "x", "action": "\#($0)"}"# }.joined(separator: ", ")
        return TextDocument(uri: uri, version: version, text: #"{"msg": "m", "buttons": [\#(buttons)]}"#)
    }

    @Test func commandsComeOnceInTheOrderOfTheURIsAndFollowChanges() {
        var known = KnownCommands()
        var changes = ["file:///a.json": 1, "file:///b.json": 1]
        var documents = [
            "file:///b.json": document("file:///b.json", ["kash://invoke/cmd/refresh", "kash://invoke/cmd/buy"]),
            "file:///a.json": document("file:///a.json", ["kash://invoke/cmd/buy", "kash://invoke/cmd/buy"]),
        ]
        expectEqual(
            known.commands(in: documents, changes: { changes[$0]! }),
            ["kash://invoke/cmd/buy", "kash://invoke/cmd/refresh"])
        // A change of b is read; an unchanged a is not read again, and a closed document's commands go.
        documents["file:///b.json"] = document("file:///b.json", ["app://invoke/cmd/open"], version: 2)
        changes["file:///b.json"] = 2
        expectEqual(
            known.commands(in: documents, changes: { changes[$0]! }),
            ["kash://invoke/cmd/buy", "app://invoke/cmd/open"])
        documents["file:///a.json"] = nil
        expectEqual(known.commands(in: documents, changes: { changes[$0]! }), ["app://invoke/cmd/open"])
    }

    /// Ten thousand different commands in one document are found once each, without comparing every pair.
    @Test func manyCommandsAreEachFoundOnce() {
        let actions = (0..<10_000).map { "kash://invoke/cmd/c\($0)" }
        let found = CompletionProvider.commands(in: document("file:///a.json", actions + actions).bytes)
        expectEqual(found, actions)
    }
}
