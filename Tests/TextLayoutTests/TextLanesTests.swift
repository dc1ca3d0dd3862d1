import ModalModel
import Testing
@_spi(Kernel) import TextKernel

@testable import TextLayout

/// TextLayout's copy of the word tests against `ByteLanes`, whose own tests check them byte by byte: every
/// byte value on every lane, among fillers that could carry or borrow into it.
@Suite struct TextLanesTests {
    @Test func everyFunctionIsItsOriginal() {
        var failures: [String] = []
        for filler: UInt8 in [0x00, 0x0D, 0x1F, 0x20, 0x61, 0x7E, 0x7F, 0x80, 0xC2, 0xE2, 0xFF] {
            for place in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    var same =
                        TextLanes.isASCII(word) == ByteLanes.isASCII(word)
                        && TextLanes.isPrintableASCII(word) == ByteLanes.isPrintableASCII(word)
                        && TextLanes.leadingPrintableCount(word) == ByteLanes.leadingPrintableCount(word)
                    for byte: UInt8 in [0x0A, 0x0D, 0x0E, 0x20, 0x7F, 0xE2] {
                        same =
                            same && TextLanes.lanes(of: word, equalTo: byte) == ByteLanes.lanes(of: word, equalTo: byte)
                            && TextLanes.lanes(of: word, below: byte) == ByteLanes.lanes(of: word, below: byte)
                            && TextLanes.repeating(byte) == ByteLanes.repeating(byte)
                    }
                    if !same { failures.append("\(value) at \(place) among \(filler)") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
