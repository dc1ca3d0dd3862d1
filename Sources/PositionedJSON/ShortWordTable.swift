/// A few short words (1 to 15 bytes of UTF-8) with a value each, matched as two machine words rather than
/// byte by byte or as strings: the valid-document reader's keys and enumerated values. Tables are made once,
/// for the vocabulary, and their entries are permanent (`PermanentBuffer`).
package struct ShortWordTable<Value>: Sendable where Value: Sendable {
    private struct Entry: Sendable {
        package var low: UInt64
        package var high: UInt64
        package var length: Int
        package var value: Value
    }

    private let entries: PermanentBuffer<Entry>

    /// A table of `words`; a word longer than 15 bytes is left out, so it never matches.
    package init(_ words: [(word: String, value: Value)]) {
        entries = PermanentBuffer(
            words.compactMap { word, value in
                var utf8 = Array(word.utf8)
                let length = utf8.count
                guard length > 0, length <= KnownStrings.maximumLength else { return nil }
                utf8 += [UInt8](repeating: 0, count: 16 - length)
                let (low, high) = utf8.withUnsafeBufferPointer {
                    KnownStrings.words(at: $0.baseAddress!, length: length)
                }
                return Entry(low: low, high: high, length: length, value: value)
            })
    }

    /// The value whose word is `bytes`, if any; `readable` bytes from the start of `bytes` may be read.
    @inline(__always)
    package func value(of bytes: UnsafeBufferPointer<UInt8>, readable: Int) -> Value? {
        let length = bytes.count
        guard length > 0, length <= KnownStrings.maximumLength else { return nil }
        if readable < 16 {
            // Near the end of the input: match a copy, so that no byte past the end is read.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { copy in
                copy.initialize(repeating: 0)
                for index in 0..<length { copy[index] = bytes[index] }
                return lookUp(copy.baseAddress!, length: length)
            }
        }
        return lookUp(bytes.baseAddress!, length: length)
    }

    @inline(__always)
    private func lookUp(_ start: UnsafePointer<UInt8>, length: Int) -> Value? {
        let (low, high) = KnownStrings.words(at: start, length: length)
        for entry in entries.elements where entry.low == low && entry.high == high && entry.length == length {
            return entry.value
        }
        return nil
    }
}
