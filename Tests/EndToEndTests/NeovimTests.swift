import ModalModel
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Neovim, headless, with the configuration docs/editors.md documents: opening an invalid sample shows
/// the diagnostic `modalkit validate` reports, at its line and column; and a recorded session goes from a
/// range to its words, styles a selection and formats with tabs, through Neovim's own LSP client.
@Suite(.threadOfItsOwn) struct NeovimTests {
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

    /// Skips when Neovim cannot run here, except under CI, which installs it: there it is a failure.
    static func requireNeovim() throws -> Bool {
        guard let reason = unavailableReason else { return true }
        if getenv("CI") != nil {
            Issue.record("CI must run this test: \(reason)")
            return false
        }
        try Test.cancel("not run: \(reason)")
    }

    /// Runs `nvim --headless` with the documented configuration on `file`, then the Lua at `script`; the
    /// script writes what it saw to the file `$MODALKIT_NVIM_OUT` names, which is returned line by line.
    static func runNeovim(script: String, file: String, output: String, in directory: String) -> [String] {
        let binDirectory = String(TmuxHarness.modalkitPath.dropLast("/modalkit".count))
        let config = repositoryRoot + "/docs/editors/modalkit.lua"
        let command =
            "cd \(TmuxHarness.quote(directory)) && env PATH=\(TmuxHarness.quote(binDirectory)):\"$PATH\" "
            + "MODALKIT_NVIM_OUT=\(TmuxHarness.quote(output)) timeout 60 nvim --headless -n -i NONE "
            + "-u \(TmuxHarness.quote(config)) -c \(TmuxHarness.quote("luafile " + script)) "
            + "\(TmuxHarness.quote(file)) </dev/null >/dev/null 2>&1"
        let run = TmuxHarness.shell(command)
        expectEqual(run.status, 0, "nvim exited with \(run.status)")
        return (readFile(output) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func invalidSampleShowsItsDiagnostic() throws {
        guard try Self.requireNeovim() else { return }
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        TmuxHarness.writeFile(directory + "/probe.lua", Self.probe)
        let sample = repositoryRoot + "/samples/invalid/bad-color.json"
        let output = directory + "/diagnostics"
        let lines = Self.runNeovim(script: directory + "/probe.lua", file: sample, output: output, in: directory)
        // The first finding of `modalkit validate` for the file, as path:line:column: … [code].
        let expected = TmuxHarness.shell(
            "\(TmuxHarness.quote(TmuxHarness.modalkitPath)) validate \(TmuxHarness.quote(sample))")
        let firstLine = expected.output.split(separator: "\n").first.map(String.init) ?? ""
        expect(firstLine.contains("[invalid-color]"), "\(firstLine)")
        let location = firstLine.split(separator: ":").dropFirst().prefix(2).joined(separator: ":")
        expect(lines.contains { $0.hasPrefix(location + ":1:invalid-color") }, "\(lines) vs \(location)")
    }

    /// Lua run after a copy of a sample is open: the recorded session. Each step goes through Neovim's client
    /// (`buf_request_sync`, `jump_to_location`, `apply_workspace_edit`, formatting) and writes what the buffer
    /// shows afterwards to the transcript.
    static let session = """
        local out = {}
        local function log(line) table.insert(out, line) end
        local function finish()
          vim.fn.writefile(out, os.getenv("MODALKIT_NVIM_OUT"))
          vim.cmd("qa!")
        end
        local buf = vim.api.nvim_get_current_buf()
        local ready = vim.wait(20000, function()
          for _, client in pairs(vim.lsp.buf_get_clients(buf)) do
            if client.name == "modalkit" and client.initialized then return true end
          end
          return false
        end, 20)
        if not ready then log("error: the server did not start"); finish(); return end
        log("omnifunc " .. vim.bo[buf].omnifunc)

        -- Step 1: from the first range's `from` to the words it covers.
        local from_line = vim.fn.search('"from": 5,')
        vim.api.nvim_win_set_cursor(0, { from_line, vim.fn.getline(from_line):find("5") - 1 })
        local answers = vim.lsp.buf_request_sync(buf, "textDocument/definition", vim.lsp.util.make_position_params(), 10000)
        local location = nil
        for _, answer in pairs(answers or {}) do
          if answer.result ~= nil and answer.result[1] ~= nil then location = answer.result[1] end
        end
        if location == nil then log("error: no definition"); finish(); return end
        vim.lsp.util.jump_to_location(location, "utf-16")
        local cursor = vim.api.nvim_win_get_cursor(0)
        local line = vim.fn.getline(cursor[1])
        log(string.format("definition %d:%d %s", cursor[1], cursor[2] + 1, line:sub(cursor[2] + 1, cursor[2] + 9)))

        -- Step 2: select "Tokyo" in msg and style it.
        local msg_line = vim.fn.search('"msg"', "w")
        local text = vim.fn.getline(msg_line)
        local first = text:find("Tokyo", 1, true) - 1
        -- vim.str_utfindex gives the UTF-32 index, then the UTF-16 one.
        local function utf16_index(line, byte_index)
          local _, units = vim.str_utfindex(line, byte_index)
          return units
        end
        local range = {
          start = { line = msg_line - 1, character = utf16_index(text, first) },
          ["end"] = { line = msg_line - 1, character = utf16_index(text, first + 5) },
        }
        local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", {
          textDocument = vim.lsp.util.make_text_document_params(),
          range = range,
          context = { diagnostics = {} },
        }, 10000)
        local chosen = nil
        for _, answer in pairs(actions or {}) do
          for _, action in ipairs(answer.result or {}) do
            log("action " .. action.title)
            if action.title == "Style the selection" then chosen = action end
          end
        end
        if chosen == nil then log("error: no Style the selection"); finish(); return end
        vim.lsp.util.apply_workspace_edit(chosen.edit, "utf-16")
        for _, styled in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
          if styled:find('"font_style": "bold"}', 1, true) and styled:find("apply_to", 1, true) then
            log("styled " .. vim.trim(styled))
          end
        end

        -- Step 3: format with tabs.
        vim.bo[buf].expandtab = false
        if vim.lsp.buf.format ~= nil then
          vim.lsp.buf.format({ timeout_ms = 10000 })
        else
          vim.lsp.buf.formatting_sync(nil, 10000)
        end
        vim.cmd("write")
        local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
        local tabbed = 0
        for index, formatted in ipairs(lines) do
          if index > 1 and index < #lines and formatted:sub(1, 1) == "\\t" then tabbed = tabbed + 1 end
        end
        log(string.format("formatted %d lines, %d inner lines start with a tab", #lines, tabbed))
        for _, formatted in ipairs(lines) do log("| " .. formatted) end
        finish()
        """

    /// Go to the words of a range, style a selection, format with tabs: the transcript says where the cursor
    /// landed and what the buffer holds, and the file written at the end validates clean with the new style
    /// over the selected word.
    @Test func recordedSessionGoesToTheWordsStylesASelectionAndFormatsWithTabs() throws {
        guard try Self.requireNeovim() else { return }
        let directory = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(directory))") }
        let sampleText = try #require(readFile(repositoryRoot + "/samples/emoji-greeting.json"))
        let file = directory + "/greeting.json"
        TmuxHarness.writeFile(file, sampleText)
        TmuxHarness.writeFile(directory + "/session.lua", Self.session)
        let transcriptPath = directory + "/transcript"
        let transcript = Self.runNeovim(
            script: directory + "/session.lua", file: file, output: transcriptPath, in: directory)
        let recorded = transcript.joined(separator: "\n")
        expect(!recorded.contains("error:"), "\(recorded)")
        expectEqual(transcript.first, "omnifunc v:lua.vim.lsp.omnifunc", "\(recorded)")

        // Step 1: `"from": 5` of the first style covers "Hi Sofia!", after the waving hand and a space.
        let lines = sampleText.split(separator: "\n", omittingEmptySubsequences: false)
        let messageLine = try #require(lines.firstIndex { $0.contains("\"msg\"") })
        let before = try #require(lines[messageLine].firstRange(of: "Hi Sofia!")).lowerBound
        let column = lines[messageLine].utf8.distance(from: lines[messageLine].startIndex, to: before) + 1
        expect(transcript.contains("definition \(messageLine + 1):\(column) Hi Sofia!"), "\(recorded)")

        // Step 2: the new style covers "Tokyo" in UTF-16 units of the decoded message.
        let modal = try #require(ModalDecoder.decode(Array(sampleText.utf8)).document?.modals.first)
        let tokyo = try #require(modal.message.firstRange(of: "Tokyo")).lowerBound
        let tokyoOffset = tokyo.utf16Offset(in: modal.message)
        expect(transcript.contains("action Style the selection"))
        expect(
            transcript.contains(
                #"styled {"apply_to": {"from": \#(tokyoOffset), "length": 5}, "font_style": "bold"}"#),
            "\(recorded)")

        // Step 3: every line but the brackets of the document starts with a tab, in the buffer and on disk.
        let buffer = transcript.filter { $0.hasPrefix("| ") }.map { String($0.dropFirst(2)) }
        expect(buffer.count > 40)
        expect(
            transcript.contains("formatted \(buffer.count) lines, \(buffer.count - 2) inner lines start with a tab"))
        expect(buffer.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\t") })
        let written = try #require(readFile(file))
        expectEqual(written, buffer.joined(separator: "\n") + "\n")
        let validated = TmuxHarness.shell(
            "\(TmuxHarness.quote(TmuxHarness.modalkitPath)) validate \(TmuxHarness.quote(file)) 2>&1")
        expect(validated.status == 0 && validated.output.contains("0 errors, 0 warnings"), "\(validated.output)")
        let styled = try #require(ModalDecoder.decode(Array(written.utf8)).document?.modals.first)
        let added = try #require(styled.styles.last)
        let units = Array(styled.message.utf16)
        expect(added.range.utf16End <= units.count)
        expectEqual(
            String(decoding: units[added.range.utf16Offset..<min(added.range.utf16End, units.count)], as: UTF16.self),
            "Tokyo")
    }

    /// The configuration the test runs is the one docs/editors.md shows, word for word.
    @Test func theDocumentedConfigurationIsTheTestedOne() throws {
        let config = try #require(readFile(repositoryRoot + "/docs/editors/modalkit.lua"))
        let guide = try #require(readFile(repositoryRoot + "/docs/editors.md"))
        expect(guide.contains("```lua\n" + config + "```"))
    }
}
