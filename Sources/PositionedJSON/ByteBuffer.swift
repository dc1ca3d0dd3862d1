/// A growable byte buffer for decoding escaped strings, reused across strings and never shrunk.
///
/// `[UInt8].append(contentsOf:)` from a buffer pointer goes through the generic sequence path;
/// copying runs with `memcpy`-like initialisation here is several times cheaper per call.
package struct ByteBuffer: ~Copyable {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private var capacity = 0
    private let firstCapacity: Int
    /// The number of bytes in the buffer.
    private(set) var count = 0

    /// Creates an empty buffer that makes room for `capacity` bytes when the first is appended (see
    /// `ValueStack`): most strings have no escape, and most documents never need the buffer.
    package init(capacity: Int) {
        firstCapacity = max(capacity, 64)
        start = .emptyStorage
    }

    deinit { if capacity > 0 { start.deallocate() } }

    /// Empties the buffer, keeping its storage.
    @inline(__always)
    package mutating func removeAll() { count = 0 }

    /// Appends `length` bytes from `source`.
    @inline(__always)
    package mutating func append(_ source: UnsafePointer<UInt8>, length: Int) {
        reserve(length)
        (start + count).initialize(from: source, count: length)
        count += length
    }

    /// Appends one byte.
    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Appends the UTF-8 encoding of the scalar value `value`, making room once.
    @inline(__always)
    package mutating func appendUTF8(_ value: UInt32) {
        reserve(4)
        let end = start + count
        switch value {
        case 0..<0x80:
            end[0] = UInt8(truncatingIfNeeded: value)
            count += 1
        case 0x80..<0x800:
            end[0] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            end[1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 2
        case 0x800..<0x10000:
            end[0] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
            end[1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            end[2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 3
        default:
            end[0] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
            end[1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
            end[2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            end[3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            count += 4
        }
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Makes room for `bytes` bytes in all, at once, when the buffer has no storage yet; a caller that knows
    /// about how much a first use takes saves the doublings up to it.
    @inline(__always)
    package mutating func reserveFirst(_ bytes: Int) {
        if capacity == 0 && bytes > firstCapacity { grow(to: bytes) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity == 0 ? firstCapacity : capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        if capacity > 0 { start.deallocate() }
        start = newStart
        capacity = newCapacity
    }
}
