/// Which JSON files under a config are modals: its `files` and `exclude` globs, relative to the config's
/// directory, matched with the same glob as the `path` of an `ignore` entry.
///
/// With no `files`, every `*.json` file is a modal; `exclude` then leaves some out. A config file is never
/// a modal, whatever the globs say.
package struct FileSelection: Sendable, Equatable {
    /// Globs a modal's relative path must match one of; empty for every file.
    package var files: [String] = []
    /// Globs a modal's relative path must match none of.
    package var exclude: [String] = []
    /// The directory the globs are relative to, with a trailing `/`, or "".
    package var baseDirectory: String = ""

    /// Creates a selection.
    package init(files: [String] = [], exclude: [String] = [], baseDirectory: String = "") {
        self.files = files
        self.exclude = exclude
        self.baseDirectory = baseDirectory
    }

    /// Whether the selection chooses anything short of every file.
    package var isEmpty: Bool { files.isEmpty && exclude.isEmpty }

    /// Whether the file at `path` (absolute, or relative to the same place as `baseDirectory`) is a modal.
    /// A file outside the base directory is not chosen by `files` and not left out by `exclude`.
    package func chooses(_ path: String) -> Bool {
        if isEmpty { return true }
        guard let relative = IgnoreRule.relativePath(path, to: baseDirectory) else { return files.isEmpty }
        let scalars = Array(relative.unicodeScalars)[...]
        if !files.isEmpty
            && !files.contains(where: { IgnoreRule.glob(Array($0.unicodeScalars)[...], matches: scalars) })
        {
            return false
        }
        return !exclude.contains { IgnoreRule.glob(Array($0.unicodeScalars)[...], matches: scalars) }
    }

    /// The glob that leaves `path` out, or a sentence saying no `files` glob takes it; nil when it is chosen.
    package func reasonLeftOut(_ path: String) -> String? {
        if chooses(path) { return nil }
        guard let relative = IgnoreRule.relativePath(path, to: baseDirectory) else {
            return "it is outside \(baseDirectory), where the files globs are"
        }
        let scalars = Array(relative.unicodeScalars)[...]
        if let glob = exclude.first(where: { IgnoreRule.glob(Array($0.unicodeScalars)[...], matches: scalars) }) {
            return "exclude has \"\(glob)\", which matches \(relative)"
        }
        return "no files glob (\(files.map { "\"\($0)\"" }.joined(separator: ", "))) matches \(relative)"
    }
}
