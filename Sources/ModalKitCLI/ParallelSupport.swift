#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The number of processors the command may use.
enum ProcessorCount {
    static var online: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// Fixed slots of the results that concurrent workers fill, each worker writing only its own indices.
///
/// Marked unchecked-Sendable because the slots are disjoint by construction: each index goes to exactly one
/// worker, and the slots are read only after every worker has finished.
final class ResultSlots<Element>: @unchecked Sendable {
    // A raw buffer, not an array property: workers writing an array property at the same time would be
    // overlapping accesses to one variable even though the elements differ.
    private let slots: UnsafeMutableBufferPointer<Element?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ result: Element, at index: Int) { slots[index] = result }

    func results() -> [Element] { slots.map { $0! } }
}
