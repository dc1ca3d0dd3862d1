import Foundation
import ModalModel
import PositionedJSON
import Reporting
import TestSupport
import Testing

let invalidSamplesDirectory = repositoryRoot + "/samples/invalid"

/// The broken samples, sorted, as paths relative to the repository root.
func invalidSamplePaths() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: invalidSamplesDirectory)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "samples/invalid/" + $0 }
}

/// A report for a file of the repository, as `modalkit validate --format sarif` builds it.
func report(forRepositoryFile path: String) throws -> FileReport {
    let bytes = try #require(readFileBytes(repositoryRoot + "/" + path))
    let result = ModalDecoder.decode(bytes)
    return FileReport(path: path, source: SourceText(bytes: bytes), diagnostics: result.diagnostics)
}

/// Runs a command with the given standard input; status and combined output.
func runProcess(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = inputPipe
    try process.run()
    inputPipe.fileHandleForWriting.write(Data(input.utf8))
    try inputPipe.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

let jsonschemaAvailable = (try? runProcess(["python3", "-c", "import jsonschema"]).status) == 0

/// Checks SARIF logs (one per line of standard input) against the OASIS SARIF 2.1.0 schema
/// (`Fixtures/sarif`, with its licence terms) and a few rules the schema cannot state.
let sarifChecker = """
    import json, sys
    import jsonschema
    schema = json.load(open(sys.argv[1]))
    validator = jsonschema.validators.validator_for(schema)(schema)
    for number, line in enumerate(sys.stdin):
        log = json.loads(line)
        for error in validator.iter_errors(log):
            print("log %d: %s at %s" % (number, error.message, list(error.absolute_path)))
        run = log["runs"][0]
        rules = run["tool"]["driver"]["rules"]
        if run.get("columnKind") != "utf16CodeUnits":
            print("log %d: columnKind is %r" % (number, run.get("columnKind")))
        for result in run["results"]:
            if rules[result["ruleIndex"]]["id"] != result["ruleId"]:
                print("log %d: ruleIndex does not match %s" % (number, result["ruleId"]))
    """

@Suite struct SARIFReportTests {
    let schemaPath = repositoryRoot + "/Tests/ReportingTests/Fixtures/sarif/sarif-schema-2.1.0.json"

    @Test(.enabled(if: jsonschemaAvailable, "python3 with jsonschema is not installed (pip install jsonschema)"))
    func everyInvalidSampleGivesSchemaValidSARIF() throws {
        let paths = invalidSamplePaths()
        expect(paths.count >= 15)
        var logs = ""
        for path in paths {
            logs += ReportFormat.sarif.render([try report(forRepositoryFile: path)])
        }
        logs += ReportFormat.sarif.render(try paths.map(report(forRepositoryFile:)))
        logs += ReportFormat.sarif.render([
            FileReport(path: "gone dir/modal.json", diagnostics: [], unreadable: "No such file or directory")
        ])
        let result = try runProcess(["python3", "-c", sarifChecker, schemaPath], input: logs)
        expectEqual(result.status, 0, "\(result.output)")
        expectEqual(result.output, "", "\(result.output)")
    }

    @Test func columnsCountUTF16UnitsAndFixesReplaceOnlyDigits() throws {
        // '🎉' before the error on the same line counts 2 UTF-16 units but 1 scalar.
        let text = #"{"msg":"🎉🎊 party","styles":[{"apply_to":{"from":1,"length":6}}]}"#
        let bytes = Array(text.utf8)
        let diagnostics = ModalDecoder.decode(bytes).diagnostics
        let first = try #require(diagnostics.first)
        expectEqual(first.code, "range-splits-surrogate")
        let source = SourceText(bytes: bytes)
        expectEqual(source.utf16Column(of: first.location), first.location.column + 2)
        let log = ReportFormat.sarif.render(
            [FileReport(path: "a b.json", source: source, diagnostics: diagnostics)],
            options: ReportOptions(toolVersion: "9.9"))
        expect(log.contains(#""columnKind":"utf16CodeUnits""#))
        expect(log.contains(#""name":"modalkit","version":"9.9""#))
        expect(log.contains(#""uri":"a%20b.json""#))
        expect(log.contains(#""startLine":1,"startColumn":\#(first.location.column + 2)}"#))
        expect(log.contains(#""logicalLocations":[{"fullyQualifiedName":"/styles/0/apply_to/from""#))
        // The fix: from 1 → 2, length 6 → 7 (the whole "🎊 party" in UTF-16), regions in UTF-16 columns.
        let fromColumn = source.utf16Column(ofByteOffset: text.utf8.count - #"1,"length":6}}]}"#.utf8.count)
        expect(
            log.contains(
                #"{"deletedRegion":{"startLine":1,"startColumn":\#(fromColumn),"endLine":1,"endColumn":\#(fromColumn + 1)},"insertedContent":{"text":"2"}}"#
            ))
        expect(log.contains(#""insertedContent":{"text":"7"}"#))
    }

    /// The SARIF fix of `range-unit-mismatch` is the fixer's conversion: the grapheme-cluster numbers of
    /// "today only" (24, 10) become the UTF-16 ones (25, 10), and nothing but those digits is replaced.
    @Test func rangeUnitMismatchCarriesTheConvertedDigitsAsItsFix() throws {
        let text =
            #"{"msg":"Café ☕ deals: 20% off 🎉 today only — tap here","styles":[{"apply_to":{"from":24,"length":10}},{"apply_to":{"from":37,"length":8}}]}"#
        let bytes = Array(text.utf8)
        let diagnostics = ModalDecoder.decode(bytes).diagnostics
        expectEqual(diagnostics.map(\.code), ["range-unit-mismatch"])
        let fixes = ModalFixer.fixes(for: bytes, diagnostics: diagnostics)
        expectEqual(fixes.map(\.kind), [.rangeUnit(.codePoints)])
        expectEqual(fixes.flatMap(\.edits).map(\.replacement), ["25", "38"])
        let log = ReportFormat.sarif.render(
            [FileReport(path: "cafe.json", source: SourceText(bytes: bytes), diagnostics: diagnostics)],
            options: ReportOptions(toolVersion: "9.9"))
        expect(log.contains(#""ruleId":"range-unit-mismatch""#))
        expect(log.contains(#""insertedContent":{"text":"25"}"#))
        expect(log.contains(#""insertedContent":{"text":"38"}"#))
    }

    @Test func everyRuleIsDescribedAsFORMATmdDescribesIt() throws {
        let format = try #require(readFile(repositoryRoot + "/FORMAT.md"))
        let section = try #require(format.split(separator: "## Diagnostic codes").last)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.hasSuffix(" |") }
        var documented: [String: String] = [:]
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[0].hasPrefix("`"), !cells[0].contains(" ") else { continue }
            documented[String(cells[0].dropFirst().dropLast())] = cells[2]
        }
        expect(documented.count >= 30)
        for rule in DiagnosticRule.all {
            expectEqual(documented[rule.code], rule.summary, "\(rule.code)")
        }
        expect(Set(documented.keys).isSubset(of: Set(DiagnosticRule.all.map(\.code))))
    }
}
