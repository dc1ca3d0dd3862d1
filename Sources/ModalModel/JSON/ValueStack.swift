/// A growable stack that hands its top elements over to a new, exactly sized array by moving them.
///
/// The parser pushes the children of every open container here and pops them as one array when the
/// container closes, so each array in the tree is allocated once at its final size, and no element is
/// retained and released on the way.
struct ValueStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var count = 0

    /// Creates an empty stack with room for `capacity` elements.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        storage = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Pushes one element.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Removes the elements from `start` to the top and returns them, in order, as an array.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        if moved == 0 { return [] }
        // Appending moved elements measured faster than `init(unsafeUninitializedCapacity:)`, whose
        // unspecialised allocation path looks up generic metadata on every call.
        var result: [Element] = []
        result.reserveCapacity(moved)
        for index in start..<count { result.append((storage + index).move()) }
        count = start
        return result
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
