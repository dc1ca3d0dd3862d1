import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `preview --height N` in a real terminal: it draws in N rows below what was on the screen, without the
/// alternate screen, answers keys, and leaves only the outcome behind when it ends.
@Suite(.serialized, .threadOfItsOwn) struct InlinePreviewInTmuxTests {
    @Test func drawsBelowThePromptAndClearsItsRowsOnTheWayOut() throws {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        let scratch = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(scratch))") }
        TmuxHarness.writeFile(scratch + "/modal.json", EndToEndTests.shop)
        let program =
            "printf 'first line\\nsecond line\\n'; env -u NO_COLOR TERM=xterm-256color "
            + "\(TmuxHarness.quote(TmuxHarness.modalkitPath)) preview --height 8 "
            + "\(TmuxHarness.quote(scratch + "/modal.json")) > out; echo done"
        let tmux = TmuxHarness(program: program, width: 60, height: 20)
        defer { tmux.stop() }
        expect(tmux.waitForScreen(containing: "1/1"), "screen:\n\(tmux.screen())")
        let rows = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        expect(rows.count >= 10)
        expect(rows.first == "first line" && rows.dropFirst().first == "second line", "\(rows)")
        let modalRow = try #require(rows.firstIndex { $0.contains("Spring sale") })
        let statusRow = try #require(rows.firstIndex { $0.contains("1/1") })
        expect((2..<10).contains(modalRow))
        expectEqual(statusRow, 9, "the status line is the last of the 8 rows below the two lines: \(rows)")
        expect(rows[10...].allSatisfy { $0.trimmingSpaces.isEmpty }, "nothing is drawn below the region")
        expectEqual(tmux.format("#{alternate_on}"), "0", "the inline preview keeps the normal screen")
        tmux.send("Tab", "Enter")
        expect(tmux.waitForScreen(containing: "done"))
        let after = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        expect(after.first == "first line" && after.dropFirst().first == "second line")
        expectEqual(
            after.dropFirst(2).first, "done", "the region was cleared, and the next output starts there: \(after)")
        expect(!tmux.screen().contains("Spring sale"))
        expect(tmux.read("out").contains(#""label":"Shop now""#))
    }
}

extension InlinePreviewInTmuxTests {
    /// Bug: narrowing the terminal left rows of the old frame on the screen, wrapped in two by tmux's reflow.
    /// tmux pushes what the reflow adds into its scrollback, out of reach; on the screen no piece is left.
    @Test func aNarrowerTerminalShowsOnlyTheNewFrame() throws {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        let program =
            "printf 'first line\\nsecond line\\n'; env -u NO_COLOR TERM=xterm-256color "
            + "\(TmuxHarness.quote(TmuxHarness.modalkitPath)) preview --height 9 "
            + "\(TmuxHarness.quote(repositoryRoot + "/samples/welcome.json")) > out; echo done"
        let tmux = TmuxHarness(program: program, width: 70, height: 24)
        defer { tmux.stop() }
        expect(tmux.waitForScreen(containing: "1/1"), "screen:\n\(tmux.screen())")
        tmux.tmux("resize-window -t preview -x 44")
        expect(
            tmux.waitUntil {
                let rows = tmux.screen().split(separator: "\n")
                return rows.allSatisfy { $0.count <= 44 } && rows.contains { $0.hasPrefix("┌") && $0.hasSuffix("┐") }
            })
        let rows = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Every row holding a piece of frame starts with one: a row the reflow cut would start with text.
        let framed = rows.filter { $0.contains("│") || $0.contains("─") }
        expect(framed.count >= 7, "\(rows)")
        expect(framed.allSatisfy { $0.hasPrefix("┌") || $0.hasPrefix("│") || $0.hasPrefix("└") }, "\(rows)")
        expectEqual(rows.filter { $0.contains("Welcome") }.count, 1, "\(rows)")
        tmux.send("Escape")
        expect(tmux.waitForScreen(containing: "done"))
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring { drop { $0 == " " } }
}
