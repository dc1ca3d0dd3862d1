import ModalModel
import PositionedJSON
import TestSupport
import Testing

@testable import ModalKitCLI

let samplesDirectory = repositoryRoot + "/samples"

/// The realistic samples, valid without warnings (not the broken ones, nor the deliberately hostile ones).
func sampleFiles() -> [String] {
    FileReader.jsonFiles(under: samplesDirectory).map(\.displayText).filter {
        !$0.contains("/invalid/") && !$0.contains("/hostile/")
    }
}

/// Samples that are valid but carry terminal escapes and bidi controls in their text.
func hostileSampleFiles() -> [String] {
    FileReader.jsonFiles(under: samplesDirectory + "/hostile").map(\.displayText)
}

func invalidSampleFiles() -> [String] {
    FileReader.jsonFiles(under: samplesDirectory + "/invalid").map(\.displayText)
}

@Suite struct ValidateSamplesTests {
    @Test func everySampleIsValidWithoutWarnings() {
        let files = sampleFiles()
        expect(files.count >= 8)
        let result = runCLI(["validate", "--strict"] + files)
        expectEqual(result.status, 0, "\(result.stdout)")
        expect(result.stdout.isEmpty)
        expectEqual(
            result.stderr, "checked \(files.count) files: \(files.count) valid, 0 invalid; 0 errors, 0 warnings\n")
    }

    /// Each broken sample gives exactly the diagnostics written beside it, and exit status 1.
    /// `UPDATE_SNAPSHOTS=1 swift test` rewrites the expected files; review the diff.
    @Test(arguments: invalidSampleFiles())
    func invalidSampleGivesItsExpectedDiagnostics(path: String) throws {
        let relative = String(path.dropFirst(repositoryRoot.count + 1))
        let result = runCLI(["validate", path])
        expectEqual(result.status, 1)
        let actual = result.stdout.replacing(path, with: relative)
        let name = String(relative.split(separator: "/").last!.dropLast(".json".count)) + ".expected"
        expectSnapshot(actual, named: name, in: "samples/invalid")
    }

    @Test func validatingTheSamplesDirectoryRecursesIntoInvalid() {
        let result = runCLI(["validate", samplesDirectory])
        expectEqual(result.status, 1)
        expect(result.stdout.contains("/invalid/bad-color.json:"))
    }
}

@Suite struct ValidateOutputFormatTests {
    let badColor = Array(##"[{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":2},"color":"#12345"}]}]"##.utf8)

    @Test func textFormatIsCompilerStyleWithSourceAndCaret() {
        let result = runCLI(["validate", "-"], stdin: badColor)
        expectEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        expectEqual(lines[0], ##"<stdin>:1:66: error: "#12345" is not a colour [invalid-color]"##)
        expect(lines[1].hasPrefix(" 1 | [{\"msg\""))
        expectEqual(lines[2], " " + " " + " | " + String(repeating: " ", count: 65) + "^")
        expectEqual(lines[3], ##"  = hint: "#12345" has 5 hex digits; use 3, 4, 6 or 8"##)
        expectEqual(lines[4], "  = at: /0/styles/0/color")
        expectEqual(result.stderr, "checked 1 file: 0 valid, 1 invalid; 1 error, 0 warnings\n")
    }

    @Test func jsonFormatIsOneParsableDocument() throws {
        let result = runCLI(["validate", "--format", "json", "-"], stdin: badColor)
        expectEqual(result.status, 1)
        let root = try JSONParser.parse(Array(result.stdout.utf8)).get()
        guard case .object(let members) = root.value, case .array(let files) = members.first?.value.value,
            case .object(let file) = files.first?.value, case .array(let diagnostics) = file[2].value.value,
            case .object(let diagnostic) = diagnostics.first?.value
        else {
            Issue.record("unexpected shape: \(result.stdout)")
            return
        }
        expectEqual(file.map(\.key), ["path", "valid", "diagnostics"])
        expectEqual(file[1].value.value, .bool(false))
        expectEqual(diagnostic.map(\.key), ["severity", "code", "message", "line", "column", "pointer", "hint"])
        expectEqual(diagnostic[1].value.value, .string("invalid-color"))
        expectEqual(diagnostic[5].value.value, .string("/0/styles/0/color"))
        expectEqual(members.last?.key, "summary")
    }

    @Test func githubFormatGivesWorkflowAnnotations() {
        let result = runCLI(["validate", "--format=github", "-"], stdin: badColor)
        expectEqual(
            result.stdout,
            "::error file=<stdin>,line=1,col=66,title=invalid-color::\"#12345\" is not a colour%0Ahint: \"#12345\" has 5 hex digits; use 3, 4, 6 or 8\n"
        )
    }

    @Test func strictTurnsWarningsIntoFailure() {
        let warned = Array(#"{"msg":"Hi","colour":"red"}"#.utf8)
        expectEqual(runCLI(["validate", "-"], stdin: warned).status, 0)
        expectEqual(runCLI(["validate", "--strict", "-"], stdin: warned).status, 1)
    }
}

@Suite struct ValidateErrorHandlingTests {
    @Test func usageErrorsExitTwo() {
        expectEqual(runCLI([]).status, 2)
        expectEqual(runCLI(["validate"]).status, 2)
        expectEqual(runCLI(["validate", "--format", "xml", "x.json"]).status, 2)
        expectEqual(runCLI(["validate", "--max-bytes", "lots", "x.json"]).status, 2)
        expectEqual(runCLI(["validate", "--bogus", "x.json"]).status, 2)
        expectEqual(runCLI(["frobnicate"]).status, 2)
    }

    @Test func unreadableFileIsReportedAndTheOthersStillChecked() {
        let good = samplesDirectory + "/welcome.json"
        let bad = samplesDirectory + "/invalid/bad-color.json"
        let result = runCLI(["validate", "/nonexistent/modal.json", good, bad])
        expectEqual(result.status, 2)
        expect(
            result.stdout.contains("/nonexistent/modal.json: error: cannot read the file: No such file or directory"))
        expect(result.stdout.contains("bad-color.json:"))
        expect(result.stderr.contains("checked 3 files: 1 valid, 2 invalid (1 unreadable)"))
    }

    @Test func maxBytesRefusesLargeInput() {
        let result = runCLI(["validate", "--max-bytes", "1K", "-"], stdin: Array(repeating: 0x20, count: 5000))
        expectEqual(result.status, 1)
        expect(result.stdout.contains("[file-too-large]"))
    }
}

/// Inputs that must end in a clear diagnostic, never a crash or a hang.
@Suite struct HostileInputTests {
    func validate(_ bytes: [UInt8]) -> (status: Int32, stdout: String, stderr: String) {
        runCLI(["validate", "-"], stdin: bytes)
    }

    @Test func millionNestedBrackets() {
        let result = validate(Array(repeating: UInt8(ascii: "["), count: 1_000_000))
        expectEqual(result.status, 1)
        expect(result.stdout.contains("[json-depth]"))
    }

    @Test func fiftyMegabytesIsRefusedBeforeParsing() {
        let result = validate(Array(repeating: UInt8(ascii: " "), count: 50_000_000))
        expectEqual(result.status, 1)
        expect(result.stdout.contains("[file-too-large]"))
    }

    @Test func emptyInput() {
        let result = validate([])
        expectEqual(result.status, 1)
        expect(result.stdout.contains("<stdin>:1:1: error:"))
        expect(result.stdout.contains("[json-syntax]"))
    }

    @Test func invalidUTF8() {
        let result = validate(Array(#"{"msg":"caf"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
        expectEqual(result.status, 1)
        expect(result.stdout.contains("<stdin>:1:12: error:"))
        expect(result.stdout.contains("[json-utf8]"))
    }

    @Test func randomBinary() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<TestScale.rounds(1_000, quick: 200) {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            let result = validate(bytes)
            expect(result.status == 1 || result.status == 0)
            // Whatever the input, nothing it holds reaches the output raw.
            expect(!result.stdout.utf8.contains { $0 < 0x20 && $0 != 0x0A })
        }
    }

    @Test func rawControlBytesInsideStrings() {
        let result = validate(Array(#"{"msg":"a"#.utf8) + [0x1B, 0x5B, 0x32, 0x4A, 0x07] + Array(#""}"#.utf8))
        expectEqual(result.status, 1)
        expect(result.stdout.contains("[json-syntax]"))
        expect(!result.stdout.utf8.contains(0x1B))
        expect(!result.stdout.utf8.contains(0x07))
    }

    @Test func tenMegabyteMessageIsValid() {
        let message = String(repeating: "Lorem ipsum dolor sit amet, 漢字 😀 ", count: 10_000_000 / 42)
        let text = #"{"msg":""# + message + #"","styles":[{"apply_to":{"from":0,"length":5},"font_style":"bold"}]}"#
        let result = validate(Array(text.utf8))
        expectEqual(result.status, 0, "\(result.stdout.prefix(500))")
    }
}
