/// The repository root, found from this file's path, so tests read fixtures without system paths.
package let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()
