import ModalModel
import PositionedJSON
import Reporting
@_spi(Kernel) import TextKernel

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
    /// The directory part of the last file path asked about, as written, and its answer: the files of a
    /// directory come one after another, and comparing their directory's bytes costs less than finding it.
    private var lastFile: (directory: [UInt8], answer: ValidationConfig??)?

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
    /// the path is: a directory's inputs are files, and asking cost a system call for each of them.
    mutating func config(forFile path: String, io: CLIIO) -> ValidationConfig?? {
        if let explicitPath {
            if let explicit { return explicit }
            let loaded = Self.load(explicitPath, directory: Self.directory(of: Self.absolute(explicitPath)), io: io)
            explicit = loaded.map { $0 }
            return loaded.map { $0 }
        }
        if path == "-" || path == "<stdin>" { return config(inDirectory: Self.currentDirectory(), io: io) }
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let written = slash.map { path.utf8[...$0] } ?? path.utf8[path.utf8.startIndex..<path.utf8.startIndex]
        if let lastFile, lastFile.directory.elementsEqual(written) { return lastFile.answer }
        let answer = config(inDirectory: Self.directory(of: Self.absolute(path)), io: io)
        lastFile = (Array(written), answer)
        return answer
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
