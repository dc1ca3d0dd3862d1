import Dispatch
import Synchronization

/// Messages read but not yet handled, shared by the reading thread and the handling thread.
///
/// Cancellations skip the queue: the reader records them as soon as they arrive, so a request still waiting
/// behind slow work is answered as cancelled instead of being worked on.
final class MessageInbox: Sendable {
    enum Item: Sendable {
        case message(IncomingMessage)
        case unreadable(IncomingMessageError)
        case malformedFrame(String)
        case endOfInput
    }

    private struct Contents {
        var items: [Item] = []
        var head = 0
        var cancelled: Set<RequestID> = []
    }

    private let contents = Mutex(Contents())
    private let arrivals = DispatchSemaphore(value: 0)

    func post(_ item: Item) {
        contents.withLock { $0.items.append(item) }
        arrivals.signal()
    }

    func cancel(_ id: RequestID) {
        contents.withLock { _ = $0.cancelled.insert(id) }
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
