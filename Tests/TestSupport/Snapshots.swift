import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Compares `text` with the snapshot file `directory/name` (directory relative to the repository root).
///
/// With `UPDATE_SNAPSHOTS=1` in the environment the file is (re)written and the check passes. Otherwise a
/// missing or different snapshot records an issue and the actual output is written next to it as
/// `name.new` (ignored by git) for review.
package func expectSnapshot(
    _ text: String, named name: String, in directory: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let path = repositoryRoot + "/" + directory + "/" + name
    if let flag = getenv("UPDATE_SNAPSHOTS"), String(cString: flag) == "1" {
        if !writeFile(path, text) { Issue.record("cannot write snapshot \(path)", sourceLocation: sourceLocation) }
        _ = unlink(path + ".new")
        return
    }
    guard let stored = readFile(path) else {
        _ = writeFile(path + ".new", text)
        Issue.record(
            "missing snapshot \(directory)/\(name); run with UPDATE_SNAPSHOTS=1 to record it",
            sourceLocation: sourceLocation)
        return
    }
    if stored == text {
        _ = unlink(path + ".new")
        return
    }
    _ = writeFile(path + ".new", text)
    let visibleExpected = stored.split(separator: "\n", omittingEmptySubsequences: false).map { visible($0) }
    let visibleActual = text.split(separator: "\n", omittingEmptySubsequences: false).map { visible($0) }
    let diff = screenDiff(actual: visibleActual, expected: visibleExpected) ?? "(differs only in invisible bytes)"
    Issue.record(
        Comment(
            rawValue: "snapshot \(directory)/\(name) differs (actual output in \(name).new; "
                + "UPDATE_SNAPSHOTS=1 accepts it):\n" + diff),
        sourceLocation: sourceLocation)
}

/// Escape bytes shown as "␛" so that diffs of terminal output are readable.
private func visible(_ line: Substring) -> String {
    String(String.UnicodeScalarView(line.unicodeScalars.map { $0 == "\u{1B}" ? "␛" : $0 }))
}
