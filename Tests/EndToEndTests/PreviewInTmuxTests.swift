import TestSupport
import Testing

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The preview in a real terminal (tmux): what only the terminal shows. Start-up in a non-UTF-8 locale and
/// restoring the terminal, a resize, SGR mouse reports, exit signals and the bidi mode. Everything else the
/// preview does is tested in process on a `TestBackend` (`PreviewSessionTests`).
///
/// These need tmux and a built `.build/debug/modalkit` whose `preview` command and decoder work; without
/// them every test here stops with the reason instead of failing.
@Suite(.serialized, .threadOfItsOwn) struct EndToEndTests {
    static let shop = """
        {"msg":"Spring sale starts today","buttons":[
          {"label":"Later","action":"close"},
          {"label":"Shop now","action":"https://shop.example/sale","bg_color":"#3366ff","fg_color":"#ffffff"}]}
        """

    func harness(
        json: String = shop, arguments: [String] = [], width: Int = 80, height: Int = 24,
        environment: [String] = [], term: String = "xterm-256color"
    ) throws -> TmuxHarness {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        let harness = TmuxHarness(
            json: json, arguments: arguments, width: width, height: height, term: term, environment: environment)
        // The status line is drawn last, so once its indicator shows the whole first frame is there.
        if !harness.waitForScreen(containing: "Spring sale") || !harness.waitForScreen(containing: "1/1") {
            let screen = harness.screen()
            harness.stop()
            Issue.record("the preview never showed the modal; screen:\n\(screen)")
            throw HarnessError.notStarted
        }
        return harness
    }

    enum HarnessError: Error { case notStarted }

    @Test func startsInANonUTF8LocaleAsAskedAndRestoresTheTerminalAfterAnAction() throws {
        let json = Self.shop.replacingAll("Spring sale starts today", with: "Spring sale: コンピューター ☀ café")
        let tmux = try harness(
            json: json, arguments: ["--no-mouse"], environment: ["LC_ALL=C", "LANG=C", "NO_COLOR=1"])
        defer { tmux.stop() }
        expect(tmux.screen().contains("Spring sale: コンピューター ☀ café"))
        expectEqual(tmux.format("#{alternate_on}"), "1")
        expectEqual(tmux.format("#{mouse_any_flag}"), "0")
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "0")
        let screen = tmux.screen(escapes: true)
        expect(!screen.contains("38;5;"))
        expect(!screen.contains("48;5;"))
        // The first button is focused at start: one Tab reaches the second.
        tmux.send("Tab", "Enter")
        expectEqual(tmux.waitForExit(), 0)
        expectEqual(
            tmux.read("out"),
            #"{"modal":0,"button":1,"label":"Shop now","action":{"type":"url","url":"https://shop.example/sale"}}"#
                + "\n")
        expectEqual(tmux.format("#{alternate_on}"), "0")
    }

    /// Regression (the flag): a flag reached the terminal as its first regional indicator and a space
    /// ("🇯 Tokyo").
    @Test func resizingLaysOutAgainAndAFlagIsSentWhole() throws {
        let json = Self.shop.replacingAll("Spring sale starts today", with: "Spring sale in 🇯🇵 Tokyo")
        let tmux = try harness(json: json, arguments: ["--width", "40"])
        defer { tmux.stop() }
        let rows = tmux.screen().split(separator: "\n").map { String($0.drop { $0 == " " }) }
        let row = rows.first { $0.contains("Tokyo") } ?? ""
        expect(row.contains("🇯🇵 Tokyo"))
        // tmux gives each regional indicator one cell, so counting code points counts cells on these rows.
        let border = rows.first { $0.hasPrefix("┌") } ?? ""
        expectEqual(row.unicodeScalars.count, 40)
        expectEqual(border.unicodeScalars.count, 40)
        expect(row.hasSuffix("│"))
        tmux.tmux("resize-window -t preview -x 30 -y 10")
        expect(tmux.waitForScreen(containing: "terminal too small"))
        expect(tmux.screen().contains("have 30×10"))
        tmux.tmux("resize-window -t preview -x 100 -y 30")
        expect(tmux.waitForScreen(containing: "Spring sale"))
        expect(!tmux.screen().contains("too small"))
        // Centred in the new width: the 40-cell modal starts at column 30.
        expect(tmux.waitUntil { tmux.locate("Spring sale")?.x ?? 0 >= 30 })
    }

    /// Regression: the button row scrolled with the message, so terms-of-service at 80×24 showed no buttons
    /// until End, and nothing was focused, so Enter did nothing.
    @Test func theButtonRowOfALongMessageIsPinnedAndTheFirstButtonFocused() throws {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        let json = try #require(readFile(repositoryRoot + "/samples/terms-of-service.json"))
        let tmux = TmuxHarness(json: json, width: 80, height: 24)
        defer { tmux.stop() }
        expect(tmux.waitForScreen(containing: "Terms of Service") && tmux.waitForScreen(containing: "1/1"))
        expect(tmux.screen().contains("▶ Accept ◀"))
        let accept = try #require(tmux.locate("▶ Accept ◀"))
        expectEqual(accept.y, 21, "the button row sits above the frame's bottom, above the status line")
        tmux.send("PageDown", "PageDown")
        expect(tmux.waitUntil { !tmux.screen().contains("Last updated") })
        let scrolled = try #require(tmux.locate("▶ Accept ◀"))
        expect(scrolled.x == accept.x && scrolled.y == accept.y)
        tmux.send("Enter")
        expectEqual(tmux.waitForExit(), 0)
        expect(tmux.read("out").contains(#""button":0,"label":"Accept""#))
    }

    /// Regression: a press and release that reached the preview in one read were merged by ncurses into a
    /// click event, which was ignored, so a quick click did nothing.
    @Test func aClickWhosePressAndReleaseArriveTogetherActivates() throws {
        let tmux = try harness()
        defer { tmux.stop() }
        let button = try #require(tmux.locate("Shop now"))
        tmux.sendLiteral("\u{1B}[<0;\(button.x + 1);\(button.y + 1)M\u{1B}[<0;\(button.x + 1);\(button.y + 1)m")
        expectEqual(tmux.waitForExit(), 0)
        expect(tmux.read("out").contains(#""button":1,"label":"Shop now""#))
    }

    /// tmux-256color's description knows only the old mouse encoding, so the preview turns SGR reports on
    /// and decodes them itself.
    @Test func sgrClicksWorkWhereTheTerminalDescriptionLacksThem() throws {
        let tmux = try harness(term: "tmux-256color")
        defer { tmux.stop() }
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "1")
        let button = try #require(tmux.locate("Later"))
        tmux.sendLiteral("\u{1B}[<0;\(button.x + 1);\(button.y + 1)M\u{1B}[<0;\(button.x + 1);\(button.y + 1)m")
        expectEqual(tmux.waitForExit(), 0)
        expectEqual(tmux.read("out"), #"{"modal":0,"button":0,"label":"Later","action":{"type":"close"}}"# + "\n")
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "0")
    }

    /// The exit signals are read by the event loop; the fatal ones (a runtime trap, an abort, a bad access)
    /// kill the process where it stands, and a handler restores the terminal before it dies of the signal.
    /// Bug: an exclusivity trap under the bridge left the terminal in the alternate screen, the cursor hidden
    /// and mouse tracking on.
    /// Bug: SIGQUIT (Ctrl-\) was not handled; the process died of it with the alternate screen, mouse modes,
    /// keypad and a hidden cursor left set.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE])
    func aSignalRestoresTheTerminal(signal: Int32) throws {
        // The runtime's crash reporter runs after the restore and takes seconds to symbolicate; off, the process
        // dies of the signal at once.
        let tmux = try harness(environment: ["SWIFT_BACKTRACE=enable=no"])
        defer { tmux.stop() }
        expectEqual(tmux.format("#{alternate_on}"), "1")
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "1")
        let pid = try #require(tmux.pid())
        kill(pid, signal)
        expectEqual(tmux.waitForExit(), 128 + signal)
        expectEqual(tmux.format("#{alternate_on}"), "0")
        expectEqual(tmux.format("#{cursor_flag}"), "1")
        expectEqual(tmux.format("#{mouse_any_flag}"), "0")
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "0")
        expectEqual(tmux.format("#{keypad_cursor_flag}"), "0")
        expect(tmux.read("out").isEmpty)
    }

    /// Bug: after a fatal signal restored the terminal, Swift's interactive crash reporter waited 30 s for a
    /// key, and read typed text as its commands. With the reporter left at its default the process now dies
    /// of the signal at once.
    @Test(arguments: [SIGSEGV, SIGABRT])
    func aFatalSignalEndsAtOnceWithTheCrashReporterAtItsDefault(signal: Int32) throws {
        let tmux = try harness(environment: ["SWIFT_BACKTRACE="], term: "tmux-256color")
        defer { tmux.stop() }
        let pid = try #require(tmux.pid())
        let sent = TmuxHarness.now()
        kill(pid, signal)
        let status = tmux.waitForExit()
        let seconds = TmuxHarness.now() - sent
        expectEqual(status, 128 + signal)
        expect(seconds < 5, "took \(seconds) s to die")
        expectEqual(tmux.format("#{alternate_on}"), "0")
        expectEqual(tmux.format("#{cursor_flag}"), "1")
        expectEqual(tmux.format("#{mouse_any_flag}"), "0")
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "0")
        expectEqual(tmux.format("#{keypad_cursor_flag}"), "0")
    }

    /// Told not to wait (`SWIFT_BACKTRACE=interactive=no`), the crash reporter is handed the signal after the
    /// restore and writes its report. Bug: it then returned, as it does for a real fault that faults again,
    /// and a signal sent by kill() left the process alive.
    @Test func aCrashReporterToldNotToWaitReportsAndThenTheProcessDies() throws {
        let tmux = try harness(environment: ["SWIFT_BACKTRACE=interactive=no"], term: "tmux-256color")
        defer { tmux.stop() }
        let pid = try #require(tmux.pid())
        let sent = TmuxHarness.now()
        kill(pid, SIGSEGV)
        let status = tmux.waitForExit()
        let seconds = TmuxHarness.now() - sent
        expectEqual(status, 128 + SIGSEGV)
        expect(seconds < 10, "took \(seconds) s to die")
        expect(tmux.read("err").contains("Program crashed"))
        expectEqual(tmux.format("#{alternate_on}"), "0")
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "0")
    }

    /// Bug: Ctrl-Z left SGR mouse mode (1006) set while the preview was stopped. Under a shell with job
    /// control: stopped, no mode of the preview is left; continued (`fg`), they are back and the modal is
    /// drawn again over what the shell wrote.
    @Test func aTerminalStopLeavesNoModeSetAndContinuingRepaints() throws {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        guard TmuxHarness.findOnPath("bash") != nil else { try Test.cancel("not run: bash is not on PATH") }
        let scratch = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(scratch))") }
        TmuxHarness.writeFile(scratch + "/modal.json", Self.shop)
        let tmux = TmuxHarness(program: "exec env PS1='$ ' bash --norc --noprofile -i")
        defer { tmux.stop() }
        expect(tmux.waitForScreen(containing: "$"))
        // Under a `sh -c` that stops at once, the shell takes the terminal back before the preview has put it
        // back: the harder case (bug: the preview stopped by SIGTTOU halfway and never came back).
        let command =
            "TERM=tmux-256color \(TmuxHarness.quote(TmuxHarness.modalkitPath)) preview "
            + "\(TmuxHarness.quote(scratch + "/modal.json")) > \(TmuxHarness.quote(scratch + "/out")); true"
        tmux.sendLiteral("sh -c \(TmuxHarness.quote(command))")
        tmux.send("Enter")
        expect(tmux.waitForScreen(containing: "1/1"))
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "1")
        tmux.send("C-z")
        // The shell's "Stopped" line may land in the alternate screen, printed before the preview left it (the
        // `sh -c` stops first); what counts is the state the preview leaves while it is stopped.
        let find =
            "for p in $(pgrep -x modalkit); do grep -qa \(TmuxHarness.quote(scratch)) /proc/$p/cmdline && echo $p; done"
        let pid = try #require(TmuxHarness.shell(find).output.split(separator: "\n").first.flatMap { Int32($0) })
        expect(tmux.waitUntil { TmuxHarness.shell("ps -o stat= -p \(pid)").output.hasPrefix("T") })
        expect(tmux.waitUntil { tmux.format("#{alternate_on}") == "0" })
        expectEqual(tmux.format("#{cursor_flag}"), "1")
        expectEqual(tmux.format("#{mouse_any_flag}"), "0")
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "0")
        expectEqual(tmux.format("#{keypad_cursor_flag}"), "0")
        tmux.sendLiteral("fg")
        tmux.send("Enter")
        expect(tmux.waitForScreen(containing: "Spring sale"))
        expect(tmux.waitForScreen(containing: "1/1"))
        expectEqual(tmux.format("#{alternate_on}"), "1")
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "1")
        expect(!tmux.screen().contains("Stopped"))
        // Still alive and taking keys: Tab then Enter chooses the second button. (The shell ran the `echo`
        // when the job stopped; the choice shows in the file.)
        tmux.send("Tab", "Enter")
        expect(
            tmux.waitUntil {
                TmuxHarness.shell("cat \(TmuxHarness.quote(scratch + "/out"))").output.contains("Shop now")
            })
        expect(tmux.waitUntil { tmux.format("#{alternate_on}") == "0" })
        expectEqual(tmux.format("#{mouse_sgr_flag}"), "0")
    }

    /// The bytes the preview writes to its terminal, from start to exit, read through tmux's `pipe-pane`.
    func rawOutput(arguments: [String]) throws -> String {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        let scratch = TmuxHarness.makeScratchDirectory()
        defer { _ = TmuxHarness.shell("rm -rf \(TmuxHarness.quote(scratch))") }
        TmuxHarness.writeFile(scratch + "/modal.json", Self.shop)
        // The program waits until the pipe is attached, so that its first bytes are caught too.
        let program =
            "while [ ! -e \(TmuxHarness.quote(scratch + "/piped")) ]; do sleep 0.05; done; "
            + "exec env -u NO_COLOR TERM=xterm-256color \(TmuxHarness.quote(TmuxHarness.modalkitPath)) preview "
            + (arguments + [scratch + "/modal.json"]).map(TmuxHarness.quote).joined(separator: " ")
        let tmux = TmuxHarness(program: program)
        defer { tmux.stop() }
        _ = tmux.tmux(
            "pipe-pane -O -t preview:0.0 \(TmuxHarness.quote("cat >> " + TmuxHarness.quote(scratch + "/raw")))")
        TmuxHarness.writeFile(scratch + "/piped", "")
        expect(tmux.waitForScreen(containing: "1/1"))
        tmux.send("q")
        expectEqual(tmux.waitForExit(), 1)
        _ = tmux.waitUntil(seconds: 2) {
            (TmuxHarness.shell("cat \(TmuxHarness.quote(scratch + "/raw"))").output).contains("\u{1B}[8h")
        }
        return TmuxHarness.shell("cat \(TmuxHarness.quote(scratch + "/raw"))").output
    }

    /// The byte offsets where `needle` occurs in `text`.
    func offsets(of needle: String, in text: String) -> [Int] {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count else { return [] }
        return (0...(haystack.count - pattern.count)).filter {
            haystack[$0..<$0 + pattern.count].elementsEqual(pattern)
        }
    }

    @Test func visualOrderAsksTheTerminalNotToReorderAndPutsItBack() throws {
        let raw = try rawOutput(arguments: [])
        let explicit = try #require(offsets(of: TerminalModeSequences.explicitBidiMode, in: raw).first)
        let implicit = try #require(offsets(of: TerminalModeSequences.implicitBidiMode, in: raw).last)
        let drawn = try #require(offsets(of: "Spring", in: raw).first)
        // Explicit mode before the modal is drawn, implicit mode again on the way out.
        expect(explicit < drawn)
        expect(implicit > drawn)
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
