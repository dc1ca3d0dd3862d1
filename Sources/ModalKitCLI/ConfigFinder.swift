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
    static let fileName = ".modalkit.json"
    /// A config file is a few settings; anything near this size is not one.
    static let configFileLimit = ByteSize.mebibytes(1)
    let explicitPath: String?
    /// Parsed configs by directory (nil: that directory has none), so each is read once.
    private var byDirectory: [String: ValidationConfig?] = [:]
    private var explicit: ValidationConfig??

    init(explicitPath: String?) { self.explicitPath = explicitPath }

    /// The config for an input, `.some(nil)` when there is none, or nil after printing why it cannot be used.
    mutating func config(forInput path: String, io: CLIIO) -> ValidationConfig?? {
        if let explicitPath {
            if let explicit { return explicit }
            let loaded = load(explicitPath, directory: Self.directory(of: Self.absolute(explicitPath)), io: io)
            explicit = loaded.map { $0 }
            return loaded.map { $0 }
        }
        var directory: String
        if path == "-" || path == "<stdin>" {
            directory = Self.currentDirectory()
        } else {
            let absolute = Self.absolute(path)
            if case .directory = FileReader.kind(of: path) {
                directory = absolute.hasSuffix("/") ? absolute : absolute + "/"
            } else {
                directory = Self.directory(of: absolute)
            }
        }
        var visited: [String] = []
        while true {
            if let known = byDirectory[directory] {
                for seen in visited { byDirectory[seen] = known }
                return known
            }
            visited.append(directory)
            let candidate = directory + Self.fileName
            if case .file = FileReader.kind(of: candidate) {
                guard let config = load(candidate, directory: directory, io: io) else { return nil }
                for seen in visited { byDirectory[seen] = config }
                return config
            }
            if directory == "/" || directory.isEmpty { break }
            directory = Self.directory(of: String(directory.dropLast()))
        }
        for seen in visited { byDirectory[seen] = .some(nil) }
        return .some(nil)
    }

    /// Reads and parses a config file, printing its problems; nil when it cannot be used.
    private func load(_ path: String, directory: String, io: CLIIO) -> ValidationConfig? {
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
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

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
