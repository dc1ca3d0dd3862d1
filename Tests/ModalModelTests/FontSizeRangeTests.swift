import ModalModel
import TestSupport
import Testing

/// `font_size` has a range: an error outside 1 to 1000 points, which no page can draw (a size of 1e16 passed
/// validation and then made the HTML renderer trap), and a warning outside 6 to 200.
@Suite struct FontSizeRangeTests {
    static func document(_ literal: String) -> String {
        """
        [{"msg": "hello",
          "styles": [{"apply_to": {"from": 0, "length": 2}, "font_size": \(literal)}]}]
        """
    }

    @Test(arguments: [
        ("0.999", "font-size-out-of-range", Severity.error), ("1", "font-size-unusual", .warning),
        ("5.99", "font-size-unusual", .warning), ("200.01", "font-size-unusual", .warning),
        ("1000", "font-size-unusual", .warning), ("1000.5", "font-size-out-of-range", .error),
        ("1e16", "font-size-out-of-range", .error), ("1e-300", "font-size-out-of-range", .error),
    ])
    func sizesOutsideTheRangesAreReportedWhereTheyAreWritten(literal: String, code: String, severity: Severity) throws {
        let result = decode(Self.document(literal))
        let diagnostic = try #require(result.diagnostics.first, "\(literal)")
        expectEqual(result.diagnostics.count, 1, "\(summary(result))")
        expect(diagnostic.code == code && diagnostic.severity == severity, "\(literal)")
        expect(diagnostic.location.line == 2 && diagnostic.location.column == 66, "\(diagnostic.location)")
        expectEqual(diagnostic.pointer, "/0/styles/0/font_size")
        expect(diagnostic.message.hasPrefix("font_size \(literal == "1e16" ? "10000000000000000" : "")"))
        expectEqual(diagnostic.hint?.contains("6 to 200"), true)
        expectEqual((result.document != nil), (severity != .error), "an error refuses the document")
    }

    @Test(arguments: ["6", "6.0", "17", "17.5", "200", "2e2"])
    func sizesInsideTheReadableRangeAreClean(literal: String) {
        let result = decode(Self.document(literal))
        expect(result.diagnostics.isEmpty, "\(summary(result))")
        expectEqual(result.document?.modals.first?.styles.first?.attributes.fontSize, Double(literal))
    }

    @Test func eachMessageGivesTheReason() {
        let reasons = ["1e16", "1e-300", "5", "250"].map { decode(Self.document($0)).diagnostics.first?.message }
        expectEqual(
            reasons,
            [
                "font_size 10000000000000000 is above 1000 points: browsers and apps cannot draw it",
                "font_size 1e-300 is below 1 point: browsers and apps cannot draw it",
                "font_size 5 is below 6 points: too small to read on a phone",
                "font_size 250 is above 200 points: larger than a phone screen",
            ])
    }

    @Test func zeroAndNegativeSizesStayInvalidSizes() {
        for literal in ["0", "-3", "-1e16"] {
            expectEqual(decode(Self.document(literal)).diagnostics.map(\.code), ["invalid-font-size"], "\(literal)")
        }
    }

    /// A quoted size is told to lose its quotes only when the number is one the range accepts.
    @Test func quotedSizesAreHintedOnlyWhenTheNumberIsDrawable() {
        let drawable = decode(Self.document(#""24""#)).diagnostics.first
        expectEqual(drawable?.code, "invalid-font-size")
        expectEqual(drawable?.hint, "write the number without quotes: 24")
        let huge = decode(Self.document(#""1e16""#)).diagnostics.first
        expectEqual(huge?.code, "invalid-font-size")
        expectEqual(huge?.hint, "use a size in points such as 17")
    }

    /// A modal built in code is held to the same range, so a service cannot send what it would not accept.
    @Test func modalsBuiltInCodeAreHeldToTheRange() {
        let range = UTF16Range(utf16Offset: 0, utf16Length: 2)
        let huge = Modal(message: "hello", styles: [ModalStyle(range: range, fontSize: 1e16)])
        expectEqual(huge.validate().map(\.code), ["font-size-out-of-range"])
        #expect(throws: (any Error).self) { try ModalEncoder().encode(huge) }
        let large = Modal(message: "hello", styles: [ModalStyle(range: range, fontSize: 250)])
        expectEqual(large.validate().map(\.code), ["font-size-unusual"])
    }
}
