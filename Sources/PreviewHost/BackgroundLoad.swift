import Dispatch
import Preview
import Synchronization
import Terminal

/// Reads the preview's pending source (`PreviewState.pendingLoad`) off the input thread, so that keys,
/// host commands and Esc are answered while a slow file or URL loads.
///
/// The host calls `follow(_:)` after every event with what the state now waits for. A request that is no
/// longer wanted (Esc, or a newer request) is dropped: its reading runs to its end on its own thread, on a
/// concurrent queue so that it does not hold up the one that replaced it, and its answer is thrown away.
final class BackgroundLoad: Sendable {
    private final class Job: Sendable {
        let request: LoadRequest
        let result = Mutex<FileLoad?>(nil)

        init(request: LoadRequest) { self.request = request }
    }

    private let current = Mutex<Job?>(nil)
    private let group = DispatchGroup()

    /// Starts reading `request` with `read` unless it is the one running; forgets the one running when it
    /// differs.
    func follow(_ request: LoadRequest, read: @escaping @Sendable () -> FileLoad) {
        current.withLock { job in
            if job?.request == request { return }
            let started = Job(request: request)
            job = started
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                let load = read()
                started.result.withLock { $0 = load }
            }
        }
    }

    /// Forgets the load running, if any: its answer is thrown away.
    func stop() {
        current.withLock { $0 = nil }
    }

    /// Whether a load runs: the loop then waits for input only briefly, to show its result at once.
    var isRunning: Bool { current.withLock { $0 != nil } }

    /// The finished load with its request, once; nil while it runs or when none runs.
    func takeFinished() -> (LoadRequest, FileLoad)? {
        current.withLock { job in
            guard let running = job, let load = running.result.withLock({ $0 }) else { return nil }
            job = nil
            return (running.request, load)
        }
    }

    /// Feeds `carry` the finished load, if there is one: the loop's `pollWork`.
    func deliver(to carry: (PreviewEvent) -> TerminalLoop.Step) -> TerminalLoop.Step {
        guard let (request, load) = takeFinished() else { return .proceed }
        return carry(.loaded(request, load))
    }

    /// Returns once every load started so far has ended, so that a test can tell what comes back without
    /// waiting for a guessed time.
    func waitUntilIdle() { group.wait() }
}
