import Foundation
import TestSupport
import Testing

@testable import ModalKitCLI

/// `--theme` and `--card` of `validate` and `render`, and the config's `theme` and `card`.
@Suite struct CardOptionTests {
    static let welcome = repositoryRoot + "/samples/welcome.json"
    static let titleWarning =
        "welcome.json:12:18: warning: the text of style 0: #ffffff on the card #ffffff has a contrast of 1.00:1, "
        + "below the 3:1 WCAG AA asks for large text [card-low-contrast]"

    @Test func theLightThemeReportsTheWhiteTitle() {
        let result = runCLI(["validate", "--theme", "light", Self.welcome])
        expectEqual(result.status, 0)
        expect(result.stdout.contains(Self.titleWarning), "\(result.stdout)")
        expect(result.stderr.contains("0 errors, 1 warning"))
        expectEqual(runCLI(["validate", "--theme", "light", "--strict", Self.welcome]).status, 1)
    }

    @Test func theDarkThemeAndNoThemeReportNothingOnTheCard() {
        for arguments in [["--theme", "dark"], [], ["--profile", "truecolor"]] {
            let result = runCLI(["validate"] + arguments + [Self.welcome])
            expect(!result.stdout.contains("card-low-contrast"), "\(arguments): \(result.stdout)")
        }
    }

    @Test func aWhiteCardReportsWhatTheLightThemeReports() {
        let white = runCLI(["validate", "--card", "#ffffff", Self.welcome])
        expectEqual(white.stdout, runCLI(["validate", "--theme", "light", Self.welcome]).stdout)
        expect(white.stdout.contains(Self.titleWarning))
    }

    @Test func aBadCardIsAUsageErrorWithTheFix() {
        let named = runCLI(["validate", "--card", "whte", Self.welcome])
        expectEqual(named.status, 2)
        expect(
            named.stderr.hasPrefix(
                "modalkit validate: --card takes an opaque colour such as '#ffffff' or '#1c1c1e', not 'whte': "
                    + "did you mean 'white'?\n"), "\(named.stderr)")
        let translucent = runCLI(["render", "--format", "html", "--card", "#00000080", Self.welcome])
        expectEqual(translucent.status, 2)
        expect(translucent.stderr.contains("a card is opaque; drop the alpha and write \"#000000\""))
    }

    @Test func theConfigsThemeChoosesTheCardAndTheCommandLineWins() throws {
        let directory = try temporaryDirectory("card-config")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Self.welcome, toPath: directory + "welcome.json")
        expect(writeFile(directory + ".modalkit.json", "{\"theme\": \"light\"}\n"))
        let configured = runCLI(["validate", directory + "welcome.json"])
        expect(configured.stdout.contains(Self.titleWarning), "\(configured.stdout)")
        let overridden = runCLI(["validate", "--theme", "dark", directory + "welcome.json"])
        expect(!overridden.stdout.contains("card-low-contrast"))
    }

    @Test func aBadConfigThemeStopsWithItsLineAndTheFix() throws {
        let directory = try temporaryDirectory("card-config-bad")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Self.welcome, toPath: directory + "welcome.json")
        expect(writeFile(directory + ".modalkit.json", "{\n  \"theme\": \"dusk\"\n}\n"))
        let result = runCLI(["validate", directory + "welcome.json"])
        expectEqual(result.status, 2)
        expect(
            result.stderr.contains(".modalkit.json:2:12: error: theme must be one of light, dark [config-invalid]"),
            "\(result.stderr)")
        expect(result.stderr.contains("hint: write \"theme\": \"light\" or \"theme\": \"dark\""))
    }

    @Test func theReviewPageMarksTheTitleAndListsTheWarning() throws {
        let result = runCLI(["validate", "--format", "html", "--theme", "light", Self.welcome])
        let page = result.stdout
        let mark = try #require(page.range(of: "<span class=\"low-contrast\" title=\"contrast 1.00:1"))
        expect(page[mark.upperBound...].hasPrefix(" (#ffffff on #ffffff)"))
        expect(page.contains("<code>[card-low-contrast]</code>"))
        expect(page.contains(".low-contrast{outline:2px dashed"))
        expect(page.contains("<body class=\"theme-light\">"))
        let ignored = runCLI([
            "validate", "--format", "html", "--theme", "light", "--ignore", "card-low-contrast", Self.welcome,
        ])
        expect(!ignored.stdout.contains("class=\"low-contrast\""))
        let dark = runCLI(["validate", "--format", "html", "--theme", "dark", Self.welcome])
        expect(!dark.stdout.contains("class=\"low-contrast\"") && dark.stdout.contains("<body class=\"theme-dark\">"))
    }

    @Test func renderDrawsOnTheCardAskedFor() {
        let page = runCLI(["render", "--format", "html", "--card", "navy", Self.welcome]).stdout
        expect(page.contains("--card:#000080;--text:#ffffff;"))
        expect(page.contains("<body class=\"theme-dark\">"))
        let both = runCLI(["render", "--format", "html", "--card", "navy", "--theme", "light", Self.welcome]).stdout
        expect(both.contains("--card:#000080;") && both.contains("<body class=\"theme-light\">"))
    }
}
