import Dispatch
import PositionedJSON
import Synchronization

/// Messages read but not yet handled, shared by the reading thread and the handling thread.
///
/// Cancellations skip the queue: the reader records them as soon as they arrive, so a request still waiting
/// behind slow work is answered as cancelled instead of being worked on, and a request being answered off the
/// loop's thread has its flag set at once.
final class MessageInbox: Sendable {
    enum Item: Sendable {
        case message(IncomingMessage)
        case unreadable(IncomingMessageError)
        case malformedFrame(String)
        case endOfInput
        /// A deferred request's answer, to be written by the loop's thread.
        case finished(RequestID, Result<JSONValue, ResponseError>)
    }

    private struct Contents {
        var items: [Item] = []
        var head = 0
        var cancelled: Set<RequestID> = []
        var running: [RequestID: CancellationFlag] = [:]
    }

    private let contents = Mutex(Contents())
    private let arrivals = DispatchSemaphore(value: 0)

    func post(_ item: Item) {
        contents.withLock { $0.items.append(item) }
        arrivals.signal()
    }

    func cancel(_ id: RequestID) {
        contents.withLock { contents in
            contents.running[id]?.cancel()
            contents.cancelled.insert(id)
        }
    }

    /// The flag of a request about to be answered off the loop's thread, which a cancellation sets.
    func startRunning(_ id: RequestID) -> CancellationFlag {
        let flag = CancellationFlag()
        contents.withLock { contents in
            if contents.cancelled.contains(id) { flag.cancel() }
            contents.running[id] = flag
        }
        return flag
    }

    /// Forgets a request whose answer is written: a later cancellation of its id is of nothing.
    func stopRunning(_ id: RequestID) {
        contents.withLock { contents in
            contents.running[id] = nil
            contents.cancelled.remove(id)
        }
    }

    /// Whether `id` was cancelled; forgets it, since an id is answered once.
    func takeCancellation(of id: RequestID) -> Bool {
        contents.withLock { $0.cancelled.remove(id) != nil }
    }

    /// The next item, or nil when none is waiting.
    func take() -> Item? {
        contents.withLock { contents in
            guard contents.head < contents.items.count else { return nil }
            let item = contents.items[contents.head]
            contents.head += 1
            if contents.head == contents.items.count {
                contents.items.removeAll(keepingCapacity: true)
                contents.head = 0
            }
            return item
        }
    }

    /// Blocks until something has been posted since the last wait.
    func waitForArrival() { arrivals.wait() }
}
