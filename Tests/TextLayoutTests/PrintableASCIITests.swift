import ModalModel
import Testing

@testable import TextLayout

/// TextLayout's copy of the printable-ASCII word tests against the byte they stand for and against
/// `ByteLanes`, which owns them.
@Suite struct PrintableASCIITests {
    /// `leadingCount` is the number of printable bytes before the first that is not, in memory order.
    @Test func leadingCountStopsAtTheFirstOtherByte() {
        for place in 0..<8 {
            for value in 0...255 where !(value >= 0x20 && value < 0x7F) {
                var bytes = [UInt8](repeating: UInt8(ascii: "z"), count: 8)
                bytes[place] = UInt8(value)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(PrintableASCII.leadingCount(word) == place, "\(value) at \(place)")
            }
        }
        let printable = Array("~ Aa09!}".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(PrintableASCII.leadingCount(printable) == 8)
    }

    /// The copy flags exactly the lanes `ByteLanes.nonPrintableLanes` flags, for every byte value on every lane
    /// among fillers that carry or borrow.
    @Test func lanesAreTheOwnersLanes() {
        var failures: [String] = []
        for filler: UInt8 in [0x00, 0x1F, 0x20, 0x61, 0x7E, 0x7F, 0x80, 0xE2, 0xFF] {
            for place in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    if PrintableASCII.lanesOutside(word) != ByteLanes.nonPrintableLanes(word)
                        || PrintableASCII.leadingCount(word) != ByteLanes.leadingPrintableCount(word)
                    {
                        failures.append("\(value) at \(place) among \(filler)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
