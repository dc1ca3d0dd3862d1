import ModalModel
import Renderers
import TestSupport
import Testing

/// Modals built in code are not validated, so any Double reaches the renderers: every format still finishes,
/// and writes numbers a browser reads (a `font_size` of 1e16 trapped in the HTML renderer, and 1e9 came out
/// as `1000000000.px`).
@Suite struct ExtremeNumberTests {
    static let sizes: [Double] = [
        1e16, 1e9, 1000.5, 0.0001, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .nan, .infinity,
        -.infinity, -5, 0, -0.0, 17.25,
    ]

    static func document(fontSize: Double) -> ModalDocument {
        ModalDocument(modals: [
            Modal(
                message: "Big sale today",
                styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 3), fontSize: fontSize)])
        ])
    }

    /// Whether `text` is a plain decimal: digits with an optional sign and fraction, no trailing point.
    static func isPlainDecimal(_ text: Substring) -> Bool {
        var rest = text
        if rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }) else {
            return false
        }
        return parts.allSatisfy { $0.allSatisfy(\.isNumber) } && text != "-0"
    }

    /// The values written after `prefix` up to `terminator`, such as every `font-size:…px`.
    static func values(in text: String, after prefix: String, upTo terminator: Character) -> [Substring] {
        text.ranges(of: prefix).map { range in
            text[range.upperBound...].prefix { $0 != terminator }
        }
    }

    @Test(arguments: sizes)
    func htmlWritesEveryFontSizeAsDrawablePixels(fontSize: Double) throws {
        let page = DocumentRenderer.render(
            Self.document(fontSize: fontSize), options: DocumentRenderOptions(format: .html, width: 40))
        let sizes = Self.values(in: page, after: "font-size:", upTo: ";")
        expect(!sizes.isEmpty)
        for size in sizes {
            expect(size.hasSuffix("px"), "\(size)")
            let number = size.dropLast(2)
            expect(Self.isPlainDecimal(number), "font-size:\(size) for \(fontSize)")
            let pixels = try #require(Double(number))
            expect((1...1000).contains(pixels), "font-size:\(size) for \(fontSize)")
        }
        // Not a number is no size at all (the runs drop it), so the text keeps the body size.
        if fontSize.isNaN { expect(!page.contains("px;\">Big")) }
        if fontSize == 17.25 { expect(page.contains("font-size:17.25px;\">Big")) }
        if fontSize == 1e16 { expect(page.contains("font-size:1000px;\">Big")) }
        for bad in [".px", "nan", "inf", "e+"] { expect(!page.contains(bad), "\(bad) for \(fontSize)") }
    }

    @Test(arguments: sizes)
    func svgAndJSONLayoutWriteOnlyPlainNumbers(fontSize: Double) {
        let document = Self.document(fontSize: fontSize)
        let svg = DocumentRenderer.render(document, options: DocumentRenderOptions(format: .svg, width: 40))
        for attribute in ["x=\"", "y=\"", "width=\"", "height=\"", "font-size=\"", "textLength=\""] {
            for value in Self.values(in: svg, after: " " + attribute, upTo: "\"") {
                expect(Self.isPlainDecimal(value), "\(attribute)\(value) for \(fontSize)")
            }
        }
        let layout = DocumentRenderer.render(document, options: DocumentRenderOptions(format: .json, width: 40))
        for value in Self.values(in: layout, after: #""font_size":"#, upTo: ",") where value != "null" {
            expect(Self.isPlainDecimal(value), "font_size \(value) for \(fontSize)")
        }
        expect(layout.contains(fontSize.isNaN ? #""font_size":null"# : #""font_size":"#))
        for format in [DocumentFormat.plain, .ansi] {
            expect(
                !DocumentRenderer.render(document, options: DocumentRenderOptions(format: format, width: 40)).isEmpty)
        }
    }
}
