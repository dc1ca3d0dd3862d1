import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalModel

@Suite struct WhiteSpaceTests {
    /// The listed scalars are exactly the standard library's white space, over every scalar.
    @Test func matchesTheStandardLibraryOverEveryScalar() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if WhiteSpace.contains(value) != scalar.properties.isWhitespace { mismatches.append(value) }
        }
        expect(mismatches.isEmpty, "\(mismatches.map { String($0, radix: 16) })")
    }

    /// A label that starts with a white space scalar other than ASCII's still needs the full check.
    @Test func labelsOfWhiteSpaceAreStillRefused() {
        for label in ["\u{3000}", "\u{A0}\u{2003}", " \u{85}"] {
            let json = #"{"msg": "Hi", "buttons": [{"label": "\#(label)", "action": "close"}]}"#
            expect(!ModalDecoder.decode(Array(json.utf8)).diagnostics.isEmpty, "\(label.unicodeScalars.map(\.value))")
        }
        let json = #"{"msg": "Hi", "buttons": [{"label": "\#u{3000}OK", "action": "close"}]}"#
        expect(ModalDecoder.decode(Array(json.utf8)).diagnostics.isEmpty)
    }
}
