/// The app commands (`kash://invoke/cmd/refresh`) seen in the open documents, in the order of their URIs,
/// each once: what completion offers after `://invoke/cmd/`. Each document's are kept until it changes, so
/// a completion reads only the documents changed since the last one instead of every open byte.
package struct KnownCommands {
    private var byDocument: [String: (changes: Int, commands: [String])] = [:]

    /// Creates an empty record.
    package init() {}

    /// The commands of `documents`; `changes` gives a number that differs whenever a document's text may have.
    package mutating func commands(in documents: [String: TextDocument], changes: (String) -> Int) -> [String] {
        byDocument = byDocument.filter { documents[$0.key] != nil }
        var all: [String] = []
        var seen: Set<String> = []
        for uri in documents.keys.sorted() {
            let count = changes(uri)
            let commands: [String]
            if let known = byDocument[uri], known.changes == count {
                commands = known.commands
            } else {
                commands = CompletionProvider.commands(in: documents[uri]!.bytes)
                byDocument[uri] = (count, commands)
            }
            for command in commands where seen.insert(command).inserted { all.append(command) }
        }
        return all
    }
}
