import TestSupport
import Testing

/// `modalkit diff --git` in a temporary repository with two commits, run as CI runs it.
@Suite(.threadOfItsOwn) struct DiffGitTests {
    let modalkit = TmuxHarness.quote(TmuxHarness.modalkitPath)

    private let first = """
        [{"msg": "Hello brave world", "styles": [{"apply_to": {"from": 6, "length": 5}, "font_style": "bold"}],
          "buttons": [{"label": "OK", "action": "close"}]}]
        """
    private let second = """
        [{"msg": "Hello brave earth", "styles": [{"apply_to": {"from": 6, "length": 5}, "font_style": "bold"}],
          "buttons": [{"label": "OK", "action": "dismiss"}]}]
        """
    private let respelled = """
        [
          {
            "buttons": [{"action": "close", "label": "OK"}],
            "styles": [{"font_style": "bold", "apply_to": {"length": 5, "from": 6}}],
            "msg": "Hello brave world"
          }
        ]
        """

    /// A repository whose first commit has `first` in samples/a.json and samples/b.json, and whose second
    /// changes a.json for users and only respells b.json; the closure gets its directory.
    private func withRepository(_ body: (String) throws -> Void) throws {
        if let reason = TmuxHarness.commandUnavailableReason { try Test.cancel("not run: \(reason)") }
        guard TmuxHarness.shell("command -v git").status == 0 else {
            try Test.cancel("not run: git is not installed")
        }
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        _ = TmuxHarness.shell("mkdir -p \(TmuxHarness.quote(directory + "/samples"))")
        let git = "git -C \(TmuxHarness.quote(directory)) -c user.name=t -c user.email=t@example.com"
        TmuxHarness.writeFile(directory + "/samples/a.json", first)
        TmuxHarness.writeFile(directory + "/samples/b.json", first)
        TmuxHarness.writeFile(directory + "/notes.json", first)
        expectEqual(TmuxHarness.shell("\(git) init -q && \(git) add -A && \(git) commit -qm one").status, 0)
        TmuxHarness.writeFile(directory + "/samples/a.json", second)
        TmuxHarness.writeFile(directory + "/samples/b.json", respelled)
        expectEqual(TmuxHarness.shell("\(git) add -A && \(git) commit -qm two").status, 0)
        try body(directory)
    }

    private func diff(_ arguments: String, in directory: String) -> (status: Int32, output: String) {
        TmuxHarness.shell("cd \(TmuxHarness.quote(directory)) && \(modalkit) diff \(arguments) 2>&1")
    }

    @Test func twoCommitsReportTheChangedModalAndTheRespelledFile() throws {
        try withRepository { directory in
            for range in ["HEAD~1..HEAD", "HEAD~1...HEAD"] {
                let result = diff("--git \(range) samples", in: directory)
                expectEqual(result.status, 1, "\(result.output)")
                expect(result.output.contains("samples/a.json\n  modal 1\n"), "\(result.output)")
                expect(result.output.contains("words: Hello brave [-world-]{+earth+}"), "\(result.output)")
                expect(result.output.contains("button 1: \"OK\" action [-close-] → {+dismiss+}"), "\(result.output)")
                expect(
                    result.output.contains("samples/b.json: no change users see (the JSON is spelled differently)"))
            }
        }
    }

    @Test func theWorkingTreeAgainstHeadIsTheSameAndPathsLimitTheFiles() throws {
        try withRepository { directory in
            let same = diff("--git HEAD", in: directory)
            expectEqual(same.status, 0, "\(same.output)")
            expect(same.output.hasPrefix("no change users see\n"), "\(same.output)")
            let limited = diff("--git HEAD~1 samples/b.json", in: directory)
            expectEqual(limited.status, 0, "\(limited.output)")
            expect(!limited.output.contains("a.json"))
        }
    }

    @Test func anUnknownRevisionOrABrokenFileIsTroubleNamingIt() throws {
        try withRepository { directory in
            let outside = TmuxHarness.makeScratchDirectory()
            defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(outside))") }
            let noRepository = diff("--git HEAD", in: outside)
            expectEqual(noRepository.status, 2)
            expect(noRepository.output.contains("--git needs a git repository here"), "\(noRepository.output)")
            let unknown = diff("--git no-such-revision", in: directory)
            expectEqual(unknown.status, 2)
            expect(unknown.output.contains("git knows no revision 'no-such-revision'"), "\(unknown.output)")
            TmuxHarness.writeFile(directory + "/samples/a.json", "[{\"msg\": ")
            let broken = diff("--git HEAD", in: directory)
            expectEqual(broken.status, 2)
            expect(broken.output.contains("samples/a.json is not a modal document: json-syntax"), "\(broken.output)")
        }
    }
}
