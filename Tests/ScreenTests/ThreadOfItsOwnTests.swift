import Foundation
import TestSupport
import Testing

/// `.threadOfItsOwn` must take waiting tests off the pool, and what they expect must still count.
@Suite(.threadOfItsOwn) struct ThreadOfItsOwnTests {
    /// One more case than the pool has threads: the cases only meet if none of them holds a pool thread.
    static let meetingCases = Array(0...ProcessInfo.processInfo.activeProcessorCount)
    static let meeting = Meeting(expected: meetingCases.count)

    /// Counts the cases that have arrived and lets them wait for the rest.
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

    @Test(arguments: meetingCases)
    func casesThatBlockDoNotHoldThePool(index: Int) {
        // Blocking, as `popen` or `usleep` do: on the pool, the last case could never start while the others wait.
        expect(Self.meeting.arriveAndWait(seconds: 300), "case \(index) waited in vain for \(Self.meeting.expected)")
    }

    @Test func issuesRecordedOnTheThreadCount() {
        withKnownIssue {
            expect(false, "recorded from the test's own thread")
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "Expectation failed: recorded from the test's own thread" }
        }
    }

    /// The name of the thread that runs the caller.
    static func threadName() -> String? { Thread.current.name }

    @Test func theCaseComesBackToItsThreadAfterAwaiting() async {
        expectEqual(Self.threadName(), "ThreadExecutor")
        try? await Task.sleep(nanoseconds: 1_000_000)
        expectEqual(Self.threadName(), "ThreadExecutor")
    }
}
