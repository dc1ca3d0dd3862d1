@_spi(Kernel) import TextKernel

/// Where one side of a compared file comes from.
enum DiffSource: Sendable {
    /// The file is not on this side.
    case absent
    /// A file on disk.
    case file(PathName)
    /// A file at a revision, read with `git show REV:PATH`.
    case git(revision: String, path: String)

    /// The side as messages name it: its path, or `REV:PATH`.
    var label: String {
        switch self {
        case .absent: "(none)"
        case .file(let path): path.displayText
        case .git(let revision, let path): "\(revision):\(path)"
        }
    }

    /// The bytes of this side, nil when absent, or why they cannot be read.
    func read(maxBytes: Int) -> Result<[UInt8]?, DiffTrouble> {
        switch self {
        case .absent:
            return .success(nil)
        case .file(let path):
            switch FileReader.read(path: path, maxBytes: maxBytes) {
            case .bytes(let bytes): return .success(bytes)
            case .tooLarge(let size):
                return .failure(
                    DiffTrouble(message: "\(path.displayText) has \(size) bytes, more than the limit of \(maxBytes)"))
            case .failed(let reason):
                return .failure(DiffTrouble(message: "cannot read \(path.displayText): \(reason)"))
            }
        case .git(let revision, let path):
            switch GitRunner.run(["show", "\(revision):\(path)"]) {
            case .failure(let failure): return .failure(DiffTrouble(message: failure.message))
            case .success(let outcome):
                guard outcome.status == 0 else {
                    return .failure(
                        DiffTrouble(message: "git show \(revision):\(path) failed: \(outcome.errorText)"))
                }
                guard outcome.output.count <= maxBytes else {
                    return .failure(
                        DiffTrouble(
                            message: "\(revision):\(path) has \(outcome.output.count) bytes, more than the limit of "
                                + "\(maxBytes)"))
                }
                return .success(outcome.output)
            }
        }
    }
}

/// Something that stops one file from being compared, in words naming the file.
struct DiffTrouble: Error, Sendable {
    var message: String
}

/// One file to compare: its path relative to the compared roots, and its two sides.
struct DiffPair: Sendable {
    var path: String
    var old: DiffSource
    var new: DiffSource
}

/// The files that `modalkit diff` compares, paired by relative path.
enum DiffInputs {
    /// The pairs for `OLD NEW`: two files, or two directories whose `*.json` files pair by relative path.
    static func pairs(old: String, new: String) -> Result<[DiffPair], DiffTrouble> {
        let oldPath = PathName.argument(old)
        let newPath = PathName.argument(new)
        switch (FileReader.kind(of: oldPath), FileReader.kind(of: newPath)) {
        case (.missing(let reason), _):
            return .failure(DiffTrouble(message: "cannot read \(old): \(reason)"))
        case (_, .missing(let reason)):
            return .failure(DiffTrouble(message: "cannot read \(new): \(reason)"))
        case (.file, .file):
            return .success([DiffPair(path: newPath.displayText, old: .file(oldPath), new: .file(newPath))])
        case (.directory, .directory):
            let before = relativeFiles(under: oldPath)
            let after = relativeFiles(under: newPath)
            let paths = Set(before.keys).union(after.keys).sorted { $0.lexicographicallyPrecedes($1) }
            return .success(
                paths.map { relative in
                    DiffPair(
                        path: PathName(bytes: relative).displayText,
                        old: before[relative].map(DiffSource.file) ?? .absent,
                        new: after[relative].map(DiffSource.file) ?? .absent)
                })
        default:
            return .failure(
                DiffTrouble(message: "\(old) and \(new) must be two files or two directories, not one of each"))
        }
    }

    /// The `*.json` files under `root`, keyed by the bytes of their path below it.
    private static func relativeFiles(under root: PathName) -> [[UInt8]: PathName] {
        var prefix = root.bytes
        while prefix.count > 1, prefix.last == UInt8(ascii: "/") { prefix.removeLast() }
        let dropCount = prefix.last == UInt8(ascii: "/") ? prefix.count : prefix.count + 1
        var files: [[UInt8]: PathName] = [:]
        for file in FileReader.jsonFiles(under: root) {
            files[Array(file.bytes.dropFirst(dropCount))] = file
        }
        return files
    }

    /// The pairs for `--git SPEC [PATH…]`: the `*.json` files that git says differ between the two revisions (or a
    /// revision and the working tree), within `paths`.
    static func gitPairs(spec: String, paths: [String]) -> Result<[DiffPair], DiffTrouble> {
        // Outside a repository every revision would be "unknown"; say what is really wrong.
        if case .failure(let trouble) = git(["rev-parse", "--git-dir"]) {
            return .failure(DiffTrouble(message: "--git needs a git repository here: \(trouble.message)"))
        }
        let oldRevision: String
        var newRevision: String?
        if let range = spec.firstRange(of: "...") {
            let left = String(spec[..<range.lowerBound])
            let right = String(spec[range.upperBound...])
            let a = left.isEmpty ? "HEAD" : left
            let b = right.isEmpty ? "HEAD" : right
            for revision in [a, b] {
                if case .failure(let trouble) = verify(revision) { return .failure(trouble) }
            }
            switch git(["merge-base", a, b]) {
            case .failure(let trouble): return .failure(trouble)
            case .success(let output):
                oldRevision = firstLine(output)
            }
            newRevision = b
        } else if let range = spec.firstRange(of: "..") {
            let left = String(spec[..<range.lowerBound])
            let right = String(spec[range.upperBound...])
            oldRevision = left.isEmpty ? "HEAD" : left
            newRevision = right.isEmpty ? "HEAD" : right
        } else {
            oldRevision = spec
        }
        for revision in [oldRevision] + (newRevision.map { [$0] } ?? []) {
            if case .failure(let trouble) = verify(revision) { return .failure(trouble) }
        }
        let pathspec = ["--"] + paths
        var changed: [String]
        switch git(
            ["diff", "--name-only", "-z", "--no-renames", oldRevision] + (newRevision.map { [$0] } ?? []) + pathspec)
        {
        case .failure(let trouble): return .failure(trouble)
        case .success(let output): changed = nulSeparated(output)
        }
        var root = ""
        if newRevision == nil {
            switch git(["ls-files", "-z", "--others", "--exclude-standard", "--full-name"] + pathspec) {
            case .failure(let trouble): return .failure(trouble)
            case .success(let output): changed += nulSeparated(output)
            }
            switch git(["rev-parse", "--show-toplevel"]) {
            case .failure(let trouble): return .failure(trouble)
            case .success(let output):
                root = firstLine(output) + "/"
            }
        }
        let old = Set(gitFiles(at: oldRevision, among: changed))
        let new: Set<String> =
            newRevision.map { Set(gitFiles(at: $0, among: changed)) }
            ?? Set(
                changed.filter {
                    if case .file = FileReader.kind(of: root + $0) { true } else { false }
                })
        return .success(
            Set(changed).filter { $0.hasSuffix(".json") }.sorted().map { path in
                DiffPair(
                    path: path, old: old.contains(path) ? .git(revision: oldRevision, path: path) : .absent,
                    new: !new.contains(path)
                        ? .absent
                        : newRevision.map { .git(revision: $0, path: path) } ?? .file(PathName(root + path)))
            })
    }

    /// Which of `paths` exist at `revision`.
    private static func gitFiles(at revision: String, among paths: [String]) -> [String] {
        guard !paths.isEmpty,
            case .success(let output) = git(["ls-tree", "-r", "-z", "--name-only", "--full-tree", revision])
        else { return [] }
        let wanted = Set(paths)
        return nulSeparated(output).filter(wanted.contains)
    }

    private static func verify(_ revision: String) -> Result<Void, DiffTrouble> {
        switch GitRunner.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"]) {
        case .failure(let failure): return .failure(DiffTrouble(message: failure.message))
        case .success(let outcome):
            if outcome.status == 0 { return .success(()) }
            return .failure(DiffTrouble(message: "git knows no revision '\(revision)'"))
        }
    }

    private static func git(_ arguments: [String]) -> Result<[UInt8], DiffTrouble> {
        switch GitRunner.run(arguments) {
        case .failure(let failure): return .failure(DiffTrouble(message: failure.message))
        case .success(let outcome):
            guard outcome.status == 0 else {
                let said = outcome.errorText.isEmpty ? "exit status \(outcome.status)" : outcome.errorText
                return .failure(DiffTrouble(message: "git \(arguments[0]) failed: \(said)"))
            }
            return .success(outcome.output)
        }
    }

    /// Git's one-line answer without its line break.
    private static func firstLine(_ output: [UInt8]) -> String {
        String(decoding: output.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    private static func nulSeparated(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
