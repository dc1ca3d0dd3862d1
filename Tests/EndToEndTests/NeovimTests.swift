import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Neovim, headless, with the configuration docs/editors.md documents: opening an invalid sample shows
/// the diagnostic `modalkit validate` reports, at its line and column.
@Suite struct NeovimTests {
    /// Why Neovim cannot be driven here, or nil.
    static let unavailableReason: String? = {
        if let reason = TmuxHarness.commandUnavailableReason { return reason }
        guard TmuxHarness.findOnPath("nvim") != nil else {
            return "nvim is not on PATH (apt-get install neovim; .ci/run installs it)"
        }
        return nil
    }()

    /// Lua run after the file is open: waits for diagnostics, writes them one a line, quits.
    static let probe = """
        local ok = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 20)
        local lines = {}
        for _, d in ipairs(vim.diagnostic.get(0)) do
          local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
          table.insert(lines, string.format("%d:%d:%d:%s", d.lnum + 1, d.col + 1, d.severity, code))
        end
        if not ok then lines = { "timeout" } end
        vim.fn.writefile(lines, os.getenv("MODALKIT_NVIM_OUT"))
        vim.cmd("qa!")
        """

    @Test func invalidSampleShowsItsDiagnostic() throws {
        if let reason = Self.unavailableReason {
            // CI installs nvim, so there a missing nvim is a failure, not a skip.
            if getenv("CI") != nil {
                Issue.record("CI must run this test: \(reason)")
                return
            }
            try Test.cancel("not run: \(reason)")
        }
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        TmuxHarness.writeFile(directory + "/probe.lua", Self.probe)
        let binDirectory = String(TmuxHarness.modalkitPath.dropLast("/modalkit".count))
        let config = repositoryRoot + "/docs/editors/modalkit.lua"
        let sample = repositoryRoot + "/samples/invalid/bad-color.json"
        let output = directory + "/diagnostics"
        let command =
            "cd \(TmuxHarness.quote(directory)) && env PATH=\(TmuxHarness.quote(binDirectory)):\"$PATH\" "
            + "MODALKIT_NVIM_OUT=\(TmuxHarness.quote(output)) timeout 60 nvim --headless -n -i NONE "
            + "-u \(TmuxHarness.quote(config)) -c \(TmuxHarness.quote("luafile " + directory + "/probe.lua")) "
            + "\(TmuxHarness.quote(sample)) </dev/null >/dev/null 2>&1"
        let run = TmuxHarness.shell(command)
        #expect(run.status == 0, "nvim exited with \(run.status)")
        let lines = (readFile(output) ?? "").split(separator: "\n").map(String.init)
        // The first finding of `modalkit validate` for the file, as path:line:column: … [code].
        let expected = TmuxHarness.shell(
            "\(TmuxHarness.quote(TmuxHarness.modalkitPath)) validate \(TmuxHarness.quote(sample))")
        let firstLine = expected.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.contains("[invalid-color]"), "\(firstLine)")
        let location = firstLine.split(separator: ":").dropFirst().prefix(2).joined(separator: ":")
        #expect(lines.contains { $0.hasPrefix(location + ":1:invalid-color") }, "\(lines) vs \(location)")
    }

    /// The configuration the test runs is the one docs/editors.md shows, word for word.
    @Test func theDocumentedConfigurationIsTheTestedOne() throws {
        let config = try #require(readFile(repositoryRoot + "/docs/editors/modalkit.lua"))
        let guide = try #require(readFile(repositoryRoot + "/docs/editors.md"))
        #expect(guide.contains("```lua\n" + config + "```"))
    }
}
