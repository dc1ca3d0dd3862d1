import ModalModel
import PositionedJSON
import Reporting

/// The "Ignore CODE in this file" quick fixes: each adds `{"code": CODE, "path": FILE}` to the `ignore` of
/// the config that applies to the document, the path relative to the config's directory, as
/// `modalkit validate` reads it. An existing config gets one insertion that keeps its formatting; where
/// there is none, a new one is created.
package struct SuppressActionProvider {
    /// Where the entry goes.
    package enum Target: Sendable {
        /// The config that applies, with its current text (the editor's, when it is open).
        case existing(config: TextDocument, directory: String)
        /// No config applies: one is created at `uri`, in `directory`.
        case new(uri: String, directory: String)
    }

    /// The document.
    package let document: TextDocument
    /// Its path.
    package let path: String
    /// Its analysis.
    package let analysis: DocumentAnalysis
    /// Turns diagnostics into protocol diagnostics for the actions' `diagnostics`.
    package let conversion: DiagnosticConversion
    /// The config the entries go in.
    package let target: Target

    /// Creates the provider for one document at `path`.
    package init(
        document: TextDocument, path: String, analysis: DocumentAnalysis, conversion: DiagnosticConversion,
        target: Target
    ) {
        self.document = document
        self.path = path
        self.analysis = analysis
        self.conversion = conversion
        self.target = target
    }

    /// The title of the action for `code`.
    package static func title(code: String) -> String { "Ignore \(code) in this file" }

    /// One action for each code among the diagnostics that meet the byte range, in source order; none when
    /// the document is not under the target's directory or the config cannot take an entry.
    package func actions(from start: Int, to end: Int) -> [JSONValue] {
        let directory: String
        switch target {
        case .existing(_, let known): directory = known
        case .new(_, let known): directory = known
        }
        guard path.hasPrefix(directory), path.count > directory.count else { return [] }
        let relative = String(path.dropFirst(directory.count))
        var codes: [String] = []
        for diagnostic in analysis.diagnostics where !codes.contains(diagnostic.code) {
            let tokenEnd = JSONSourceMap.tokenEnd(from: diagnostic.location.byteOffset, in: document.bytes)
            if CodeActionProvider.overlaps(diagnostic.location.byteOffset, tokenEnd, start, end) {
                codes.append(diagnostic.code)
            }
        }
        return codes.compactMap { code in
            let entry = Self.entry(code: code, relativePath: relative)
            guard let edit = edit(adding: entry) else { return nil }
            let resolved = analysis.diagnostics.filter { $0.code == code }.map {
                JSONNode(value: conversion.json($0, sourceMap: analysis.sourceMap), byteOffset: 0)
            }
            return [
                "title": .string(Self.title(code: code)), "kind": "quickfix", "diagnostics": .array(resolved),
                "edit": edit,
            ]
        }
    }

    /// The entry's text.
    package static func entry(code: String, relativePath: String) -> String {
        "{\"code\": \(JSONWriter.quoted(code)), \"path\": \(JSONWriter.quoted(relativePath))}"
    }

    /// The text of a new config holding only the entry.
    package static func newConfig(entry: String) -> String { "{\n  \"ignore\": [\(entry)]\n}\n" }

    private func edit(adding entry: String) -> JSONValue? {
        switch target {
        case .existing(let config, _):
            guard let (offset, text) = Self.insertion(of: entry, into: config.bytes) else { return nil }
            let range = config.range(from: offset, to: offset, encoding: conversion.encoding)
            return [
                "changes": .object([
                    JSONMember(key: config.uri, value: [["range": range, "newText": .string(text)]])
                ])
            ]
        case .new(let uri, _):
            let start: JSONValue = ["line": 0, "character": 0]
            return [
                "documentChanges": [
                    ["kind": "create", "uri": .string(uri), "options": ["ignoreIfExists": true]],
                    [
                        "textDocument": ["uri": .string(uri), "version": .null],
                        "edits": [
                            [
                                "range": ["start": start, "end": start],
                                "newText": .string(Self.newConfig(entry: entry)),
                            ]
                        ],
                    ],
                ]
            ]
        }
    }

    /// Where and what to insert into a config's bytes to add `entry` to its `ignore`: first in the array,
    /// with the spacing its first entry has, or a new `ignore` member first in the object, with the spacing
    /// of its first member. Nil when the config is not an object or its `ignore` is not an array.
    package static func insertion(of entry: String, into bytes: [UInt8]) -> (byteOffset: Int, text: String)? {
        guard case .success(let root) = JSONParser.parse(bytes), case .object(let members) = root.value else {
            return nil
        }
        func spacing(from open: Int, to next: Int?) -> String {
            guard let next, next > open + 1 else { return "" }
            return String(decoding: bytes[(open + 1)..<next], as: UTF8.self)
        }
        if let ignore = members.first(where: { $0.key == "ignore" }) {
            guard case .array(let entries) = ignore.value.value else { return nil }
            let open = ignore.value.byteOffset
            guard let first = entries.first else { return (open + 1, entry) }
            let space = spacing(from: open, to: first.byteOffset)
            return (open + 1, space.isEmpty ? entry + ", " : space + entry + ",")
        }
        let member = "\"ignore\": [\(entry)]"
        guard let first = members.first else { return (root.byteOffset + 1, member) }
        let space = spacing(from: root.byteOffset, to: first.keyByteOffset)
        return (root.byteOffset + 1, space.isEmpty ? member + ", " : space + member + ",")
    }
}
