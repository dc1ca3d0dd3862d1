import Dispatch
import Preview
import ScreenLayout
import Synchronization
import Terminal

/// Lays out the preview's pending layout (`PreviewState.pendingLayout`) off the input thread, one at a time.
///
/// The host calls `follow(_:)` after every event with what the state now waits for: a new request cancels the
/// one running, which stops within a window of its message (`WrappedText`'s `shouldContinue`), so that on two
/// cores a superseded layout does not slow down the one that replaced it. The loop polls `takeFinished()`.
final class BackgroundLayout: Sendable {
    /// One layout on its way: the request, whether it is still wanted, and its result once made.
    private final class Job: Sendable {
        let request: LayoutRequest
        let startedMilliseconds: Int
        let isCancelled = Atomic(false)
        let result = Mutex<ModalLayout?>(nil)
        /// The tenths of a second of running last reported with `PreviewEvent.layoutRunning`.
        let reportedTenths = Atomic(0)

        init(request: LayoutRequest, startedMilliseconds: Int) {
            self.request = request
            self.startedMilliseconds = startedMilliseconds
        }
    }

    private let current = Mutex<Job?>(nil)
    private let queue = DispatchQueue(label: "modalkit.preview.layout", qos: .userInitiated)

    /// Starts laying out `request` unless it is the one running; cancels the one running when it differs.
    func follow(_ request: LayoutRequest?) {
        current.withLock { job in
            if job?.request == request { return }
            job?.isCancelled.store(true, ordering: .relaxed)
            job = nil
            guard let request else { return }
            let started = Job(request: request, startedMilliseconds: TerminalLoop.monotonicMilliseconds())
            job = started
            queue.async {
                let layout = started.request.layOut(shouldContinue: { !started.isCancelled.load(ordering: .relaxed) })
                started.result.withLock { $0 = layout }
            }
        }
    }

    /// Whether a layout is running: the loop then waits for input only briefly, to show its result at once.
    var isRunning: Bool { current.withLock { $0 != nil } }

    /// The finished layout with its request, once; nil while it runs or when none runs.
    func takeFinished() -> (LayoutRequest, ModalLayout)? {
        current.withLock { job in
            guard let running = job, let layout = running.result.withLock({ $0 }) else { return nil }
            job = nil
            return (running.request, layout)
        }
    }

    /// What the loop feeds the preview next: the finished layout, else how long it has run once that
    /// passes `PreviewState.layoutProgressMilliseconds` (again every tenth of a second); nil when neither.
    func nextEvent() -> PreviewEvent? {
        if let (request, layout) = takeFinished() { return .laidOut(request, layout) }
        return current.withLock { job -> PreviewEvent? in
            guard let job else { return nil }
            let milliseconds = TerminalLoop.monotonicMilliseconds() - job.startedMilliseconds
            let tenths = milliseconds / 100
            guard milliseconds >= PreviewState.layoutProgressMilliseconds,
                tenths > job.reportedTenths.load(ordering: .relaxed)
            else { return nil }
            job.reportedTenths.store(tenths, ordering: .relaxed)
            return .layoutRunning(milliseconds: milliseconds)
        }
    }

    /// Feeds `carry` every event `nextEvent()` has, stopping where `carry` says stop: the loop's `pollWork`.
    func deliver(to carry: (PreviewEvent) -> TerminalLoop.Step) -> TerminalLoop.Step {
        while let event = nextEvent() {
            if case .stop(let code) = carry(event) { return .stop(code) }
        }
        return .proceed
    }

    /// Stops the running layout, as when the preview ends.
    func cancel() { follow(nil) }

    /// Returns once every layout started so far has finished or stopped, so that a test can tell what comes
    /// back without waiting for a guessed time.
    func waitUntilIdle() { queue.sync {} }
}
