import Foundation

/// Runs `work` on a thread of its own and waits for its result without holding a thread of the test pool.
///
/// Swift Testing runs tests on the cooperative pool, which has one thread a core: two on the machines this
/// project is measured on. A test that drives the terminal loop on a `TestBackend` spends most of its time in
/// the loop's ticks and in reads from a slow server; while two such tests wait, no other test runs, and the
/// quick run lost about a fifth of its time so. `work` runs outside the test's task, so it records no issue
/// (no `expect`, no `#require`): it returns what it saw and the test checks that. It must not touch what the
/// test uses meanwhile; the test only awaits it.
package func onItsOwnThread<Value>(_ work: @escaping () throws -> Value) async throws -> Value {
    let box = UncheckedSendable(work)
    let result: UncheckedSendable<Result<Value, any Error>> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: UncheckedSendable(Result { try box.value() })) }.start()
    }
    return try result.value.get()
}

/// A value handed from one thread to another that never use it at the same time.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package var value: Value

    /// Wraps `value`.
    package init(_ value: Value) { self.value = value }
}
