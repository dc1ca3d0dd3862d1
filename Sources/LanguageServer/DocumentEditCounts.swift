import Synchronization

/// How many times each document has changed, readable from any thread: work answering a request off the
/// loop's thread compares the count it started with to the count now, to know whether its answer is still
/// about the text the client has.
package final class DocumentEditCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Creates an empty record.
    package init() {}

    /// Records a change (an edit, an open, a close or a new config) of the document at `uri`.
    package func recordChange(of uri: String) {
        counts.withLock { $0[uri, default: 0] += 1 }
    }

    /// How many changes of `uri` have been recorded.
    package func changes(of uri: String) -> Int {
        counts.withLock { $0[uri] ?? 0 }
    }
}
