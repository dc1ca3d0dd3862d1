import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalModel

/// The word-at-a-time lane tests against the byte they stand for: every byte value on every lane, with the
/// other lanes every value that could carry or borrow into it.
@Suite struct ByteLanesTests {
    /// A word of eight bytes in memory order, `value` at `place` and `filler` elsewhere.
    static func word(_ value: UInt8, at place: Int, filler: UInt8) -> UInt64 {
        var bytes = [UInt8](repeating: filler, count: 8)
        bytes[place] = value
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// The lowest flagged lane of each test is the first byte that meets it, and a word with none meeting it
    /// flags nothing.
    @Test func lowestFlaggedLaneIsTheFirstByteThatMeetsTheTest() {
        var failures: [String] = []
        for filler: UInt8 in [0x00, 0x1F, 0x20, 0x61, 0x7E, 0x7F, 0x80, 0xC2, 0xE2, 0xFF] {
            for place in 0..<8 {
                for value in 0...255 {
                    let word = Self.word(UInt8(value), at: place, filler: filler)
                    let bytes = (0..<8).map { $0 == place ? UInt8(value) : filler }
                    func lowest(_ flags: UInt64) -> Int? { flags == 0 ? nil : flags.trailingZeroBitCount >> 3 }
                    let checks: [(String, UInt64, (UInt8) -> Bool)] = [
                        ("equal to E2", ByteLanes.lanes(of: word, equalTo: 0xE2), { $0 == 0xE2 }),
                        ("equal to 0A", ByteLanes.lanes(of: word, equalTo: 0x0A), { $0 == 0x0A }),
                        ("control", ByteLanes.controlLanes(word), { $0 < 0x20 || $0 == 0x7F }),
                        ("not printable", ByteLanes.nonPrintableLanes(word), { !Self.isPrintable($0) }),
                        ("below 20", ByteLanes.lanes(of: word, below: 0x20), { $0 < 0x20 }),
                        ("below 0E", ByteLanes.lanes(of: word, below: 0x0E), { $0 < 0x0E }),
                        ("not ASCII", ByteLanes.nonASCIILanes(word), { $0 >= 0x80 }),
                        ("top four bits", ByteLanes.lanes(of: word, withTopBitsSet: 4), { $0 >= 0xF0 }),
                        ("top two bits", ByteLanes.lanes(of: word, withTopBitsSet: 2), { $0 >= 0xC0 }),
                        ("not space", word ^ ByteLanes.repeating(0x20), { $0 != 0x20 }),
                    ]
                    for (name, flags, meets) in checks where lowest(flags) != bytes.firstIndex(where: meets) {
                        failures.append("\(name): \(value) at \(place) among \(filler)")
                    }
                    if ByteLanes.isPrintableASCII(word) != bytes.allSatisfy(Self.isPrintable) {
                        failures.append("isPrintableASCII: \(value) at \(place) among \(filler)")
                    }
                    if ByteLanes.isASCII(word) != bytes.allSatisfy({ $0 < 0x80 }) {
                        failures.append("isASCII: \(value) at \(place) among \(filler)")
                    }
                    if ByteLanes.leadingCount(of: 0x20, in: word) != bytes.firstIndex(where: { $0 != 0x20 }) ?? 8 {
                        failures.append("leadingCount(of:in:): \(value) at \(place) among \(filler)")
                    }
                    let leading = bytes.firstIndex { !Self.isPrintable($0) } ?? 8
                    if ByteLanes.leadingPrintableCount(word) != leading {
                        failures.append("leadingPrintableCount: \(value) at \(place) among \(filler)")
                    }
                }
            }
        }
        expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// Every byte value at every place of buffers of every length up to 20, so that it falls on every lane of a
    /// word and in the bytes after the last whole word.
    @Test func holdsOnlyPrintableASCIIAgreesWithEachByte() {
        var failures: [String] = []
        for length in 1...20 {
            for place in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = UInt8(value)
                    let actual = bytes.withUnsafeBufferPointer { ByteLanes.holdsOnlyPrintableASCII($0) }
                    if actual != Self.isPrintable(UInt8(value)) { failures.append("\(value) at \(place) of \(length)") }
                }
            }
        }
        expect(failures.isEmpty, "\(failures.prefix(5))")
        expect([UInt8]().withUnsafeBufferPointer { ByteLanes.holdsOnlyPrintableASCII($0) })
    }

    /// In valid UTF-8 the continuation bytes and the four-byte leads counted a word at a time are those the
    /// scalars of the text have, in every script and at every alignment.
    @Test func continuationsAndFourByteLeadsAreTheScalarsOwn() {
        let text = Array("a\u{E9}\u{4E2D}\u{1F600}b\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}".utf8)
        var failures: [Int] = []
        for start in 0...(text.count - 8) {
            let word = text[start..<start + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let continuations = text[start..<start + 8].filter { $0 & 0xC0 == 0x80 }.count
            let fourByteLeads = text[start..<start + 8].filter { $0 >= 0xF0 }.count
            if ByteLanes.countFlagged(ByteLanes.continuationLanes(word)) != continuations
                || ByteLanes.countFlagged(ByteLanes.fourByteLeadLanes(word)) != fourByteLeads
            {
                failures.append(start)
            }
        }
        expect(failures.isEmpty, "at byte offsets \(failures)")
    }

    /// Every pair of a lane's byte values read as hex digits: the value of each digit, nil for any other byte.
    @Test func hexDigitValuesReadEveryDigitAndRefuseEverythingElse() {
        func digit(_ byte: UInt8) -> UInt64? {
            switch byte {
            case 0x30...0x39: UInt64(byte - 0x30)
            case 0x41...0x46: UInt64(byte - 0x41 + 10)
            case 0x61...0x66: UInt64(byte - 0x61 + 10)
            default: nil
            }
        }
        var failures: [String] = []
        for place in 0..<8 {
            for value in 0...255 {
                let word = Self.word(UInt8(value), at: place, filler: UInt8(ascii: "7"))
                let expected = digit(UInt8(value)).map {
                    0x0707_0707_0707_0707 & ~(0xFF << (8 * UInt64(place))) | $0 << (8 * UInt64(place))
                }
                if ByteLanes.hexDigitValues(word) != expected { failures.append("\(value) at \(place)") }
            }
        }
        expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
