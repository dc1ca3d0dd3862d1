import TestSupport
import Testing

@testable import ModalKitCLI

/// `validate --jobs N` checks files on N threads; what it prints must not depend on N.
@Suite struct ValidateJobsTests {
    /// Every sample, valid, broken and hostile, three times over: enough files for several threads to
    /// interleave, and a mix of reports with and without diagnostics whose order shows in the output.
    let inputs = [samplesDirectory, samplesDirectory + "/invalid", samplesDirectory]

    @Test(arguments: ["text", "json", "github", "sarif"])
    func outputIsByteIdenticalForEveryJobCount(format: String) {
        let single = runCLI(["validate", "--format", format, "--jobs", "1"] + inputs)
        expectEqual(single.status, 1)
        expect(single.stdout.contains("bad-color.json"))
        for jobs in ["2", "3", "16"] {
            let parallel = runCLI(["validate", "--format", format, "--jobs", jobs] + inputs)
            expectEqual(parallel.status, single.status, "--jobs \(jobs)")
            expectEqual(parallel.stdout, single.stdout, "--jobs \(jobs) changed standard output")
            expectEqual(parallel.stderr, single.stderr, "--jobs \(jobs) changed standard error")
        }
        let byDefault = runCLI(["validate", "--format", format] + inputs)
        expectEqual(byDefault.stdout, single.stdout, "the default job count changed standard output")
    }

    @Test func reportsComeBackInInputOrder() {
        let files = FileReader.jsonFiles(under: samplesDirectory)
        expect(files.count >= 16)
        let reports = ValidateCommand.checkAll(
            files.map(ValidateCommand.Input.file), maxBytes: 1 << 24, keepSource: true, jobs: 4)
        expectEqual(reports.map(\.path), files.map(\.displayText))
    }

    @Test(arguments: ["0", "-2", "two", ""])
    func jobsMustBeAPositiveWholeNumber(value: String) {
        let result = runCLI(["validate", "--jobs", value, samplesDirectory])
        expectEqual(result.status, 2)
        expect(result.stderr.contains("--jobs takes a whole number"))
        expect(result.stdout.isEmpty)
    }
}
