import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `modalkit preview` run as a process without a terminal: usage errors, plain output, diagnostics.
@Suite(.threadOfItsOwn) struct CommandLineTests {
    let modalkit = TmuxHarness.quote(TmuxHarness.modalkitPath)

    /// Runs a shell command line; stdout and stderr come back apart.
    func run(_ arguments: String, stdin: String? = nil, launcher: String = "") -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        let errorPath = TmuxHarness.quote(directory + "/err")
        var input = "</dev/null"
        if let stdin {
            TmuxHarness.writeFile(directory + "/in", stdin)
            input = "<" + TmuxHarness.quote(directory + "/in")
        }
        let result = TmuxHarness.shell("\(launcher)\(modalkit) preview \(arguments) \(input) 2>\(errorPath)")
        let stderr = TmuxHarness.shell("cat \(errorPath)").output
        return (result.status, result.output, stderr)
    }

    func needCommand() throws {
        if let reason = TmuxHarness.commandUnavailableReason { try Test.cancel("not run: \(reason)") }
    }

    func needDecoding() throws {
        if let reason = TmuxHarness.decodingUnavailableReason { try Test.cancel("not run: \(reason)") }
    }

    func withFile(_ json: String, _ body: (String) throws -> Void) rethrows {
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        let path = directory + "/modal.json"
        TmuxHarness.writeFile(path, json)
        try body(path)
    }

    @Test(arguments: [
        ("", "missing FILE"), ("--width 5 a.json", "--width must be a whole number"),
        ("--width", "--width needs a number"), ("--bogus a.json", "unknown option '--bogus'"),
        ("--watch -", "--watch needs a file"), ("a.json b.json", "one FILE at a time"),
        ("--stay=1 a.json", "--stay takes no value"),
    ])
    func usageErrorsExitTwo(arguments: String, message: String) throws {
        try needCommand()
        let result = run(arguments)
        expectEqual(result.status, 2)
        expect(result.stdout.isEmpty)
        expect(result.stderr.contains(message), "\(result.stderr)")
        expect(result.stderr.contains("usage: modalkit preview"))
    }

    @Test func helpGoesToStdout() throws {
        try needCommand()
        let result = run("--help")
        expectEqual(result.status, 0)
        expect(result.stdout.hasPrefix("usage: modalkit preview"))
        expect(result.stderr.isEmpty)
    }

    @Test func noInteractivePrintsTheModalsAsText() throws {
        try needDecoding()
        withFile(#"[{"msg":"First one","buttons":[{"label":"OK","action":"close"}]},{"msg":"Second one"}]"#) { path in
            let result = run("--no-interactive --width 30 \(TmuxHarness.quote(path))")
            expectEqual(result.status, 0)
            expect(result.stdout.contains("First one"))
            expect(result.stdout.contains("Second one"))
            expect(result.stdout.contains("OK"))
            expect(!result.stdout.unicodeScalars.contains("\u{1B}"))
        }
    }

    @Test func standardInputWorksToo() throws {
        try needDecoding()
        let result = run("--no-interactive -", stdin: #"{"msg":"From a pipe"}"#)
        expectEqual(result.status, 0)
        expect(result.stdout.contains("From a pipe"))
    }

    /// A script capturing the choice must be able to tell that none was made: status 3, nothing on standard
    /// output, and the modals as plain text (not one escape sequence) on standard error.
    @Test func withoutATerminalTheModalsArePlainTextOnStandardErrorAndStatusThree() throws {
        try needDecoding()
        guard TmuxHarness.findOnPath("setsid") != nil else { try Test.cancel("not run: setsid is not on PATH") }
        withFile(##"{"msg":"No terminal here","buttons":[{"label":"OK","action":"close","bg_color":"#3366ff"}]}"##) {
            path in
            // setsid starts a session without a controlling terminal, as CI runs.
            let result = run(TmuxHarness.quote(path), launcher: "env COLORTERM=truecolor setsid -w ")
            expectEqual(result.status, 3)
            expect(result.stdout.isEmpty)
            expect(result.stderr.contains("No terminal here"))
            expect(result.stderr.contains("cannot open /dev/tty"))
            expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
    }

    @Test func anInvalidFileExitsOneWithDiagnostics() throws {
        try needDecoding()
        withFile("{\"msg\": \n") { path in
            let result = run(TmuxHarness.quote(path))
            expectEqual(result.status, 1)
            expect(result.stdout.isEmpty)
            expect(result.stderr.hasPrefix(path + ":"), "\(result.stderr)")
            expect(result.stderr.contains(": error: "))
            expect(result.stderr.contains(" [json-"))
        }
    }

    /// The preview reads its input through the same loader as `render` and `validate`: same message, same status.
    @Test func aMissingFileExitsTwoAsEveryCommandDoes() throws {
        try needCommand()
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        let result = run(TmuxHarness.quote(directory + "/missing.json"))
        expectEqual(result.status, 2)
        expectEqual(
            result.stderr,
            "\(directory)/missing.json: error: cannot read the file: No such file or directory [file-unreadable]\n")
    }

    /// A name that is not UTF-8, given on the command line: the process's own argument bytes name the file.
    @Test func aFileNameThatIsNotUTF8IsReadAndShownEscaped() throws {
        try needCommand()
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        let name = "\"$(printf '%s/caf\\351.json' \(TmuxHarness.quote(directory)))\""
        _ = TmuxHarness.shell(#"printf '{"msg": "Hi", "max_lines": 0}' > "# + name)
        let result = TmuxHarness.shell("\(modalkit) validate \(name) 2>&1")
        expectEqual(result.status, 1, "\(result.output)")
        expect(result.output.hasPrefix(#"\#(directory)/caf\xe9.json:1:28: error:"#), "\(result.output)")
    }
}
