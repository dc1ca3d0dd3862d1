import ModalModel
import Reporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the `.modalkit.json` that applies to a document, as `modalkit validate` does: the nearest one in the
/// document's directory or above it. Each directory is looked at once until `forget()`.
package struct ConfigLookup {
    /// The config's file name.
    package static let fileName = ".modalkit.json"

    /// The config that applies, or why it cannot be used.
    package enum Found: Sendable, Equatable {
        /// No config file above the document.
        case none
        /// The config at `path`.
        case config(ValidationConfig, path: String)
        /// The config at `path` does not parse; its problems are config diagnostics.
        case invalid(path: String, problems: [Diagnostic])
    }

    private var byDirectory: [String: Found] = [:]
    private let readFile: (String) -> [UInt8]?

    /// Creates a lookup that reads files with `readFile` (nil: no such file).
    package init(readFile: @escaping (String) -> [UInt8]? = ConfigLookup.readFile) {
        self.readFile = readFile
    }

    /// The config for the file at an absolute path.
    package mutating func config(forFile path: String) -> Found {
        var directory = String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
        var visited: [String] = []
        while true {
            if let known = byDirectory[directory] {
                for seen in visited { byDirectory[seen] = known }
                return known
            }
            visited.append(directory)
            let candidate = directory + Self.fileName
            if let bytes = readFile(candidate) {
                let found: Found
                switch ValidationConfig.parse(bytes, directory: directory) {
                case .success(let config): found = .config(config, path: candidate)
                case .failure(let error): found = .invalid(path: candidate, problems: error.diagnostics)
                }
                for seen in visited { byDirectory[seen] = found }
                return found
            }
            if directory == "/" || directory.isEmpty { break }
            let parent = directory.dropLast()
            directory = String(parent[...(parent.lastIndex(of: "/") ?? parent.startIndex)])
        }
        for seen in visited { byDirectory[seen] = Found.none }
        return .none
    }

    /// Forgets every config read, after one has changed.
    package mutating func forget() { byDirectory.removeAll() }

    /// Reads a regular file of at most 1 MiB, or nil.
    package static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes.count <= 1 << 20 ? bytes : nil
    }
}
