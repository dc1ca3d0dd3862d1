import CNcursesw
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The wait both terminal backends share: for input on the terminal or an exit signal on the signal
/// descriptor, whichever comes first.
enum ExitSignalWait {
    /// Waits up to `timeoutMilliseconds`, then returns the exit signals that arrived, and SIGHUP when the
    /// terminal went away without one reaching the process; the terminal's own input is left to be read.
    static func wait(terminal: Int32, signals: Int32, timeoutMilliseconds: Int) -> [TerminalInput] {
        var descriptors = [
            pollfd(fd: terminal, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
        ]
        // EINTR (a resize, whose handler was installed) just means: read what has come.
        _ = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: timeoutMilliseconds))
        var inputs: [TerminalInput] = []
        while true {
            let signal = cnc_read_signal(signals)
            if signal == 0 { break }
            inputs.append(.signal(signal))
        }
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            // The terminal went away without a SIGHUP reaching us: end as if it had.
            inputs.append(.signal(SIGHUP))
        }
        return inputs
    }

    /// Takes a terminal stop (SIGTSTP, Ctrl-Z) out of `inputs`: the backend suspends itself instead of ending
    /// the loop. True when one was there.
    static func takeStop(from inputs: inout [TerminalInput]) -> Bool {
        let count = inputs.count
        inputs.removeAll { $0 == .signal(SIGTSTP) }
        return inputs.count != count
    }

    /// Whether the fatal-signal handler may hand the signal on to Swift's crash reporter after restoring
    /// the terminal (`cnc_fatal_install`'s `chain`).
    static var chainsCrashReporter: Int32 {
        let setting = getenv("SWIFT_BACKTRACE").map { String(cString: $0) }
        return CrashReporterSetting.mayRunAfterRestore(swiftBacktrace: setting) ? 1 : 0
    }
}
