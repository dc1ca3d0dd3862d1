import Foundation
import ModalModel
import PositionedJSON
import TestSupport
import Testing

@testable import ModalKitCLI

/// A fresh temporary directory holding copies of the code-point fixtures (see their README).
func copyOfCodePointFixtures() throws -> (directory: String, names: [String]) {
    let fixtures = repositoryRoot + "/Tests/ReportingTests/Fixtures/codepoint-offsets/before"
    let directory = NSTemporaryDirectory() + "modalkit-fix-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let names = try FileManager.default.contentsOfDirectory(atPath: fixtures).sorted()
    for name in names {
        try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: directory + "/" + name)
    }
    return (directory, names)
}

@Suite struct FixCommandTests {
    @Test func fixesTheCodePointCorpusInPlaceOnceAndOnlyTheDigits() throws {
        let (directory, names) = try copyOfCodePointFixtures()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        expectEqual(names.count, 20)
        let before = runCLI(["validate", directory])
        expectEqual(before.status, 1)
        expect(before.stderr.hasPrefix("checked 20 files: 0 valid, 20 invalid"))

        let dryRun = runCLI(["fix", "--dry-run", directory])
        expectEqual(dryRun.status, 1)
        expect(dryRun.stderr.contains("in 20 of 20 files"))

        let diff = runCLI(["fix", "--diff", directory])
        expectEqual(diff.status, 0)
        let removed = diff.stdout.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
        let added = diff.stdout.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        expect(!removed.isEmpty && removed.count == added.count)
        func withoutDigits(_ line: Substring) -> String { String(line.dropFirst().filter { !$0.isNumber }) }
        expect(zip(removed, added).allSatisfy { withoutDigits($0) == withoutDigits($1) })

        let fix = runCLI(["fix", directory])
        expectEqual(fix.status, 0)
        let after = runCLI(["validate", "--strict", directory])
        expectEqual(after.status, 0, "\(after.stdout)")
        let expected = repositoryRoot + "/Tests/ReportingTests/Fixtures/codepoint-offsets/expected/"
        for name in names {
            expectEqual(readFileBytes(directory + "/" + name), readFileBytes(expected + name), "\(name)")
        }

        let again = runCLI(["fix", "--dry-run", directory])
        expectEqual(again.status, 0)
        expect(again.stderr.contains("would fix 0 problems in 0 of 20 files"))
    }

    @Test func standardInputGoesToStandardOutputFixed() {
        let result = runCLI(
            ["fix", "-"], stdin: Array(#"{"msg":"Hi","styles":[{"apply_to":{"from":0,"lenght":2}}]}"#.utf8))
        expectEqual(result.status, 0)
        expectEqual(result.stdout, #"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":2}}]}"#)
    }

    /// The issue's report: a code-point file whose ranges stay in bounds got "would fix 0 problems".
    @Test func inBoundsRangesInEveryUnitAreConvertedAndTheDryRunShowsTheWords() throws {
        let message = "Café ☕ deals: 20% off 🎉 today only — tap here"
        let utf16 = [(25, 10), (38, 8)]
        // Code points and grapheme clusters give the same numbers here (no cluster of several scalars).
        let written: [(unit: String, ranges: [(Int, Int)])] = [
            ("code points", [(24, 10), (37, 8)]), ("UTF-8 bytes", [(30, 10), (45, 8)]),
        ]
        func document(_ ranges: [(Int, Int)]) -> String {
            "{\"msg\": \(JSONWriter.quoted(message)), \"styles\": ["
                + ranges.map { "{\"apply_to\": {\"from\": \($0.0), \"length\": \($0.1)}, \"font_style\": \"bold\"}" }
                .joined(separator: ", ") + "]}"
        }
        for (unit, ranges) in written {
            let dryRun = runCLI(["fix", "--dry-run", "-"], stdin: Array(document(ranges).utf8))
            expectEqual(dryRun.status, 1, "\(unit)")
            expect(dryRun.stderr.contains("from \(unit) to UTF-16 units"), "\(dryRun.stderr)")
            expect(dryRun.stderr.contains(#"/styles/0: " today onl" becomes "today only""#) || unit != "code points")
            expect(dryRun.stderr.contains(#"becomes "tap here""#), "\(dryRun.stderr)")
            let fixed = runCLI(["fix", "-"], stdin: Array(document(ranges).utf8))
            // Only the digits change: the output is the UTF-16 document byte for byte.
            expectEqual(fixed.stdout, document(utf16), "\(unit)")
        }
    }

    /// A misspelt `length` and offsets in code points: the range that lacked `length` was renamed but not
    /// converted, covering " dea" with `validate` silent. Renames come first, so both ranges are converted.
    @Test func misspeltLengthInACodePointModalIsRenamedThenConverted() {
        let input =
            #"[{"msg": "Café 🎉 deal today only", "styles": [{"apply_to": {"from": 7, "lenght": 4}}, "#
            + #"{"apply_to": {"from": 12, "length": 10}}]}]"#
        let fixed = runCLI(["fix", "-"], stdin: Array(input.utf8))
        expectEqual(fixed.status, 0)
        expectEqual(
            fixed.stdout,
            #"[{"msg": "Café 🎉 deal today only", "styles": [{"apply_to": {"from": 8, "length": 4}}, "#
                + #"{"apply_to": {"from": 13, "length": 10}}]}]"#)
        expect(fixed.stderr.contains(#"rename "lenght" to "length""#), "\(fixed.stderr)")
        expect(fixed.stderr.contains(#"/0/styles/0: " dea" becomes "deal""#), "\(fixed.stderr)")
        expect(fixed.stderr.contains(#"/0/styles/1: " today onl" becomes "today only""#), "\(fixed.stderr)")
        let again = runCLI(["fix", "--dry-run", "-"], stdin: Array(fixed.stdout.utf8))
        expectEqual(again.status, 0)
        expect(again.stderr.contains("would fix 0 problems"), "\(again.stderr)")
    }

    /// A conversion that cannot take every range along is refused with the place and the reason, and the
    /// document comes out as it went in.
    @Test func aConversionThatWouldLeaveARangeBehindLeavesTheFileUnchangedAndSaysWhere() throws {
        let input =
            "[{\"msg\": \"Café 🎉 deal today only\",\n  \"styles\": [{\"apply_to\": {\"from\": 7, \"size\": 4}}, "
            + #"{"apply_to": {"from": 12, "length": 10}}]}]"#
        let result = runCLI(["fix", "-"], stdin: Array(input.utf8))
        expectEqual(result.status, 0)
        expectEqual(result.stdout, input)
        expect(result.stderr.contains("<stdin>:2:27: error: not fixed: "), "\(result.stderr)")
        expect(result.stderr.contains("styles/0 has no whole-number 'from' and 'length'"), "\(result.stderr)")
        expect(result.stderr.contains("1 left unchanged"), "\(result.stderr)")

        let directory = NSTemporaryDirectory() + "modalkit-refused-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/refused.json"
        expect(writeFile(path, input))
        expectEqual(runCLI(["fix", path]).status, 0)
        expectEqual(readFileBytes(path), Array(input.utf8))
    }

    @Test func usageErrors() {
        expectEqual(runCLI(["fix"]).status, 2)
        expectEqual(runCLI(["fix", "--bogus", "x.json"]).status, 2)
        expectEqual(runCLI(["fix", "/nonexistent/x.json"]).status, 2)
    }
}

@Suite struct GitHubAnnotationCapTests {
    @Test func hundredBrokenFilesGiveAtMostTenOfEachKindAndOneNotice() throws {
        let directory = NSTemporaryDirectory() + "modalkit-github-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for index in 0..<100 {
            // One warning (unknown key) before one error (bad colour) in each file.
            let text = ##"{"msg":"Hi","colour":"red","buttons":[{"label":"OK","action":"close","bg_color":"#12345"}]}"##
            expect(writeFile(directory + "/\(String(format: "%03d", index)).json", text))
        }
        let result = runCLI(["validate", "--format", "github", directory])
        expectEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n")
        expectEqual(lines.count, 21)
        expect(lines.prefix(10).allSatisfy { $0.hasPrefix("::error ") })
        expect(lines.dropFirst(10).prefix(10).allSatisfy { $0.hasPrefix("::warning ") })
        expect(lines[0].contains("/000.json,"))
        expectEqual(lines.last?.hasPrefix("::notice "), true)
        expectEqual(lines.last?.contains("180 more findings are not shown here (90 errors, 90 warnings)"), true)
        expectEqual(lines.last?.contains("--format sarif"), true)
    }
}
