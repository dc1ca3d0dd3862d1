import ModalModel
import Reporting

/// What the validator says about one version of a document, with the config that applied: the same
/// diagnostics `modalkit validate` reports for the file, plus the parsed tree that hover and the rest read.
package struct DocumentAnalysis: Sendable {
    /// The document version analysed.
    package let version: Int
    /// The decoded document, when it has no error.
    package let document: ModalDocument?
    /// The parsed tree, when the text is JSON.
    package let sourceMap: JSONSourceMap?
    /// Every diagnostic reported, in source order, after the config's selection and ignores.
    package let diagnostics: [Diagnostic]
    /// Every diagnostic of the validator before the config's ignores, which the fixer reads.
    package let unfilteredDiagnostics: [Diagnostic]

    /// Validates `bytes` of the file at `path` (nil for a document that is not a file) under `config`.
    package init(bytes: [UInt8], version: Int, path: String?, config: ConfigLookup.Found) {
        let (result, root) = ModalDecoder.decodeKeepingTree(bytes)
        var diagnostics = result.diagnostics
        var ignores: [IgnoreRule] = []
        var selectedCodes: Set<String> = []
        if case .config(let config, _) = config {
            if let name = config.profile, let profile = TargetProfile(rawValue: name), let document = result.document {
                diagnostics += TargetProfileCheck.diagnostics(for: document, bytes: bytes, profile: profile)
            }
            if let card = config.card.card, let document = result.document {
                diagnostics += CardContrastCheck.diagnostics(for: document, bytes: bytes, card: card)
            }
            ignores = config.ignores
            selectedCodes = config.selectedCodes
        }
        unfilteredDiagnostics = diagnostics
        if !ignores.isEmpty || !selectedCodes.isEmpty {
            let filter = DiagnosticFilter(selectedCodes: selectedCodes, ignores: ignores)
            diagnostics.removeAll { !filter.keeps($0, path: path ?? "") }
        }
        self.version = version
        self.document = result.document
        self.sourceMap = root.map { JSONSourceMap(root: $0, bytes: bytes) }
        self.diagnostics = diagnostics
    }
}

extension DocumentAnalysis {
    /// The analysis of a `.modalkit.json` open in the editor: its problems as `modalkit validate` reports them.
    package init(configBytes bytes: [UInt8], version: Int, path: String?) {
        let directory = path.map { String($0[...($0.lastIndex(of: "/") ?? $0.startIndex)]) } ?? ""
        var problems: [Diagnostic] = []
        if case .failure(let error) = ValidationConfig.parse(bytes, directory: directory) {
            problems = error.diagnostics
        }
        self.version = version
        self.document = nil
        self.sourceMap = nil
        self.diagnostics = problems
        self.unfilteredDiagnostics = []
    }
}
