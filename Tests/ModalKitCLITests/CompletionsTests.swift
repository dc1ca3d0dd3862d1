import Foundation
import TestSupport
import Testing

@testable import ModalKitCLI

@Suite struct CompletionsTests {
    /// What bash completes for the words, with the cursor on the last one.
    func bashCompletions(_ words: [String]) throws -> String {
        let script = runCLI(["completions", "bash"])
        #expect(script.status == 0)
        let path = NSTemporaryDirectory() + "modalkit-completion-\(getpid()).bash"
        #expect(writeFile(path, script.stdout))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let command = """
            source '\(path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _modalkit
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "--norc", "--noprofile", "-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    static let bashAvailable = FileManager.default.isExecutableFile(atPath: "/bin/bash")

    @Test(.enabled(if: bashAvailable, "bash is not installed"))
    func bashCompletesCommandsAndOptionValues() throws {
        #expect(try bashCompletions(["modalkit", "va"]) == "validate\n")
        #expect(try bashCompletions(["modalkit", "render", "--format", ""]) == "plain\nansi\nsvg\njson\n")
        #expect(try bashCompletions(["modalkit", "validate", "--format", "s"]) == "sarif\n")
        #expect(try bashCompletions(["modalkit", "validate", "--pro"]) == "--profile\n")
        #expect(try bashCompletions(["modalkit", "completions", "z"]) == "zsh\n")
    }

    @Test func everyShellGetsAScriptAndOthersAreRefused() {
        #expect(runCLI(["completions", "zsh"]).stdout.hasPrefix("#compdef modalkit\n"))
        #expect(runCLI(["completions", "fish"]).stdout.contains("-l write-baseline -r -F"))
        #expect(runCLI(["completions", "tcsh"]).status == 2)
        #expect(runCLI(["completions"]).status == 2)
    }
}
