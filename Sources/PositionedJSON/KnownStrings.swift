/// Ready-made `String`s for the keys and words that modal JSON repeats in every object.
///
/// Making a `String` validates, scans and copies its bytes; a corpus file spends most of its strings on
/// the same few keys (`"apply_to"`, `"font_style"`) and words (`"bold"`, `"close"`). Comparing the bytes
/// with a table entry as two 64-bit words is far cheaper. All entries are at most 15 UTF-8 bytes, so they
/// live inline in the `String` value and handing one out costs no reference counting. Any other string
/// simply misses and is made as usual: this is an optimisation, never a restriction on the input.
///
/// The parser knows no vocabulary of its own: whoever parses a format hands it that format's table
/// (`KnownStrings.modalFormat` in ModalModel), and a parse without one makes every string anew.
package struct KnownStrings: Sendable {
    /// The longest string the table can hold: the inline capacity of a `String` on 64-bit platforms.
    package static let maximumLength = 15

    /// A table that holds nothing: what the scanner uses with `FastPath.knownStrings` off or no table given.
    package static let empty = KnownStrings([])

    private struct Entry: Sendable {
        package var low: UInt64
        package var high: UInt64
        package var length: Int
        package var string: String
    }

    private static let slotBits = 8
    private let entries: [Entry]
    /// The hash multiplier, chosen so that no two strings of the table share a slot.
    private let multiplier: UInt64

    /// A table holding `strings` (those longer than `maximumLength` are left out, and so are those whose slot is
    /// taken, when no multiplier among those tried gives every string a slot of its own).
    package init(_ strings: [String]) {
        let keys: [(low: UInt64, high: UInt64, length: Int, string: String)] = strings.compactMap { string in
            var utf8 = Array(string.utf8)
            let length = utf8.count
            guard length > 0, length <= Self.maximumLength else { return nil }
            utf8 += [UInt8](repeating: 0, count: 16 - length)
            let (low, high) = utf8.withUnsafeBufferPointer { Self.words(at: $0.baseAddress!, length: length) }
            return (low, high, length, string)
        }
        var best: (entries: [Entry], multiplier: UInt64, stored: Int)?
        var multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<256 {
            var entries = [Entry](repeating: Entry(low: 0, high: 0, length: -1, string: ""), count: 1 << Self.slotBits)
            var stored = 0
            for key in keys {
                let slot = Self.slot(low: key.low, high: key.high, multiplier: multiplier)
                guard entries[slot].length < 0 else { continue }
                entries[slot] = Entry(low: key.low, high: key.high, length: key.length, string: key.string)
                stored += 1
            }
            if best == nil || stored > best!.stored { best = (entries, multiplier, stored) }
            if stored == keys.count { break }
            multiplier &+= 0x2_0000_0002  // stays odd
        }
        self.entries = best!.entries
        self.multiplier = best!.multiplier
    }

    /// The table's string equal to the `length` (1...15) bytes at `start`, if any; 16 bytes from `start` must be readable.
    @inline(__always)
    package func string(at start: UnsafePointer<UInt8>, length: Int) -> String? {
        let (low, high) = Self.words(at: start, length: length)
        return entries.withUnsafeBufferPointer { table in
            let entry = table.baseAddress! + Self.slot(low: low, high: high, multiplier: multiplier)
            guard entry.pointee.low == low && entry.pointee.high == high && entry.pointee.length == length else {
                return nil
            }
            return entry.pointee.string
        }
    }

    /// The `length` bytes at `start` as two little-endian words, zero beyond `length`.
    @inline(__always)
    package static func words(at start: UnsafePointer<UInt8>, length: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(start)
        var low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        var high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if length < 8 {
            low &= (1 << UInt64(length * 8)) &- 1
            high = 0
        } else {
            high &= (1 << UInt64((length - 8) * 8)) &- 1
        }
        return (low, high)
    }

    @inline(__always)
    private static func slot(low: UInt64, high: UInt64, multiplier: UInt64) -> Int {
        Int(truncatingIfNeeded: ((low ^ (high &* 0xC2B2_AE3D_27D4_EB4F)) &* multiplier) >> UInt64(64 - slotBits))
    }
}
