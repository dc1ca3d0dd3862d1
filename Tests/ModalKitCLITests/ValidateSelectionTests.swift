import Foundation
import Reporting
import Screen
import TestSupport
import Testing

@testable import ModalKitCLI

/// A fresh temporary directory for one test.
func temporaryDirectory(_ label: String) throws -> String {
    let directory = NSTemporaryDirectory() + "modalkit-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))/"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
}

@Suite struct BaselineTests {
    @Test func baselineOfTheInvalidSamplesPassesAndOnlyANewErrorFails() throws {
        let directory = try temporaryDirectory("baseline")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for path in invalidSampleFiles() {
            let name = String(path.split(separator: "/").last!)
            try FileManager.default.copyItem(atPath: path, toPath: directory + name)
        }
        let baseline = String(directory.dropLast()) + ".baseline"
        defer { try? FileManager.default.removeItem(atPath: baseline) }
        let written = runCLI(["validate", "--write-baseline", baseline, directory])
        expect(written.stderr.contains("findings to "))
        expectEqual(runCLI(["validate", "--baseline", baseline, directory]).status, 0)

        // One new error in a file that already had findings.
        let file = directory + "bad-color.json"
        let text = try #require(readFile(file))
        expect(writeFile(file, text.replacing("\"close\"", with: "\"\"")))
        let after = runCLI(["validate", "--baseline", baseline, directory])
        expectEqual(after.status, 1)
        let reported = after.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        expectEqual(reported.count, 1)
        expectEqual(reported.first?.contains("bad-color.json"), true)
        expectEqual(reported.first?.hasSuffix("[invalid-action]"), true)

        // A baselined finding fixed: counted as gone.
        try FileManager.default.removeItem(atPath: directory + "empty-label.json")
        let gone = runCLI(["validate", "--baseline", baseline, directory])
        expect(gone.stderr.contains("1 baselined finding is gone; refresh the baseline with --write-baseline"))
    }
}

@Suite struct RuleSelectionTests {
    let warned = Array(#"{"msg":"Hi","colour":"red","styles":[{"apply_to":{"from":0,"length":0}}]}"#.utf8)

    @Test func selectAndIgnoreCodes() {
        let ignored = runCLI(["validate", "--strict", "--ignore", "unknown-key,range-empty", "-"], stdin: warned)
        expectEqual(ignored.status, 0, "\(ignored.stdout)")
        let selected = runCLI(["validate", "--select", "range-empty", "-"], stdin: warned)
        expect(selected.stdout.contains("[range-empty]") && !selected.stdout.contains("[unknown-key]"))
        let typo = runCLI(["validate", "--ignore", "unknown-kye", "-"], stdin: warned)
        expectEqual(typo.status, 2)
        expect(typo.stderr.contains("did you mean 'unknown-key'?"))
    }

    @Test func configFileAboveTheInputScopesIgnoresByPathAndPointer() throws {
        let directory = try temporaryDirectory("config")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "legacy/old", withIntermediateDirectories: true)
        let text = String(decoding: warned, as: UTF8.self)
        expect(writeFile(directory + "legacy/old/a.json", text))
        expect(writeFile(directory + "new.json", text))
        expect(
            writeFile(
                directory + ".modalkit.json",
                #"{"strict": true, "ignore": [{"code": "unknown-key", "path": "legacy/**"}, {"code": "range-empty", "pointer": "/styles/*/apply_to"}]}"#
            ))
        let result = runCLI(["validate", directory + "legacy/old/a.json", directory + "new.json"])
        expectEqual(result.status, 1)  // strict from the config: new.json's unknown key fails it
        expect(!result.stdout.contains("[range-empty]"))
        expect(!result.stdout.contains("a.json"))
        expect(result.stdout.contains("new.json:1:13: warning:"))
    }

    @Test func unknownConfigSettingIsAnErrorWithDidYouMean() throws {
        let directory = try temporaryDirectory("badconfig")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        expect(writeFile(directory + "m.json", #"{"msg":"Hi"}"#))
        expect(writeFile(directory + "settings.json", "{\n  \"strickt\": true\n}"))
        let result = runCLI(["validate", "--config", directory + "settings.json", directory + "m.json"])
        expectEqual(result.status, 2)
        expect(
            result.stderr.contains(
                "settings.json:2:3: error: unknown setting \"strickt\" in the config [config-invalid]"))
        expect(result.stderr.contains("did you mean 'strict'?"))
    }

    @Test func configSelectReportsOnlyItsCodesAndTheCommandLineReplacesIt() throws {
        let directory = try temporaryDirectory("select")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        expect(writeFile(directory + "m.json", String(decoding: warned, as: UTF8.self)))
        expect(writeFile(directory + ".modalkit.json", #"{"select": ["range-empty"]}"#))
        let fromConfig = runCLI(["validate", directory + "m.json"])
        expect(fromConfig.stdout.contains("[range-empty]") && !fromConfig.stdout.contains("[unknown-key]"))
        let replaced = runCLI(["validate", "--select", "unknown-key", directory + "m.json"])
        expect(replaced.stdout.contains("[unknown-key]") && !replaced.stdout.contains("[range-empty]"))

        expect(writeFile(directory + ".modalkit.json", "{\"select\": [\"range-emtpy\", 3]}"))
        let typo = runCLI(["validate", directory + "m.json"])
        expectEqual(typo.status, 2)
        expect(
            typo.stderr.contains(".modalkit.json:1:13: error: unknown code \"range-emtpy\" in select [config-invalid]"))
        expect(typo.stderr.contains("did you mean 'range-empty'?"))
        expect(typo.stderr.contains(".modalkit.json:1:28: error: a select entry must be a code string"))
    }
}

@Suite struct TargetProfileTests {
    let twoReds = Array(
        ##"{"msg":"Sale now","styles":[{"apply_to":{"from":0,"length":4},"color":"#e60012"},{"apply_to":{"from":5,"length":3},"color":"#d7000f"}],"buttons":[{"label":"OK","action":"close","bg_color":"#777777","fg_color":"#888888"}]}"##
            .utf8)

    @Test func sixteenColoursMergeReds() {
        let result = runCLI(["validate", "--profile", "16", "-"], stdin: twoReds)
        expectEqual(result.status, 0)
        expect(
            result.stdout.contains(
                "#e60012, #d7000f are different colours but both show as ANSI colour 1 (#cd0000) on a 16-colour terminal [profile-colors-merge]"
            ))
        expectEqual(
            runCLI(["validate", "--profile", "truecolor", "-"], stdin: twoReds).stdout.contains("merge"), false)
    }

    @Test func lowContrastIsReportedWithItsRatioAtTruecolor() {
        let result = runCLI(["validate", "--profile", "truecolor", "-"], stdin: twoReds)
        // #888888 on #777777: luminances 0.2462 and 0.1845, (0.2962 / 0.2345) = 1.263.
        expect(result.stdout.contains("button 0: #888888 on #777777 has a contrast of 1.26:1"))
        expect(result.stdout.contains("[low-contrast]"))
    }

    @Test func contrastOfBlackOnWhiteIsTwentyOne() {
        let black = ColorContrast.relativeLuminance(.init(red: 0, green: 0, blue: 0))
        let white = ColorContrast.relativeLuminance(.init(red: 255, green: 255, blue: 255))
        expect(black == 0 && abs(white - 1) < 1e-12)
        expect(
            abs(
                ColorContrast.ratio(
                    .init(red: 0, green: 0, blue: 0), .init(red: 255, green: 255, blue: 255)) - 21) < 1e-9)
    }

    @Test func largeFontSizeIsShownOnlyAsBold() {
        let modal = Array(
            #"{"msg":"Title body text here","styles":[{"apply_to":{"from":0,"length":5},"font_size":30}]}"#.utf8)
        let result = runCLI(["validate", "--profile", "none", "-"], stdin: modal)
        expect(
            result.stdout.contains(
                "font_size 30 shows on a terminal only as bold, as a heading (the body size is 16) [profile-font-size]")
        )
    }

    @Test func withoutProfileNothingIsAdded() {
        expectEqual(runCLI(["validate", "--strict", "-"], stdin: twoReds).status, 0)
    }
}

@Suite struct OverlapContrastTests {
    /// A text colour from one style over a background from another is checked where they overlap.
    @Test func contrastFollowsOverlappingStyles() {
        let modal = Array(
            ##"{"msg":"Hello world","styles":[{"apply_to":{"from":0,"length":11},"bg_color":"#ffffff"},{"apply_to":{"from":6,"length":5},"color":"#eeeeee"}]}"##
                .utf8)
        let result = runCLI(["validate", "--profile", "truecolor", "-"], stdin: modal)
        expect(
            result.stdout.contains("the text where styles 1 and 0 overlap: #eeeeee on #ffffff has a contrast of 1.16:1")
        )
        expect(result.stdout.contains("= at: /styles/1/color"))
    }
}

/// A baseline or config file inside a validated directory is not a modal, so it must not be reported as one.
@Suite struct FilesThatAreNotModalsTests {
    static let validModal = #"{"msg":"Hello","buttons":[{"label":"OK","action":"close"}]}"#

    @Test func aBaselineInTheValidatedDirectoryIsNotValidated() throws {
        let directory = try temporaryDirectory("baseline-inside")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        expect(writeFile(directory + "modal.json", Self.validModal))
        let baseline = directory + "baseline.json"
        let written = runCLI(["validate", "--write-baseline", baseline, directory])
        expectEqual(written.status, 0, "\(written.stdout)\(written.stderr)")
        let checked = runCLI(["validate", "--baseline", baseline, directory])
        expectEqual(checked.status, 0, "\(checked.stdout)")
        expect(checked.stderr.hasPrefix("checked 1 file: 1 valid"), "\(checked.stderr)")
        // Written again over the recorded one, the baseline is still not taken for a modal.
        let rewritten = runCLI(["validate", "--write-baseline", baseline, directory])
        expect(rewritten.stderr.contains("checked 1 file: 1 valid"), "\(rewritten.stderr)")
    }

    @Test func aConfigFileInTheValidatedDirectoryIsNotValidated() throws {
        let directory = try temporaryDirectory("config-inside")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        expect(writeFile(directory + "modal.json", Self.validModal))
        expect(writeFile(directory + ".modalkit.json", #"{"strict": true}"#))
        let checked = runCLI(["validate", directory])
        expectEqual(checked.status, 0, "\(checked.stdout)")
        expectEqual(checked.stderr, "checked 1 file: 1 valid, 0 invalid; 0 errors, 0 warnings\n")
        let fixed = runCLI(["fix", "--dry-run", directory])
        expect(fixed.stderr.contains("of 1 file"), "\(fixed.stderr)")
    }
}
