import Foundation
import TestSupport
import Testing

/// `.threadOfItsOwn` must take waiting tests off the pool, and what they expect must still count.
@Suite(.threadOfItsOwn) struct ThreadOfItsOwnTests {
    /// Counts the tasks that have arrived and lets them wait for the rest.
    final class Meeting: @unchecked Sendable {
        private let condition = NSCondition()
        private var arrived = 0
        let expected: Int

        init(expected: Int) { self.expected = expected }

        /// Arrives, and waits up to `seconds` for all the others; true if they all came.
        func arriveAndWait(seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            arrived += 1
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: seconds)
            while arrived < expected {
                if !condition.wait(until: deadline) { return arrived >= expected }
            }
            return true
        }
    }

    @Test func tasksThatBlockOnTheirOwnThreadsDoNotHoldThePool() async {
        // One more blocking task than the pool has threads: they only all meet if none holds a pool thread, as
        // a case blocked in `popen` or `usleep` under the trait must not.
        let meeting = Meeting(expected: ProcessInfo.processInfo.activeProcessorCount + 1)
        let met = await Self.tasksThatMeet(meeting) {
            await withTaskExecutorPreference(ThreadExecutor()) { meeting.arriveAndWait(seconds: 300) }
        }
        expectEqual(met, meeting.expected)
    }

    /// What a task inside a scope saw, read after the scope has ended.
    final class Outcome: @unchecked Sendable {
        var allMet = false
    }

    @Test func suiteAndTestScopesRunOffThePoolToo() async throws {
        // A scope with no test case is the suite's or the test's own: the runner starts a serialized suite's
        // next case from there, which must not wait behind the tests that hold the pool.
        let test = try #require(Test.current)
        let trait = try #require(ThreadOfItsOwnTrait.threadOfItsOwn.scopeProvider(for: test, testCase: nil))
        let meeting = Meeting(expected: ProcessInfo.processInfo.activeProcessorCount + 1)
        let met = await Self.tasksThatMeet(meeting) {
            let outcome = Outcome()
            try? await trait.provideScope(for: test, testCase: nil) {
                outcome.allMet = meeting.arriveAndWait(seconds: 30)
            }
            return outcome.allMet
        }
        expectEqual(met, meeting.expected)
    }

    /// Starts as many tasks running `arrive` as `meeting` expects, side by side, and counts those that saw
    /// everyone come.
    static func tasksThatMeet(_ meeting: Meeting, _ arrive: @escaping @Sendable () async -> Bool) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<meeting.expected { group.addTask(operation: arrive) }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    @Test func issuesRecordedOnTheThreadCount() {
        withKnownIssue {
            expect(false, "recorded from the test's own thread")
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "Expectation failed: recorded from the test's own thread" }
        }
    }
}
