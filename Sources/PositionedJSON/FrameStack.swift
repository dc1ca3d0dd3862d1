/// The parser's open containers, innermost on top, in storage it owns.
///
/// The parser touches the top frame for every member and element; a plain array there paid a bounds check
/// and a uniqueness check on each access, and a retain and release for each key copied out of it.
package struct FrameStack: ~Copyable {
    private var storage: UnsafeMutablePointer<JSONScanner.Frame>
    private var capacity = 0
    private let firstCapacity: Int
    /// The number of open containers.
    private(set) var count = 0

    /// Creates an empty stack that makes room for `capacity` frames when the first opens (see `ValueStack`).
    package init(capacity: Int) {
        firstCapacity = max(capacity, 4)
        storage = .emptyStorage
    }

    deinit {
        storage.deinitialize(count: count)
        if capacity > 0 { storage.deallocate() }
    }

    /// Whether no container is open.
    package var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    /// Whether the innermost container is an object. The stack must not be empty.
    package var topIsObject: Bool {
        @inline(__always) get { storage[count - 1].isObject }
    }

    /// Opens a container.
    @inline(__always)
    package mutating func push(_ frame: consuming JSONScanner.Frame) {
        if count == capacity { grow() }
        (storage + count).initialize(to: frame)
        count += 1
    }

    /// Closes the innermost container.
    @inline(__always)
    package mutating func pop() -> JSONScanner.Frame {
        count -= 1
        return (storage + count).move()
    }

    /// Records the key of the member whose value comes next in the innermost object.
    @inline(__always)
    package mutating func setTopKey(_ key: consuming String, at keyByteOffset: Int) {
        storage[count - 1].key = key
        storage[count - 1].keyByteOffset = keyByteOffset
    }

    /// Takes the innermost object's current key, leaving an empty one (each key is used once).
    @inline(__always)
    package mutating func takeTopKey() -> (key: String, byteOffset: Int) {
        let top = storage + (count - 1)
        let key = top.pointee.key
        top.pointee.key = ""
        return (key, top.pointee.keyByteOffset)
    }

    private mutating func grow() {
        let newCapacity = capacity == 0 ? firstCapacity : capacity * 2
        let newStorage = UnsafeMutablePointer<JSONScanner.Frame>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        if capacity > 0 { storage.deallocate() }
        storage = newStorage
        capacity = newCapacity
    }
}
