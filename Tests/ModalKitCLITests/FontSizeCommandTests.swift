import Foundation
import TestSupport
import Testing

@testable import ModalKitCLI

/// Regression: a `font_size` of 1e16 passed `validate`, then `render --format html` and `validate --format html`
/// died with SIGILL, so the review page was lost and CI uploaded an empty artifact.
@Suite struct FontSizeCommandTests {
    static func document(fontSize: String) -> [UInt8] {
        Array(
            """
            [
              {
                "msg": "Big sale today",
                "styles": [
                  {"apply_to": {"from": 0, "length": 3}, "font_size": \(fontSize)}
                ]
              }
            ]

            """.utf8)
    }

    static let rangeError =
        "<stdin>:5:59: error: font_size 10000000000000000 is above 1000 points: browsers and apps cannot draw it "
        + "[font-size-out-of-range]"

    @Test func validateRefusesAnUndrawableSizeAtItsLineAndColumn() {
        let text = runCLI(["validate", "-"], stdin: Self.document(fontSize: "1e16"))
        expectEqual(text.status, 1)
        expect(text.stdout.hasPrefix(Self.rangeError + "\n"))
        let page = runCLI(["validate", "--format", "html", "-"], stdin: Self.document(fontSize: "1e16"))
        expectEqual(page.status, 1)
        expect(page.stdout.hasPrefix("<!DOCTYPE html>\n") && page.stdout.hasSuffix("</body></html>\n"))
        expect(page.stdout.contains("<span class=\"where\">5:59</span> <span class=\"severity\">error</span>"))
        expect(page.stdout.contains("<code>[font-size-out-of-range]</code>"))
        expect(page.stdout.contains("not drawn: the file has errors"))
    }

    /// `render` of the document refuses it as it refuses any invalid document: the diagnostics on standard
    /// error, nothing on standard output, exit status 1.
    @Test func renderRefusesAnUndrawableSizeAsAnyOtherError() {
        for format in ["html", "svg", "plain", "json"] {
            let result = runCLI(["render", "--format", format, "-"], stdin: Self.document(fontSize: "1e16"))
            expectEqual(result.status, 1, "\(format)")
            expect(result.stdout.isEmpty, "\(format)")
            expect(result.stderr.hasPrefix(Self.rangeError + "\n"), "\(format)")
        }
        let outOfBounds = runCLI(
            ["render", "--format", "html", "-"],
            stdin: Array(#"[{"msg":"a","styles":[{"apply_to":{"from":0,"length":9}}]}]"#.utf8))
        expect(outOfBounds.status == 1 && outOfBounds.stdout.isEmpty)
    }

    @Test func aLargeSizeIsAWarningAndRendersInPixels() {
        let validate = runCLI(["validate", "-"], stdin: Self.document(fontSize: "250"))
        expectEqual(validate.status, 0)
        expect(
            validate.stdout.hasPrefix(
                "<stdin>:5:59: warning: font_size 250 is above 200 points: larger than a phone screen "
                    + "[font-size-unusual]\n"))
        let render = runCLI(["render", "--format", "html", "-"], stdin: Self.document(fontSize: "250"))
        expectEqual(render.status, 0)
        expect(render.stdout.contains("font-size:250px;\">Big</span>"))
        expect(render.stderr.contains("[font-size-unusual]"))
        let page = runCLI(["validate", "--format", "html", "-"], stdin: Self.document(fontSize: "250"))
        expectEqual(page.status, 0)
        expect(page.stdout.contains("font-size:250px;\">Big</span>"))
    }

    /// One file with an undrawable size among others: the review page keeps every other file, drawn.
    @Test func theReviewPageKeepsTheOtherFiles() throws {
        let directory = NSTemporaryDirectory() + "modalkit-font-size-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sizes = ["a-body": "17", "b-huge": "1e16", "c-large": "250", "d-tiny": "1e-300", "e-heading": "25"]
        for (name, size) in sizes {
            try Data(Self.document(fontSize: size)).write(to: URL(fileURLWithPath: directory + "/\(name).json"))
        }
        let result = runCLI(["validate", "--format", "html", directory])
        expectEqual(result.status, 1)
        expect(result.stderr.hasPrefix("checked 5 files: 3 valid, 2 invalid; 2 errors, 1 warning"))
        let page = result.stdout
        expect(page.hasSuffix("</body></html>\n"))
        expectEqual(page.ranges(of: "\" id=\"file-").count, 5)
        for name in sizes.keys { expect(page.contains("/\(name).json</a>"), "\(name)") }
        for pixels in ["17", "250", "25"] { expect(page.contains("font-size:\(pixels)px;\">Big</span>")) }
        expectEqual(page.ranges(of: "not drawn: the file has errors").count, 2)
        expect(!page.contains(".px"))
    }
}
