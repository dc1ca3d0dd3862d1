import Screen

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive loop: read input, let the caller handle it, draw what changed; the terminal is
/// restored however it ends (a stop, a signal, or an error thrown by the caller).
package enum TerminalLoop {
    /// What the caller wants after an input or a tick.
    package enum Step: Sendable, Equatable {
        /// Keep going.
        case proceed
        /// End the loop with this exit status.
        case stop(Int32)
    }

    /// How the loop ended.
    package enum Outcome: Sendable, Equatable {
        /// The caller asked to stop with this exit status.
        case stopped(Int32)
        /// A signal (SIGINT, SIGTERM, SIGHUP) ended it.
        case signalled(Int32)

        /// The exit status for the process: the caller's, or 128 plus the signal number as shells report it.
        package var exitStatus: Int32 {
            switch self {
            case .stopped(let status): status
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// Runs until `handle` or `tick` says stop or an exit signal arrives, then closes `session`.
    ///
    /// `frame` gives the screen to show and is asked after every batch of input; `tick` runs at least every
    /// `tickMilliseconds` (for polling a watched file), even while input keeps arriving.
    ///
    /// While `isWorking` says that work runs beside the loop (a layout on another thread), input is waited
    /// for at most `workPollMilliseconds`, and `pollWork` runs after every wait to take what the work finished.
    package static func run(
        session: TerminalSession, tickMilliseconds: Int = 250, frame: () -> CellGrid,
        handle: (TerminalInput) throws -> Step, tick: () throws -> Step, isWorking: () -> Bool = { false },
        pollWork: () throws -> Step = { .proceed }
    ) throws -> Outcome {
        defer { session.close() }
        session.draw(frame())
        var nextTick = monotonicMilliseconds() + tickMilliseconds
        while true {
            var wait = max(0, nextTick - monotonicMilliseconds())
            if isWorking() { wait = min(wait, workPollMilliseconds) }
            let inputs = session.readInputs(timeoutMilliseconds: wait)
            for (index, input) in inputs.enumerated() {
                if case .signal(let signal) = input { return .signalled(signal) }
                if case .stop(let status) = try handle(input) {
                    // Keys typed ahead of the one that ended the preview belong to what runs next.
                    session.giveBack(Array(inputs[(index + 1)...]))
                    return .stopped(status)
                }
            }
            if case .stop(let status) = try pollWork() { return .stopped(status) }
            if monotonicMilliseconds() >= nextTick {
                nextTick = monotonicMilliseconds() + tickMilliseconds
                if case .stop(let status) = try tick() { return .stopped(status) }
            }
            session.draw(frame())
        }
    }

    /// How long the loop waits for input at most while work runs beside it: a frame at 60 Hz.
    package static let workPollMilliseconds = 16

    /// Milliseconds on the monotonic clock, which no change of the wall clock moves.
    package static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
