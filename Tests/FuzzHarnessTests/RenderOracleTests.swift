import FuzzHarness
import ModalModel
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `render` fuzz target's promise, run in the normal suite: every document `validate` accepts renders in
/// every format and on the review page, with numbers a browser reads.
@Suite struct RenderOracleTests {
    static func sampleFiles() throws -> [String] {
        var files: [String] = []
        for directory in ["samples", "samples/invalid", "samples/hostile"] {
            guard let handle = opendir(repositoryRoot + "/" + directory) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".json") { files.append(directory + "/" + name) }
            }
        }
        return files.sorted()
    }

    @Test func everySampleThatValidatesRenders() throws {
        let files = try Self.sampleFiles()
        expect(files.count > 20)
        for file in files {
            let bytes = try #require(readFileBytes(repositoryRoot + "/" + file))
            expect(RenderOracle.failure(bytes) == nil, "\(file)")
        }
    }

    /// The bounds of the font size ranges, at each width the target picks from the last byte.
    @Test(arguments: ["0.999", "1", "5.99", "6", "200", "200.01", "1000", "1000.5", "1e16", "1e-300", "999.9995"])
    func fontSizeBoundaryDocumentsRender(literal: String) {
        for padding in 0..<5 {
            let text =
                #"[{"msg":"Big sale today","styles":[{"apply_to":{"from":0,"length":3},"font_size":\#(literal)}]}]"#
                + String(repeating: " ", count: padding)
            expect(RenderOracle.failure(Array(text.utf8)) == nil, "\(literal)")
        }
    }

    /// The checks themselves: each finds what browsers drop, and passes what the renderers write.
    @Test func malformedNumbersAreFound() {
        expect(OutputNumbers.firstMalformed(inHTML: #"<span style="font-size:1000000000.px;">a</span>"#) != nil)
        expect(OutputNumbers.firstMalformed(inHTML: #"<span style="font-size:0.px;">a</span>"#) != nil)
        expect(OutputNumbers.firstMalformed(inHTML: #"<span style="font-size:nanpx;">a</span>"#) != nil)
        expect(OutputNumbers.firstMalformed(inHTML: #"<span style="font-size:1e+16px;">a</span>"#) != nil)
        expect(OutputNumbers.firstMalformed(inHTML: #"<span style="font-size:-0px;">a</span>"#) != nil)
        expect(OutputNumbers.firstMalformed(inHTML: #"<span style="font-size:25.5px;">inf nan</span>"#) == nil)
        expect(OutputNumbers.firstMalformed(inSVG: #"<rect x="1e+16" y="0" width="2" height="3"/>"#) != nil)
        expect(OutputNumbers.firstMalformed(inSVG: #"<svg viewBox="0 0 inf 20">"#) != nil)
        expect(OutputNumbers.firstMalformed(inSVG: #"<text transform="translate(nan 4)">x</text>"#) != nil)
        expect(OutputNumbers.firstMalformed(inSVG: #"<text transform="translate(3 4) skewX(1e5)">x</text>"#) != nil)
        expect(OutputNumbers.firstMalformed(inSVG: #"<rect x="-1.5" y="0" width="9.6" height="20"/>"#) == nil)
        expect(OutputNumbers.firstMalformed(inSVG: #"<text transform="translate(3 4.5) skewX(-11)">x</text>"#) == nil)
    }
}
