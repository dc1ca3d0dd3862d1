#if canImport(Glibc)
    import Glibc
#endif

/// Asks the terminal what it can do, in one round trip, before ncurses takes it.
///
/// All the queries go out at once, followed by a primary device attributes request (DA1, `CSI c`) that
/// every terminal answers after the others: its reply ends the wait, so a terminal that answers costs one
/// round trip and one that does not costs at most the timeout. Echo is off while waiting and every reply is
/// read here, so nothing shows on screen, whether or not the terminal answers.
package enum TerminalProbe {
    /// DECRQM for grapheme cluster mode (2027) and synchronized output (2026), OSC 11 for the background
    /// colour, then DA1 as the sentinel.
    package static let queries = "\u{1B}[?2027$p\u{1B}[?2026$p\u{1B}]11;?\u{1B}\\\u{1B}[c"

    /// How long to wait for the replies at most.
    package static let defaultTimeoutMilliseconds = 150

    /// What the terminal answered, and how long the asking took.
    package struct Outcome: Sendable, Equatable {
        /// The replies read.
        package var replies: TerminalReplies
        /// Milliseconds from sending the queries to the last reply (or to the timeout).
        package var elapsedMilliseconds: Int
    }

    /// Sends the queries on `output` and reads the replies from `input` (both the terminal), with echo and
    /// line buffering off, for at most `timeoutMilliseconds`; the terminal's settings are put back after.
    package static func run(input: Int32, output: Int32, timeoutMilliseconds: Int = defaultTimeoutMilliseconds)
        -> Outcome
    {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return Outcome(replies: TerminalReplies(), elapsedMilliseconds: 0) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(input, TCSANOW, &quiet)
        defer { _ = tcsetattr(input, TCSANOW, &saved) }

        let start = monotonicMilliseconds()
        var replies = TerminalReplies()
        guard writeAll(Array(queries.utf8), to: output) else {
            return Outcome(replies: replies, elapsedMilliseconds: 0)
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        while !replies.isComplete {
            let left = timeoutMilliseconds - (monotonicMilliseconds() - start)
            if left <= 0 { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 || descriptor.revents & Int16(POLLIN) == 0 { break }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            replies.read(buffer[0..<count])
        }
        return Outcome(replies: replies, elapsedMilliseconds: monotonicMilliseconds() - start)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            written += n
        }
        return true
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
