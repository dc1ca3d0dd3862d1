#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The repository root, found from this file's path, so tests read fixtures without system paths.
package let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// Makes a pipe into `ends` whose ends no program started afterwards inherits; 0 on success, as `pipe` returns.
///
/// Tests run side by side, and some start programs (tmux, git, a server) while others hold a pipe to a bridge
/// in the same process. A child that inherits such a pipe keeps it open: the reader then never sees the end of
/// the stream, and the bridge never sees the reader go, until that child exits. (`pipe2`, which would mark
/// the ends in the same call, is not in the Glibc module; the gap is the two `fcntl` calls.)
package func makeCloseOnExecPipe(_ ends: inout [Int32]) -> Int32 {
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return 0
}
