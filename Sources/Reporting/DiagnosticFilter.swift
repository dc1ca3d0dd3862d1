import ModalModel

/// Which diagnostics to report: `--select` and `--ignore` codes, and the config file's scoped ignores.
package struct DiagnosticFilter: Sendable, Equatable {
    /// When not empty, only these codes are reported.
    package var selectedCodes: Set<String>
    /// These codes are never reported.
    package var ignoredCodes: Set<String>
    /// Ignores scoped to files and JSON pointers.
    package var ignores: [IgnoreRule]

    /// Creates a filter.
    package init(selectedCodes: Set<String> = [], ignoredCodes: Set<String> = [], ignores: [IgnoreRule] = []) {
        self.selectedCodes = selectedCodes
        self.ignoredCodes = ignoredCodes
        self.ignores = ignores
    }

    /// Whether a diagnostic of the file at `path` is reported.
    package func keeps(_ diagnostic: Diagnostic, path: String) -> Bool {
        if !selectedCodes.isEmpty && !selectedCodes.contains(diagnostic.code) { return false }
        if ignoredCodes.contains(diagnostic.code) { return false }
        return !ignores.contains { $0.matches(diagnostic, path: path) }
    }

    /// The report with the diagnostics this filter drops removed.
    package func apply(to report: FileReport) -> FileReport {
        var report = report
        report.diagnostics.removeAll { !keeps($0, path: report.path) }
        return report
    }
}

/// One `ignore` entry of a config file: a code, optionally only in files matching a glob and only at or
/// under a JSON pointer.
package struct IgnoreRule: Sendable, Equatable {
    /// The code to ignore.
    package var code: String
    /// A path glob (`*` within a path segment, `**` across segments, `?` one character), matched against
    /// the file's path relative to `baseDirectory`; nil for every file.
    package var pathGlob: String?
    /// A JSON pointer; the rule applies to it and everything under it. `*` stands for one reference token.
    package var pointer: String?
    /// The directory the glob is relative to (the config file's directory), with a trailing `/`, or "".
    package var baseDirectory: String

    /// Creates a rule.
    package init(code: String, pathGlob: String? = nil, pointer: String? = nil, baseDirectory: String = "") {
        self.code = code
        self.pathGlob = pathGlob
        self.pointer = pointer
        self.baseDirectory = baseDirectory
    }

    /// Whether the rule silences `diagnostic` in the file at `path`.
    package func matches(_ diagnostic: Diagnostic, path: String) -> Bool {
        guard diagnostic.code == code else { return false }
        if let pathGlob {
            guard let relative = Self.relativePath(path, to: baseDirectory),
                Self.glob(Array(pathGlob.unicodeScalars)[...], matches: Array(relative.unicodeScalars)[...])
            else { return false }
        }
        if let pointer {
            let pattern = JSONPointer.components(pointer)
            let actual = JSONPointer.components(diagnostic.pointer)
            guard actual.count >= pattern.count,
                zip(pattern, actual).allSatisfy({ $0 == "*" || $0 == $1 })
            else { return false }
        }
        return true
    }

    /// `path` relative to `baseDirectory` (with a trailing `/`, or "" for paths taken as they are), without a
    /// leading `./`; nil when the path is not under it.
    static func relativePath(_ path: String, to baseDirectory: String) -> Substring? {
        var relative = Substring(path)
        if relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        if !baseDirectory.isEmpty {
            guard relative.hasPrefix(baseDirectory) else { return nil }
            relative = relative.dropFirst(baseDirectory.count)
        }
        return relative
    }

    /// Glob matching with `*` (not across `/`), `**` (across `/`) and `?`.
    static func glob(_ pattern: ArraySlice<Unicode.Scalar>, matches text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            let crossesSlash = pattern.dropFirst().first == "*"
            var rest = pattern.dropFirst(crossesSlash ? 2 : 1)
            if crossesSlash && rest.first == "/" {
                // `**/` also matches no directory at all.
                if glob(rest.dropFirst(), matches: text) { return true }
                rest = pattern.dropFirst(2)
            }
            var index = text.startIndex
            while true {
                if glob(rest, matches: text[index...]) { return true }
                guard index < text.endIndex, crossesSlash || text[index] != "/" else { return false }
                index += 1
            }
        }
        guard let character = text.first else { return false }
        if first == "?" ? character != "/" : first == character {
            return glob(pattern.dropFirst(), matches: text.dropFirst())
        }
        return false
    }
}
