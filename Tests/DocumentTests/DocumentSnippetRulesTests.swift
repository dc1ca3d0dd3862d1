import Foundation
import TestSupport
import Testing

/// The documents' ```swift blocks read as Scripts/doc_snippets.py takes them (known markers with their
/// reasons, closed fences, no `// prints:` beside an output block), so that `swift test` finds a broken
/// marker before CI builds the programs.
@Suite struct DocumentSnippetRulesTests {
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed"))
    func everyBlockFollowsTheSnippetRules() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [repositoryRoot + "/Scripts/doc_snippets.py", "--list"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0, "\(message)")
        let programs = listed.split(separator: "\n")
        // The README, the three articles and docs/ci.md and docs/library.md each have programs.
        for document in [
            "README.md", "BuildingModalsOnAServer.md", "ShowingModalsInAnApp.md", "ValidatingModalsInCI.md",
            "docs/ci.md", "docs/library.md",
        ] {
            expect(programs.contains { $0.contains(document + ":") }, "no program in \(document)")
        }
    }
}
