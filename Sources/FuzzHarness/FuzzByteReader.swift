/// Reads typed values from fuzzer bytes, biased towards the extremes a careless caller could pass
/// (`Int.min`, `Int.max`, zero, negatives, NaN, infinities), and giving defaults once the bytes run out.
struct FuzzByteReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A small count in `0..<limit`.
    mutating func count(below limit: Int) -> Int { Int(byte()) % max(limit, 1) }

    /// Any `Int`, with the edges of the type and small values much more likely than the rest.
    mutating func int() -> Int {
        switch byte() % 12 {
        case 0: return .min
        case 1: return .max
        case 2: return .max - Int(byte())
        case 3: return .min + Int(byte())
        case 4: return -Int(byte())
        case 5: return 0
        case 6, 7: return Int(byte()) << 8 | Int(byte())
        case 8: return Int(Int64(bitPattern: UInt64(word())))
        default: return Int(byte())
        }
    }

    /// Any `Double`, NaN, infinities, zeros and subnormals included.
    mutating func double() -> Double {
        switch byte() % 10 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return 0
        case 4: return -0.0
        case 5: return .leastNonzeroMagnitude
        case 6: return .greatestFiniteMagnitude
        case 7: return Double(bitPattern: word())
        default: return Double(byte())
        }
    }

    /// A string of up to `maxScalars` scalars drawn from the troublesome parts of Unicode, or, rarely, a
    /// very long one.
    mutating func string(maxScalars: Int = 24) -> String {
        let pool: [UInt32] = [
            0x41, 0x20, 0x0A, 0x0D, 0x09, 0x00, 0x1B, 0x7F, 0x85, 0x9B, 0xAD, 0x301, 0x5D0, 0x627, 0xE01, 0x1100,
            0x200B, 0x200C, 0x200D, 0x2028, 0x2029, 0x202E, 0x2066, 0x3000, 0x30B3, 0xFE0F, 0xFEFF, 0xFFFD,
            0x1F1EF, 0x1F1F5, 0x1F3F3, 0x1F3FB, 0x1F468, 0x1F469, 0x1F600, 0x1F9D1, 0xE0067, 0xE007F, 0x20E3,
        ]
        var scalars = String.UnicodeScalarView()
        let length = count(below: maxScalars + 1)
        for _ in 0..<length {
            let choice = byte()
            let value: UInt32
            if choice < 192 {
                value = pool[Int(choice) % pool.count]
            } else {
                value = UInt32(byte()) << 8 | UInt32(byte()) | (choice & 1 == 1 ? 0x1_0000 : 0)
            }
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        var text = String(scalars)
        // Enormous strings are rare, so that most runs stay fast enough to explore everything else.
        if byte() == 0xFF, byte() == 0xFF { text = String(repeating: text.isEmpty ? "x" : text, count: 2_000) }
        return text
    }

    private mutating func word() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }
}
