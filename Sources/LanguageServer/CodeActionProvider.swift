import ModalModel
import PositionedJSON
import Reporting

/// Answers `textDocument/codeAction` from the fixer: each fix `modalkit fix` knows becomes a quick fix for
/// the diagnostics it resolves, and "fix all in file" is what `modalkit fix` makes of the file
/// (`FixedPointFixer`: every pass, proved), as edits of the document as it is; when `modalkit fix` would leave
/// the file unchanged, there is no "fix all". The fixer's suggestions (likely but not certain fixes, which
/// `modalkit fix` never makes) are quick fixes too, not part of "fix all".
///
/// Nothing here knows what a fix does; a kind of fix added to `ModalFixer` is offered with no change here.
package struct CodeActionProvider {
    /// The title of the action that applies every fix.
    package static let fixAllTitle = "Fix all auto-fixable problems in the file (modalkit fix)"
    /// The kind of that action.
    package static let fixAllKind = "source.fixAll.modalkit"

    /// The document.
    package let document: TextDocument
    /// Its analysis.
    package let analysis: DocumentAnalysis
    /// Turns diagnostics into protocol diagnostics for the actions' `diagnostics`.
    package let conversion: DiagnosticConversion

    /// Creates the provider for one document.
    package init(document: TextDocument, analysis: DocumentAnalysis, conversion: DiagnosticConversion) {
        self.document = document
        self.analysis = analysis
        self.conversion = conversion
    }

    /// The actions for a byte range: quick fixes whose diagnostics or edits touch it, then "fix all" when
    /// the file has any fix. `only` limits the kinds, as the client's `context.only` does.
    package func actions(from start: Int, to end: Int, only: [String]?) -> [JSONValue] {
        let fixes = ModalFixer.fixes(for: document.bytes, diagnostics: analysis.unfilteredDiagnostics)
        let suggestions = SuggestedFixes.fixes(for: document.bytes, diagnostics: analysis.diagnostics)
        if fixes.isEmpty && suggestions.isEmpty { return [] }
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var actions: [JSONValue] = []
        let byPointer = DiagnosticsByPointer(analysis.diagnostics)
        if wanted("quickfix") {
            for (fix, preferred) in fixes.map({ ($0, true) }) + suggestions.map({ ($0, false) }) {
                let resolved = byPointer.resolved(by: fix)
                let touches =
                    resolved.contains { Self.overlaps($0.location.byteOffset, tokenEnd($0), start, end) }
                    || fix.edits.contains { Self.overlaps($0.byteOffset, $0.byteOffset + $0.byteLength, start, end) }
                guard touches else { continue }
                actions.append(
                    action(
                        title: Self.sentence(fix.summary), kind: "quickfix", edits: fix.edits, diagnostics: resolved,
                        preferred: preferred))
            }
        }
        if !fixes.isEmpty && (wanted(Self.fixAllKind) || wanted("source.fixAll")),
            case .fixed(let fixed) = FixedPointFixer.fix(document.bytes, diagnostics: analysis.unfilteredDiagnostics)
        {
            let resolved = byPointer.resolved(byAnyOf: fixed.fixes)
            actions.append(
                action(
                    title: Self.fixAllTitle, kind: Self.fixAllKind, edits: fixed.edits, diagnostics: resolved,
                    preferred: false))
        }
        return actions
    }

    private func tokenEnd(_ diagnostic: Diagnostic) -> Int {
        JSONSourceMap.tokenEnd(from: diagnostic.location.byteOffset, in: document.bytes)
    }

    /// Whether [a, b) and [c, d) meet, counting an empty range at either end as meeting.
    static func overlaps(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Bool { a <= d && c <= b }

    static func sentence(_ summary: String) -> String {
        guard let first = summary.first else { return summary }
        return first.uppercased() + summary.dropFirst()
    }

    func action(title: String, kind: String, edits: [SourceEdit], diagnostics: [Diagnostic], preferred: Bool)
        -> JSONValue
    {
        let textEdits: [JSONValue] = edits.sorted { $0.byteOffset < $1.byteOffset }.map { edit in
            [
                "range": document.range(
                    from: edit.byteOffset, to: edit.byteOffset + edit.byteLength, encoding: conversion.encoding),
                "newText": .string(edit.replacement),
            ]
        }
        var members: [JSONMember] = [
            JSONMember(key: "title", value: .string(title)),
            JSONMember(key: "kind", value: .string(kind)),
            JSONMember(
                key: "diagnostics",
                value: .array(
                    diagnostics.map {
                        JSONNode(value: conversion.json($0, sourceMap: analysis.sourceMap), byteOffset: 0)
                    })),
            JSONMember(
                key: "edit",
                value: .object([
                    JSONMember(
                        key: "changes",
                        value: .object([
                            JSONMember(
                                key: document.uri, value: .array(textEdits.map { JSONNode(value: $0, byteOffset: 0) }))
                        ]))
                ])),
        ]
        if preferred { members.append(JSONMember(key: "isPreferred", value: true)) }
        return .object(members)
    }
}
