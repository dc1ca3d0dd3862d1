@_spi(JSON) import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalModel

/// What the scanner sees of a string as it reads it, against the passes over the decoded text it stands in for.
@Suite struct StringContentFactsTests {
    /// Pieces of JSON string content: plain ASCII, DEL, escapes of every kind, text outside ASCII written raw
    /// and escaped (C1 controls, bidi controls, a surrogate pair).
    static let pieces = [
        "a", "Sale ends soon", " ", "\u{7F}", #"\n"#, #"\r"#, #"\t"#, #"\b"#, #"\f"#, #"\""#, #"\\"#, #"\/"#,
        #"\u0001"#, #"\u001b"#, #"\u000D"#, #"\u000a"#, #"\u007F"#, #"\u0041"#, #"\u00e9"#, #"\u0085"#,
        #"\u202E"#, #"\uD83D\uDE00"#, "é", "—", "限定", "🎉", "\u{85}", "\u{202E}", "abcdefghijklmno",
    ]

    /// The decoded text of the JSON string `content` and what the scanner noted of it, read with text outside
    /// ASCII and DEL after it, where the last word read holds bytes past its quote; nil (recorded) when it does
    /// not parse.
    static func scanned(_ content: String) -> (text: String, facts: StringContentFacts)? {
        let literal = Array(("\"" + content + "\",\"é\u{7F}\"}").utf8)
        return literal.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes: bytes, maxDepth: 8)
            guard let text = try? scanner.parseString() else {
                Issue.record("\(content) did not parse")
                return nil
            }
            return (text, scanner.stringFacts)
        }
    }

    /// Text outside ASCII without DEL, C1 or bidi lead bytes needs no scan for controls.
    @Test func textWithoutTheLeadBytesIsClear() {
        for content in ["限定セール🎉", "Grüße aus São Paulo", "שלום עולם", "Ωμέγα, Привет", #"caf\u00e9 \ud83c\udf89"#] {
            let literal = Array(("\"" + content + "\"").utf8)
            literal.withUnsafeBufferPointer { bytes in
                var scanner = JSONScanner(bytes: bytes, maxDepth: 8)
                expect((try? scanner.parseString()) != nil)
                expect(!scanner.stringFacts.isASCII && !scanner.stringFacts.mayNeedReplacing, "\(content)")
            }
        }
    }

    /// One special piece at every place of plain runs of every length, so that it falls at every lane of the
    /// sixteen-byte and eight-byte steps of the scan, and the string's end does too.
    @Test func aPieceAtEveryPlaceOfEveryLength() {
        let pieces: [(written: String, decoded: String)] = [
            ("é", "é"), ("\u{7F}", "\u{7F}"), ("\u{85}", "\u{85}"), ("\u{202E}", "\u{202E}"), ("—", "—"), ("🎉", "🎉"),
            (#"\n"#, "\n"), (#"\u0001"#, "\u{1}"), (#"\""#, "\""),
        ]
        for (piece, decoded) in pieces {
            for length in 0...40 {
                for place in 0...length {
                    let content =
                        String(repeating: "a", count: place) + piece + String(repeating: "b", count: length - place)
                    guard let (text, facts) = Self.scanned(content) else { continue }
                    let expected =
                        String(repeating: "a", count: place) + decoded + String(repeating: "b", count: length - place)
                    expectEqual(text, expected, "\(content)")
                    let needsReplacing = ControlCharacters.mayNeedReplacing(text, includingLayoutControls: false)
                    expectEqual(facts.isASCII, text.utf8.allSatisfy { $0 < 0x80 }, "\(content)")
                    expect(facts.mayNeedReplacing || !needsReplacing, "\(content)")
                    if facts.isASCII { expectEqual(facts.mayNeedReplacing, needsReplacing, "\(content)") }
                    if piece == "é" || piece == "🎉" { expect(!facts.mayNeedReplacing, "\(content)") }
                }
            }
        }
    }

    @Test func factsAgreeWithTheDecodedText() {
        var generator = SeededGenerator(seed: 41)
        for _ in 0..<TestScale.rounds(30_000, quick: 3_000) {
            let content = (0..<Int.random(in: 0...12, using: &generator))
                .map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            guard let (text, facts) = Self.scanned(content) else { continue }
            let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
            let needsReplacing = ControlCharacters.mayNeedReplacing(text, includingLayoutControls: false)
            expectEqual(facts.isASCII, isASCII, "\(content)")
            // Never a miss; and for ASCII, exact.
            expect(facts.mayNeedReplacing || !needsReplacing, "\(content)")
            guard isASCII else { continue }
            expectEqual(facts.mayNeedReplacing, needsReplacing, "\(content)")
            expectEqual(facts.asciiHasCarriageReturn, text.utf8.contains(0x0D), "\(content)")
        }
    }
}
