import Synchronization

/// Set when the client cancels a request that is being answered off the loop's thread: the reader sets it as
/// soon as `$/cancelRequest` arrives, and the work looks at it between steps and stops.
package final class CancellationFlag: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Creates a flag that is not set.
    package init() {}

    /// Asks the work to stop.
    package func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether the work was asked to stop.
    package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Throws `RequestCancelled` once the flag is set: the coarse-grained check long work makes between steps.
    package func check() throws(ResponseError) {
        if isCancelled { throw .requestCancelled }
    }
}
