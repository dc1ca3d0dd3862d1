import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `git` with arguments and collects what it writes, for `modalkit diff --git`.
///
/// The program is started with `posix_spawnp` as the HTTP source starts curl, so the command line needs no
/// Foundation; both outputs are read through `poll` so that neither pipe can fill and stall git.
struct GitRunner {
    /// What a finished git wrote and how it ended.
    struct Outcome {
        var status: Int32
        var output: [UInt8]
        var errorText: String
    }

    /// Runs `git arguments…`; the failure says why when git cannot be started.
    static func run(_ arguments: [String]) -> Result<Outcome, GitFailure> {
        spawning.withLock { _ in start(arguments) }.flatMap(collect)
    }

    /// Makes the pipes and starts git; its pid and the read ends.
    private static func start(_ arguments: [String]) -> Result<(pid_t, Int32, Int32), GitFailure> {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard makePipe(&outPipe) == 0 else { return .failure(GitFailure(message: "cannot make a pipe for git")) }
        guard makePipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            return .failure(GitFailure(message: "cannot make a pipe for git"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        let argv = (["git"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, environ)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            return .failure(
                GitFailure(
                    message: spawned == ENOENT
                        ? "git is not on PATH; --git needs it"
                        : "cannot start git: \(String(cString: strerror(spawned)))"))
        }
        return .success((pid, outPipe[0], errPipe[0]))
    }

    /// Reads what git writes until it closes both pipes, then waits for it.
    private static func collect(_ started: (pid: pid_t, out: Int32, err: Int32)) -> Result<Outcome, GitFailure> {
        let pid = started.pid
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var open = [started.out, started.err]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in fds where entry.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress!, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == started.out {
                    output.append(contentsOf: chunk[..<count])
                } else if errors.count < 1 << 16 {
                    errors.append(contentsOf: chunk[..<count])
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The exit code is in bits 8-15 of a normal exit; a signal leaves it non-zero in the low bits.
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return .success(
            Outcome(
                status: exitCode, output: output,
                errorText: String(decoding: errors, as: UTF8.self).trimmingSuffix(while: \.isWhitespace)))
    }
}

extension GitRunner {
    /// Held from making the pipes to starting git. Files are compared on several threads, each starting git;
    /// a pipe made by one thread and inherited by another thread's git before it is marked close-on-exec would
    /// stay open until that git exits.
    fileprivate static let spawning = Mutex(())

    fileprivate static func makePipe(_ ends: inout [Int32]) -> Int32 {
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
    }
}

/// Why git could not answer.
struct GitFailure: Error {
    var message: String
}

extension String {
    /// The string without the trailing characters `predicate` accepts.
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
