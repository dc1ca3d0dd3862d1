/// A growable stack that hands its top elements over to a new, exactly sized array by moving them.
///
/// The parser pushes the children of every open container here and pops them as one array when the
/// container closes, so each array in the tree is allocated once at its final size, and no element is
/// retained and released on the way.
package struct ValueStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity = 0
    private let firstCapacity: Int
    /// The number of elements on the stack.
    private(set) var count = 0

    /// Creates an empty stack that makes room for `capacity` elements when the first is pushed.
    ///
    /// Nothing is allocated before then: a scanner that reads a document without building a tree, or a
    /// tiny one, never pushes, and its allocations were a good part of what decoding an action's data cost.
    package init(capacity: Int) {
        firstCapacity = max(capacity, 16)
        storage = .emptyStorage
    }

    deinit {
        storage.deinitialize(count: count)
        if capacity > 0 { storage.deallocate() }
    }

    /// Pushes one element.
    @inline(__always)
    package mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Removes the elements from `start` to the top and returns them, in order, as an array.
    package mutating func popArray(from start: Int) -> [Element] {
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
        let newCapacity = capacity == 0 ? firstCapacity : capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        if capacity > 0 { storage.deallocate() }
        storage = newStorage
        capacity = newCapacity
    }
}

extension UnsafeMutablePointer {
    /// A suitably aligned address that is never read or freed, for storage that has no room yet.
    package static var emptyStorage: UnsafeMutablePointer {
        UnsafeMutablePointer(bitPattern: MemoryLayout<Pointee>.alignment)!
    }
}
