/// Finds the `.modalkit.json` that applies to a file, as `.editorconfig` is found: the nearest one in the
/// file's directory or above it. `modalkit validate` and the language server both look this way.
///
/// What a config file yields (`Loaded`) is the caller's: the command prints a broken one's problems and
/// stops, the editor shows them. Each directory is looked at once until `forget()`, however many files
/// below it ask, and a directory's answer is shared with every directory passed on the way up to it.
package struct ConfigSearch<Loaded> {
    /// What each directory looked at led to; nil for no config file at or above it.
    private var byDirectory: [String: Loaded?] = [:]

    /// Creates a search that has looked at no directory yet.
    package init() {}

    /// The config for the file at `path` (absolute), or nil when no directory above it holds one.
    /// `load` gets each candidate path and its directory, nearest first, and returns nil when there is no
    /// config file there.
    package mutating func nearest(toFile path: String, load: (_ path: String, _ directory: String) -> Loaded?)
        -> Loaded?
    {
        nearest(inDirectory: Self.directory(of: path), load: load)
    }

    /// The config for files in `directory` (absolute, ending in `/`), or nil when neither it nor a
    /// directory above it holds one; `load` as for `nearest(toFile:load:)`.
    package mutating func nearest(inDirectory start: String, load: (_ path: String, _ directory: String) -> Loaded?)
        -> Loaded?
    {
        var directory = start
        var visited: [String] = []
        var found: Loaded?
        while true {
            if let known = byDirectory[directory] {
                found = known
                break
            }
            visited.append(directory)
            if let loaded = load(directory + ValidationConfig.fileName, directory) {
                found = loaded
                break
            }
            if directory == "/" || directory.isEmpty { break }
            directory = Self.directory(of: String(directory.dropLast()))
        }
        for seen in visited { byDirectory[seen] = .some(found) }
        return found
    }

    /// Forgets every directory looked at, after a config file has changed.
    package mutating func forget() { byDirectory.removeAll() }

    /// The directory part of a path, ending in `/`; "" for a bare name.
    ///
    /// The slash is found among the bytes, as the file system finds it: a search by `Character` took longer
    /// than validating a small file, and would miss a slash that a combining mark follows.
    package static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(decoding: path.utf8[...slash], as: UTF8.self)
    }
}
