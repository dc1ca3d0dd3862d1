import ModalModel
import TestSupport
import Testing

@testable import ModalKitCLI

/// `render --format html` and `validate --format html` through the command line.
@Suite struct HTMLCommandTests {
    @Test(arguments: sampleFiles() + hostileSampleFiles())
    func everySampleRendersAsOnePage(path: String) {
        let result = runCLI(["render", "--format", "html", path])
        expectEqual(result.status, 0, "\(result.stderr)")
        expect(result.stdout.hasPrefix("<!DOCTYPE html>\n"))
        expect(result.stdout.hasSuffix("</body></html>\n"))
        expect(!result.stdout.utf8.contains(0x1B))
        expect(!result.stdout.contains("<script"))
        expect(result.stdout.contains("style=\"width:375px\""))
        expect(result.stdout.contains("<body class=\"theme-light\">"))
    }

    @Test func deviceAndBothThemesDrawTheScreensAsked() throws {
        let path = try #require(sampleFiles().first { $0.hasSuffix("/welcome.json") })
        let result = runCLI(["render", "--format", "html", "--device", "iphone-se", "--theme", "both", path])
        expectEqual(result.status, 0, "\(result.stderr)")
        expect(result.stdout.contains("<section class=\"page theme-light device\" style=\"width:320px\""))
        expect(result.stdout.contains("<section class=\"page theme-dark device\" style=\"width:320px\""))
        expect(result.stdout.contains("<div class=\"screen\" style=\"height:568px\">"))
    }

    @Test func unknownDevicesAndThemesListTheValidNames() {
        let device = runCLI(["render", "--format", "html", "--device", "pixel", "samples/welcome.json"])
        expectEqual(device.status, 2)
        expect(device.stderr.contains("--device must be iphone-se, iphone-8, iphone-14 or iphone-11, not 'pixel'"))
        let theme = runCLI(["render", "--format", "html", "--theme", "sepia", "samples/welcome.json"])
        expect(theme.status == 2 && theme.stderr.contains("--theme must be light, dark or both, not 'sepia'"))
        // The card check of validate needs one card, so its --theme stays light or dark.
        let validate = runCLI(["validate", "--format", "html", "--theme", "both", "samples/welcome.json"])
        expect(validate.status == 2 && validate.stderr.contains("--theme must be light or dark, not 'both'"))
    }

    @Test func viewportAndThemeChooseThePhone() throws {
        let path = try #require(sampleFiles().first { $0.hasSuffix("/welcome.json") })
        for viewport in ["320", "375", "414", "600"] {
            let result = runCLI(["render", "--format", "html", "--viewport", viewport, "--theme", "dark", path])
            expectEqual(result.status, 0)
            expect(result.stdout.contains("style=\"width:\(viewport)px\""))
            expect(result.stdout.contains("<body class=\"theme-dark\">"))
        }
    }

    @Test func badViewportAndThemeAreRefusedWithTheRange() throws {
        let path = try #require(sampleFiles().first)
        for viewport in ["0", "99", "5000", "wide"] {
            let result = runCLI(["render", "--format", "html", "--viewport", viewport, path])
            expectEqual(result.status, 2)
            expect(result.stderr.contains("--viewport takes a phone width in CSS pixels from 200 to 2000"))
            expect(result.stdout.isEmpty)
        }
        let theme = runCLI(["render", "--format", "html", "--theme", "sepia", path])
        expectEqual(theme.status, 2)
        expect(theme.stderr.contains("--theme must be light, dark or both, not 'sepia'"))
    }

    @Test func formatWordsComeFromTheFormatVocabulary() {
        let help = runCLI(["render", "--help"]).stdout
        expect(help.contains("[--format plain|ansi|ansi-colors|svg|json|html]"))
        expect(runCLI(["validate", "--help"]).stdout.contains("[--format text|json|github|sarif|html]"))
    }

    @Test func reviewPageHasEveryFileItsDiagnosticsAndModals() {
        let result = runCLI(["validate", "--format", "html", samplesDirectory])
        let json = runCLI(["validate", "--format", "json", samplesDirectory])
        expect(result.status == 1 && json.status == 1)
        let page = result.stdout
        expect(page.hasPrefix("<!DOCTYPE html>\n") && page.hasSuffix("</body></html>\n"))
        expectEqual(result.stderr, json.stderr, "the summary line is the same")
        let files = FileReader.jsonFiles(under: samplesDirectory)
        expectEqual(page.ranges(of: "\" id=\"file-").count, files.count)
        for index in files.indices { expect(page.contains("<a href=\"#file-\(index)\">")) }
        let diagnostics = json.stdout.ranges(of: "\"severity\":").count
        expect(diagnostics > 20)
        expectEqual(page.ranges(of: "<article class=\"diagnostic ").count, diagnostics)
        expect(page.contains("<pre class=\"excerpt\" tabindex=\"0\" role=\"group\" aria-label=\"source at line "))
        expect(page.contains("<p class=\"hint\">hint: "))
        // One script, the page's own search and filters; none of the files' text can add another.
        expectEqual(page.ranges(of: "<script").count, 1)
        expect(!page.utf8.contains(0x1B))
    }
}
