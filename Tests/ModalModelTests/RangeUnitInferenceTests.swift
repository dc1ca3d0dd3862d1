import Foundation
import ModalModel
import TestSupport
import Testing

@Suite struct RangeUnitInferenceTests {
    static let cafe = "Café ☕ deals: 20% off 🎉 today only — tap here"

    /// The modal a server builds when it takes offsets from `String.count` (or UTF-8 counts) by mistake.
    static func cafeModal(counting distance: (Substring) -> Int) -> Modal {
        func range(of word: String) -> UTF16Range {
            let found = cafe.range(of: word)!
            return UTF16Range(
                utf16Offset: distance(cafe[..<found.lowerBound]), utf16Length: distance(cafe[found]))
        }
        return Modal(
            message: cafe,
            styles: [
                ModalStyle(range: range(of: "today only"), fontStyle: .bold),
                ModalStyle(range: range(of: "tap here"), link: .openURL("https://example.com/deals")),
            ])
    }

    /// The issue's report: bold landed on " today onl" and the link on " tap her", with no diagnostic at all.
    @Test func stringCountOffsetsGetTheWarningWithTheCorrectedRanges() throws {
        let diagnostics = Self.cafeModal(counting: { $0.count }).validate()
        let warning = try #require(diagnostics.first { $0.code == "range-unit-mismatch" })
        expectEqual(warning.severity, .warning)
        expect(warning.message.contains("Swift `String.count` (grapheme clusters)"))
        expectEqual(warning.pointer, "/styles/0/apply_to")
        let hint = try #require(warning.hint)
        expect(hint.contains(#"" today onl" becomes "today only""#))
        expect(hint.contains(#"" tap her" becomes "tap here""#))
        expect(hint.contains(#"styles/0 {"from": 25, "length": 10}, styles/1 {"from": 38, "length": 8}"#))
    }

    @Test func utf8OffsetsNameGoAndRust() throws {
        let diagnostics = Self.cafeModal(counting: { $0.utf8.count }).validate()
        let warning = try #require(diagnostics.first { $0.code == "range-unit-mismatch" })
        expect(warning.message.contains("Go `len()` or Rust `str::len()` (UTF-8 bytes)"))
        expectEqual(warning.hint?.contains(#"styles/0 {"from": 25, "length": 10}"#), true)
    }

    @Test func utf16OffsetsAreSilent() {
        expect(Self.cafeModal(counting: { $0.utf16.count }).validate().isEmpty)
    }

    /// The JSON decoder and `validate()` agree, as they share one set of rules.
    @Test func decoderReportsTheSameCode() throws {
        let json = try ModalEncoder(writesInvalidModals: true).encode(Self.cafeModal(counting: { $0.count }))
        let decoded = ModalDecoder.decode(json).diagnostics.map(\.code)
        expectEqual(decoded, Self.cafeModal(counting: { $0.count }).validate().map(\.code))
        expect(decoded.contains("range-unit-mismatch"))
    }

    /// Grapheme clusters and code points differ only around clusters of several scalars: decomposed "é".
    @Test func decomposedLettersTellGraphemeClustersFromCodePoints() throws {
        let message = "Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e: order today"
        let words = ["order", "today"].map { message.range(of: $0)! }
        let counted = words.map {
            CountedRange(
                from: message.distance(from: message.startIndex, to: $0.lowerBound),
                length: message.distance(from: $0.lowerBound, to: $0.upperBound))
        }
        let verdict = try #require(RangeUnitInference.verdict(message: message, ranges: counted))
        expectEqual(verdict.unit, .graphemeClusters)
        expect(verdict.equivalentUnits.isEmpty)
        expectEqual(verdict.utf16Ranges, words.map { UTF16Range($0, in: message) })
    }

    /// Styling part of a word on purpose is allowed: only another unit landing on word edges convinces.
    @Test func partOfAWordInUTF16IsNotFlagged() throws {
        let message = "🎉 MegaSale this week 🎉"
        let mega = try UTF16Range(of: "Mega", in: message)
        let modal = Modal(message: message, styles: [ModalStyle(range: mega, fontStyle: .bold)])
        expect(modal.validate().isEmpty)
    }

    @Test func asciiMessagesAndModalsWithoutRangesAreNotScored() {
        expect(RangeUnitInference.verdict(message: "plain text", ranges: [CountedRange(from: 1, length: 3)]) == nil)
        expect(RangeUnitInference.verdict(message: Self.cafe, ranges: []) == nil)
    }

    @Test(arguments: ["samples", "Tests/ModalModelTests/Fixtures/corpus-subset"])
    func samplesAndCorpusFilesAreSilent(directory: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + directory)
            .filter { $0.hasSuffix(".json") }
        expect(names.count >= 13)
        for name in names {
            let bytes = try #require(readFileBytes(repositoryRoot + "/" + directory + "/" + name))
            let flagged = ModalDecoder.decode(bytes).diagnostics.filter { $0.code == "range-unit-mismatch" }
            expect(flagged.isEmpty, "\(directory)/\(name): \(flagged)")
        }
    }
}

@Suite struct UTF16RangeUnitTests {
    static let message = "Cafe\u{301} 🎉 deals"  // "e" + combining acute; a party popper outside the BMP

    @Test func convertsEachUnitToTheSameRange() throws {
        let deals = UTF16Range(utf16Offset: 9, utf16Length: 5)
        expect(try UTF16Range(codePointOffset: 8, codePointLength: 5, in: Self.message) == deals)
        expect(try UTF16Range(graphemeClusterOffset: 7, graphemeClusterLength: 5, in: Self.message) == deals)
        expect(try UTF16Range(utf8Offset: 12, utf8Length: 5, in: Self.message) == deals)
        expectEqual(UTF16Range(Self.message.range(of: "deals")!, in: Self.message), deals)
    }

    @Test func rangesOutsideTheMessageOrInsideAScalarThrowWhy() {
        func reason(_ make: @autoclosure () throws(UTF16RangeError) -> UTF16Range) -> String? {
            do {
                _ = try make()
                return nil
            } catch {
                return error.reason
            }
        }
        expectEqual(
            reason(try UTF16Range(codePointOffset: 10, codePointLength: 5, in: Self.message)),
            "the range {from: 10, length: 5} in code points lies outside the message, which is 13 code points "
                + "long; check the offsets were counted in code points")
        expect(
            reason(try UTF16Range(graphemeClusterOffset: -1, graphemeClusterLength: 2, in: Self.message)) != nil)
        expect(
            reason(try UTF16Range(graphemeClusterOffset: 0, graphemeClusterLength: -1, in: Self.message)) != nil)
        // UTF-8 offset 5 is the second byte of the two-byte U+0301; 10 is inside the emoji's four bytes.
        expectEqual(
            reason(try UTF16Range(utf8Offset: 5, utf8Length: 1, in: Self.message)),
            "the range {from: 5, length: 1} in UTF-8 bytes starts or ends inside a character's encoding; "
                + "check the offsets were counted in UTF-8 bytes")
        expect(
            reason(try UTF16Range(utf8Offset: 0, utf8Length: 10, in: Self.message))
                != nil)
        expect(
            reason(try UTF16Range(utf8Offset: 0, utf8Length: Int.max, in: Self.message)) != nil)
    }

    /// A code-point range may end between a letter and its combining mark; it converts unit for unit.
    @Test func codePointsInsideAClusterStillConvert() throws {
        expect(
            try UTF16Range(codePointOffset: 0, codePointLength: 4, in: Self.message)
                == UTF16Range(utf16Offset: 0, utf16Length: 4))
    }
}
