import Dispatch

/// Lines made on a second thread and taken, in order, on the caller's: a long text written out is wrapped
/// again on one core while the lines already made are drawn and written on the other.
///
/// Writing a long text out is two sequential halves of about the same cost, making its lines and drawing
/// them, and only the first can run apart from the caller, whose `body` draws into its own grid. The lines
/// cross in batches through a fixed number of slots, so the producer runs at most a few batches ahead and
/// memory stays at a few thousand lines whatever the text's length.
enum LineHandoff {
    /// Lines a batch holds: one hand-over (two semaphore steps) per this many lines.
    static let batchLineCount = 256
    /// Batches made and not yet taken, at most.
    static let slotCount = 4

    /// Runs `produce` on another thread and calls `body` on this one with every line it emits and its
    /// index, in order; returns when the last line has been taken.
    static func run(
        produce: @escaping @Sendable (_ emit: (LayoutLine) -> Void) -> Void,
        _ body: (_ index: Int, LayoutLine) -> Void
    ) {
        let channel = BatchChannel(slotCount: slotCount)
        DispatchQueue.global().async {
            var batch: [LayoutLine] = []
            batch.reserveCapacity(batchLineCount)
            produce { line in
                batch.append(line)
                if batch.count == batchLineCount {
                    channel.send(batch)
                    batch = []
                    batch.reserveCapacity(batchLineCount)
                }
            }
            if !batch.isEmpty { channel.send(batch) }
            channel.send(nil)
        }
        var index = 0
        while let batch = channel.receive() {
            for line in batch {
                body(index, line)
                index += 1
            }
        }
    }
}

/// A ring of batch slots between one sending and one receiving thread. Each slot is written by the sender
/// only after `free` let it in, and read by the receiver only after `ready` said it was written: the
/// semaphores order every access, and each index is touched by one thread at a time. `nil` ends the stream.
private final class BatchChannel: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<[LayoutLine]?>
    private let free: DispatchSemaphore
    private let ready = DispatchSemaphore(value: 0)
    private var sendIndex = 0
    private var receiveIndex = 0

    init(slotCount: Int) {
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: nil)
        free = DispatchSemaphore(value: slotCount)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func send(_ batch: [LayoutLine]?) {
        free.wait()
        slots[sendIndex] = batch
        sendIndex = (sendIndex + 1) % slots.count
        ready.signal()
    }

    func receive() -> [LayoutLine]? {
        ready.wait()
        // Copied, not taken: the slot keeps the batch until the sender fills it again, slots later, by when
        // the receiver has long let go of its lines; they are then freed on the thread that made them. Freed
        // on this one instead, every string and array went back past the maker's per-thread cache, and a
        // render took 4% more processor time (the 2.2 MB and 8 MB messages in paragraphs, side by side).
        let batch = slots[receiveIndex]
        receiveIndex = (receiveIndex + 1) % slots.count
        free.signal()
        return batch
    }
}
