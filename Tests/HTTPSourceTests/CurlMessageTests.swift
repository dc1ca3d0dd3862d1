import TestSupport
import Testing

@testable import HTTPSource

/// What a server says is quoted in a one-line message: nothing in it may drive a terminal or reorder it.
@Suite struct CurlMessageTests {
    @Test func everyControlAndBidiControlBecomesASpace() {
        let hostile: [Unicode.Scalar] = [
            "\u{1B}", "\u{7F}", "\u{9B}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}", "\u{2066}",
            "\u{2069}",
        ]
        for scalar in hostile {
            var text = "abc"
            text.unicodeScalars.append(scalar)
            text += "def"
            expectEqual(CurlProtocol.sanitized(text), "abc def", "\(scalar.value)")
        }
        expectEqual(CurlProtocol.sanitized("שלום \u{200D} x"), "שלום \u{200D} x")
    }
}
