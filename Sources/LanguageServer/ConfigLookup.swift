import ModalModel
import Reporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `.modalkit.json` that applies to a document, found by the same `ConfigSearch` as `modalkit validate`
/// uses, read with an injectable reader and parsed; a broken one is kept with its problems to show.
package struct ConfigLookup {
    /// The config that applies, or why it cannot be used.
    package enum Found: Sendable, Equatable {
        /// No config file above the document.
        case none
        /// The config at `path`.
        case config(ValidationConfig, path: String)
        /// The config at `path` does not parse; its problems are config diagnostics.
        case invalid(path: String, problems: [Diagnostic])
    }

    private var search = ConfigSearch<Found>()
    private let readFile: (String) -> [UInt8]?

    /// Creates a lookup that reads files with `readFile` (nil: no such file).
    package init(readFile: @escaping (String) -> [UInt8]? = ConfigLookup.readFile) {
        self.readFile = readFile
    }

    /// The config for the file at an absolute path.
    package mutating func config(forFile path: String) -> Found {
        let readFile = readFile
        return search.nearest(toFile: path) { candidate, directory in
            guard let bytes = readFile(candidate) else { return nil }
            switch ValidationConfig.parse(bytes, directory: directory) {
            case .success(let config): return .config(config, path: candidate)
            case .failure(let error): return .invalid(path: candidate, problems: error.diagnostics)
            }
        } ?? .none
    }

    /// Forgets every config read, after one has changed.
    package mutating func forget() { search.forget() }

    /// Reads a regular file of at most 1 MiB (a config is a few settings), or nil.
    package static func readFile(_ path: String) -> [UInt8]? { readFile(path, byteLimit: 1 << 20) }

    /// Reads a regular file of at most `byteLimit` bytes, or nil.
    package static func readFile(_ path: String, byteLimit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= byteLimit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes.count <= byteLimit ? bytes : nil
    }
}
