import Testing

@testable import TextLayout

/// The word-at-a-time tests of printable ASCII against the byte they stand for.
@Suite struct PrintableASCIITests {
    /// Every byte value at every place of buffers of every length up to 20, so that it falls on every lane
    /// of a word and in the bytes after the last whole word.
    @Test func holdsOnlyPrintableAgreesWithEachByte() {
        var failures: [String] = []
        for length in 1...20 {
            for place in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = UInt8(value)
                    let expected = value >= 0x20 && value < 0x7F
                    let actual = bytes.withUnsafeBufferPointer { PrintableASCII.holdsOnlyPrintable($0) }
                    if actual != expected { failures.append("\(value) at \(place) of \(length)") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect([UInt8]().withUnsafeBufferPointer { PrintableASCII.holdsOnlyPrintable($0) })
    }

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
}
