import ModalModel
import Reporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the `.modalkit.json` that applies to an input, as `.editorconfig` is found: the nearest one in the
/// input's directory or above it. With `--config`, that one file applies to every input.
struct ConfigFinder {
    /// A config file is a few settings; anything near this size is not one.
    static let configFileLimit = ByteSize.mebibytes(1)
    let explicitPath: String?
    /// Parsed configs found above each directory, nil for one that cannot be used, so each is read once.
    private var search = ConfigSearch<ValidationConfig?>()
    private var explicit: ValidationConfig??

    init(explicitPath: String?) { self.explicitPath = explicitPath }

    /// The config for an input, `.some(nil)` when there is none, or nil after printing why it cannot be used.
    mutating func config(forInput path: String, io: CLIIO) -> ValidationConfig?? {
        if explicitPath == nil, path != "-", path != "<stdin>", case .directory = FileReader.kind(of: path) {
            let absolute = Self.absolute(path)
            return config(inDirectory: absolute.hasSuffix("/") ? absolute : absolute + "/", io: io)
        }
        return config(forFile: path, io: io)
    }

    /// The same for an input known to be a file (or standard input), without asking the file system what
    /// the path is: a directory's inputs are files, and one `stat` each was a tenth of the command's time.
    mutating func config(forFile path: String, io: CLIIO) -> ValidationConfig?? {
        if let explicitPath {
            if let explicit { return explicit }
            let loaded = Self.load(explicitPath, directory: Self.directory(of: Self.absolute(explicitPath)), io: io)
            explicit = loaded.map { $0 }
            return loaded.map { $0 }
        }
        let directory =
            path == "-" || path == "<stdin>" ? Self.currentDirectory() : Self.directory(of: Self.absolute(path))
        return config(inDirectory: directory, io: io)
    }

    private mutating func config(inDirectory directory: String, io: CLIIO) -> ValidationConfig?? {
        let found = search.nearest(inDirectory: directory) { candidate, directory in
            guard case .file = FileReader.kind(of: candidate) else { return nil }
            return .some(Self.load(candidate, directory: directory, io: io))
        }
        switch found {
        case .none: return .some(nil)
        case .some(.none): return nil
        case .some(.some(let config)): return config
        }
    }

    /// Reads and parses a config file, printing its problems; nil when it cannot be used.
    private static func load(_ path: String, directory: String, io: CLIIO) -> ValidationConfig? {
        switch FileReader.read(path: path, maxBytes: Self.configFileLimit) {
        case .bytes(let bytes):
            switch ValidationConfig.parse(bytes, directory: directory) {
            case .success(let config): return config
            case .failure(let error):
                let report = FileReport(path: path, source: SourceText(bytes: bytes), diagnostics: error.diagnostics)
                io.writeError(ReportFormat.text.render([report]))
                return nil
            }
        case .tooLarge:
            io.writeError("\(TerminalSafeText.safe(path)): error: the config file is larger than 1 MiB\n")
            return nil
        case .failed(let reason):
            io.writeError("\(TerminalSafeText.safe(path)): error: cannot read the config file: \(reason)\n")
            return nil
        }
    }

    /// The directory part of an absolute path, ending in `/`.
    static func directory(of path: String) -> String { ConfigSearch<ValidationConfig?>.directory(of: path) }

    /// A path made absolute against the working directory (without resolving `..` or links).
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return currentDirectory() + relative
    }

    /// The working directory, ending in `/` (read once: the command never changes it).
    static func currentDirectory() -> String { workingDirectory }

    private static let workingDirectory: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasSuffix("/") ? path : path + "/"
    }()
}
