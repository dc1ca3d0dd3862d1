/// The elements of a table that is made once and kept for the life of the process, such as the vocabulary's
/// byte tables: copying a value that holds one copies a pointer and a count, with no reference count to change.
///
/// The valid-document reader copies its tables once per document; held as arrays, that copy and its end were
/// eleven atomic reference-count changes each, a few percent of reading a small document. The storage is never
/// freed, so a `PermanentBuffer` is for tables made a fixed number of times, never per input.
@usableFromInline package struct PermanentBuffer<Element> {
    /// The elements, in the order given.
    @usableFromInline package let elements: UnsafeBufferPointer<Element>

    /// A buffer holding `array`'s elements.
    package init(_ array: [Element]) {
        let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
        _ = storage.initialize(from: array)
        elements = UnsafeBufferPointer(storage)
    }
}

// The elements are written once, before the buffer is shared, and never again.
extension PermanentBuffer: @unchecked Sendable where Element: Sendable {}
