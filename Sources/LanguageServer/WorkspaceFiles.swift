#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `*.json` files of a workspace folder, for workspace diagnostics.
///
/// Directories whose names start with a dot (`.git`, `.build`, `.venv`) are not entered: they hold tools'
/// files, never an author's modals, and can hold thousands of JSON files. Links to directories are not
/// followed, so a cycle cannot loop.
package enum WorkspaceFiles {
    /// Every `*.json` file below `directory` (absolute, ending in `/`), sorted by path, at most `limit` of them.
    package static func jsonFiles(under directory: String, limit: Int = 10_000) -> [String] {
        var found: [String] = []
        var pending = [directory]
        while let folder = pending.popLast(), found.count < limit {
            guard let handle = opendir(folder) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = folder + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR where !name.hasPrefix("."): pending.append(path + "/")
                case S_IFREG where name.hasSuffix(".json"): found.append(path)
                default: break
                }
            }
        }
        return Array(found.sorted().prefix(limit))
    }
}
