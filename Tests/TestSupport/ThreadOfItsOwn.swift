import Foundation
import Testing

extension Trait where Self == ThreadOfItsOwnTrait {
    /// Runs the test or suite, and each of its test cases, on threads of their own, not on the test pool.
    package static var threadOfItsOwn: Self { ThreadOfItsOwnTrait() }
}

/// Runs each test case, and the suite's and test's own steps, on threads of their own: for tests that mostly
/// wait, on a child process, a server, a terminal or a timer.
///
/// Swift Testing runs test cases on the cooperative pool, which has one thread a core: two on the machines this
/// project is measured on. A test that blocks in `popen`, `poll` or `usleep` holds one of those threads while it
/// waits, so that no other test can use the core; and the pool takes tests in an order of its own, so a group
/// of such tests often comes last and the run ends with idle cores. Under this trait the case's task prefers a
/// `ThreadExecutor` made for it (SE-0417), so the case's own code, and its `expect` calls, run on that thread and
/// record their issues as usual, while the pool goes on with the tests that compute.
package struct ThreadOfItsOwnTrait: TestTrait, SuiteTrait, TestScoping {
    /// A suite's trait applies to every test in it.
    package var isRecursive: Bool { true }
    /// A scope for the suite, for each test and for each test case, not only for the cases (the default).
    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { self }

    /// Runs the suite, the test or the test case with a fresh thread as its preferred executor.
    ///
    /// Not only the cases: the suite's and the test's own steps, such as starting the next case of a serialized
    /// suite once one has ended, would otherwise wait for a pool thread, and while tests that compute hold the
    /// pool, a serialized suite's cases then ran one by one only at the end of the run.
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let executor = ThreadExecutor()
        defer { executor.finish() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

/// A task executor with a thread of its own, which runs the jobs given to it in order.
///
/// After `finish()` the thread ends once the queue is empty; a job that still comes (a late continuation)
/// starts a thread again, so no job is ever left unrun.
package final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    // `jobs`, `finished` and `threadRuns` are guarded by `condition`; the thread waits on it for jobs.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false
    private var threadRuns = false

    /// Makes an executor; its thread starts with the first job.
    package init() {}

    /// Queues `job` for the thread, starting the thread when none runs.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let start = !threadRuns
        threadRuns = true
        condition.signal()
        condition.unlock()
        if start {
            Thread { [self] in
                // For debuggers only, and named from inside: a Linux thread otherwise keeps the name of the pool
                // thread that made it, and even so the name does not always take, so nothing may depend on it.
                Thread.current.name = "ThreadExecutor"
                runJobs()
            }.start()
        }
    }

    /// Lets the thread end once it has run the jobs queued so far.
    package func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                threadRuns = false
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
