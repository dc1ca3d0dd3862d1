import Foundation
import TestSupport
import Testing

@testable import ModalKitCLI

@Suite(.threadOfItsOwn) struct CompletionsTests {
    /// What bash completes for the words, with the cursor on the last one.
    func bashCompletions(_ words: [String]) throws -> String {
        let script = runCLI(["completions", "bash"])
        expectEqual(script.status, 0)
        let path = NSTemporaryDirectory() + "modalkit-completion-\(getpid()).bash"
        expect(writeFile(path, script.stdout))
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
        expectEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }

    static let bashAvailable = FileManager.default.isExecutableFile(atPath: "/bin/bash")
    static let zshAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")
    static let fishAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")

    /// Runs `shell` with `arguments` after writing the shell's completion script to a file whose path
    /// replaces `SCRIPT` in them; returns the status and everything printed.
    func runWithScript(_ shell: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let script = runCLI(["completions", shell])
        expectEqual(script.status, 0)
        // One file a call: tests of the same shell run at the same time.
        let path = NSTemporaryDirectory() + "modalkit-completion-\(getpid())-\(UUID().uuidString)-\(shell)"
        expect(writeFile(path, script.stdout))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + shell)
        process.arguments = arguments.map { $0.replacingOccurrences(of: "SCRIPT", with: path) }
        process.environment = ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: fishAvailable, "fish is not installed (.ci/run installs it)"))
    func fishCompletesCommandsOptionsAndValues() throws {
        let (status, output) = try runWithScript(
            "fish",
            [
                "--no-config", "-c",
                "source SCRIPT; complete -C 'modalkit ren'; echo SEP; complete -C 'modalkit render --for'; "
                    + "echo SEP; complete -C 'modalkit render --format '; echo SEP; complete -C 'modalkit validate --format s'",
            ])
        expectEqual(status, 0, "\(output)")
        let parts = output.split(separator: "SEP\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        expectEqual(parts.count, 4)
        expectEqual(parts.first, ["render"])
        expectEqual(parts.dropFirst().first, ["--format"])
        expectEqual(parts.dropFirst(2).first.map(Set.init), ["plain", "ansi", "ansi-colors", "svg", "json", "html"])
        expectEqual(parts.dropFirst(3).first, ["sarif"])
    }

    /// An option whose summary has a quote in it reads back whole, and the options after it still load.
    @Test(.enabled(if: fishAvailable, "fish is not installed (.ci/run installs it)"))
    func fishReadsSummariesWithQuotesWhole() throws {
        let (status, output) = try runWithScript(
            "fish", ["--no-config", "-c", "source SCRIPT; complete -C 'modalkit render --car'"])
        expectEqual(status, 0, "\(output)")
        expectEqual(output, "--card\tcolour of the app's card\n")
    }

    static let awkwardText = #"it's [a] \path\ 'quoted' "twice""#

    @Test(.enabled(if: fishAvailable, "fish is not installed (.ci/run installs it)"))
    func fishQuotingKeepsEveryCharacter() throws {
        let (status, output) = try runWithScript(
            "fish", ["--no-config", "-c", "echo \(CompletionsCommand.fishQuoted(Self.awkwardText))"])
        expectEqual(status, 0)
        expectEqual(output, Self.awkwardText + "\n")
    }

    @Test(.enabled(if: zshAvailable, "zsh is not installed (.ci/run installs it)"))
    func zshQuotingKeepsEveryCharacter() throws {
        let quoted = "'" + CompletionsCommand.zshQuotable(Self.awkwardText) + "'"
        let (status, output) = try runWithScript("zsh", ["-f", "-c", "print -r -- \(quoted)"])
        expectEqual(status, 0)
        // Inside `_arguments`' brackets the backslashes before brackets are zsh's to remove; in a plain word
        // the quote is the only thing escaped.
        expectEqual(output, Self.awkwardText + "\n")
    }

    @Test(.enabled(if: zshAvailable, "zsh is not installed (.ci/run installs it)"))
    func zshLoadsTheScriptAsACompletionFunction() throws {
        let syntax = try runWithScript("zsh", ["-n", "SCRIPT"])
        expectEqual(syntax.status, 0, "\(syntax.output)")
        let loaded = try runWithScript(
            "zsh", ["-f", "-c", "autoload -U compinit; compinit -u -D; source SCRIPT; whence -w _modalkit"])
        expectEqual(loaded.status, 0, "\(loaded.output)")
        expect(loaded.output.hasSuffix("_modalkit: function\n"), "\(loaded.output)")
    }

    @Test(.enabled(if: bashAvailable, "bash is not installed"))
    func bashCompletesCommandsAndOptionValues() throws {
        expect(try bashCompletions(["modalkit", "va"]) == "validate\n")
        expect(
            try bashCompletions(["modalkit", "render", "--format", ""]) == "plain\nansi\nansi-colors\nsvg\njson\nhtml\n"
        )
        expect(try bashCompletions(["modalkit", "validate", "--format", "s"]) == "sarif\n")
        expect(try bashCompletions(["modalkit", "validate", "--pro"]) == "--profile\n")
        expect(try bashCompletions(["modalkit", "completions", "z"]) == "zsh\n")
    }

    @Test func everyShellGetsAScriptAndOthersAreRefused() {
        expect(runCLI(["completions", "zsh"]).stdout.hasPrefix("#compdef modalkit\n"))
        expect(runCLI(["completions", "fish"]).stdout.contains("-l write-baseline -r -F"))
        expectEqual(runCLI(["completions", "tcsh"]).status, 2)
        expectEqual(runCLI(["completions"]).status, 2)
    }
}
