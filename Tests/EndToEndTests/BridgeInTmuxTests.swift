import ModalModel
import PositionedJSON
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge in a real terminal (tmux): the Python example drives `preview --bridge` while keys are typed,
/// and the `r` key reloads a path source. Watching a URL is tested in process (`PreviewSessionTests`).
@Suite(.serialized, .threadOfItsOwn) struct BridgeInTmuxTests {
    func requireTools() throws {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        if let reason = ModalServer.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
    }

    /// Waits for a step of the onboarding sample to be drawn with its buttons.
    func waitForStep(_ number: Int, _ tmux: TmuxHarness) -> Bool {
        tmux.waitUntil {
            let screen = tmux.screen()
            // The buttons are drawn once the row shows Next, focused (the first button) or not.
            return screen.contains("Step \(number) of 4")
                && (screen.contains("[ Next ]") || screen.contains("▶ Next ◀"))
                || screen.contains("Step \(number) of 4") && screen.contains("Start using Kash")
        }
    }

    @Test func thePythonExampleWalksTheOnboardingModals() throws {
        try requireTools()
        let script = repositoryRoot + "/Examples/bridge_onboarding.py"
        let program =
            "exec env -u NO_COLOR TERM=xterm-256color MODALKIT=\(TmuxHarness.quote(TmuxHarness.modalkitPath)) "
            + "python3 \(TmuxHarness.quote(script)) > out 2> err"
        let tmux = TmuxHarness(program: program)
        defer { tmux.stop() }

        // Each modal starts on its first button, so Enter alone answers it.
        expect(waitForStep(1, tmux))
        tmux.send("Enter")
        expect(waitForStep(2, tmux))
        // "Back" is the first button: the script reacts by showing step 1 again.
        tmux.send("Enter")
        expect(waitForStep(1, tmux))
        tmux.send("Enter")
        expect(waitForStep(2, tmux))
        tmux.send("Tab", "Enter")
        expect(waitForStep(3, tmux))
        tmux.send("Tab", "Enter")
        expect(waitForStep(4, tmux))
        tmux.send("Tab", "Enter")

        expectEqual(tmux.waitForExit(), 0)
        expectEqual(tmux.format("#{alternate_on}"), "0")
        let lines = tmux.read("out").split(separator: "\n").map(String.init)
        // Every line the bridge wrote is a protocol event; nothing else reached its standard output.
        for line in lines {
            guard case .success(let value) = JSONParser.parse(Array(line.utf8)),
                case .object(let members) = value.value,
                members.first?.key == "event"
            else {
                Issue.record("not a protocol line: \(line)")
                continue
            }
        }
        expectEqual(lines.first, #"{"event":"ready","protocol":1,"modalkit":"0.1.0"}"#)
        let labels = lines.compactMap { line -> String? in
            guard line.hasPrefix(#"{"event":"action""#) else { return nil }
            return line.split(separator: "\"label\":\"").last?.split(separator: "\"").first.map(String.init)
        }
        expectEqual(labels, ["Next", "Back", "Next", "Next", "Next", "Start using Kash"])
        // Each step is a `show` of its own, so the last document is the sixth shown.
        expectEqual(lines.last, #"{"event":"closed","modal":0,"source":"<document>","generation":6}"#)
        expect(tmux.read("err").contains("onboarding finished; the bridge exited with 0"))
    }

    /// `r` reads a `path` source again. The host once handed the loop a closure that read the source back
    /// from the loop while the loop was being changed, which Swift's exclusivity check turned into an abort
    /// (exit 134) that left the terminal in the alternate screen.
    @Test func reloadingAPathSourceWithRKeepsTheBridgeRunning() throws {
        try requireTools()
        let sample = repositoryRoot + "/samples/onboarding.json"
        let program =
            "mkfifo commands && echo $$ > pid && exec env -u NO_COLOR TERM=xterm-256color "
            + "\(TmuxHarness.quote(TmuxHarness.modalkitPath)) preview --bridge < commands > out 2> err"
        let tmux = TmuxHarness(program: program)
        defer { tmux.stop() }
        expect(tmux.waitUntil { access(tmux.directory + "/commands", F_OK) == 0 })
        // Opening the FIFO for writing waits for the bridge's shell to open it for reading.
        let commands = open(tmux.directory + "/commands", O_WRONLY)
        try #require(commands >= 0)
        func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(commands, $0.baseAddress!, $0.count) }
        }
        send(#"{"command":"show","path":"\#(sample)"}"#)
        expect(tmux.waitForScreen(containing: "Step 1 of 4"))
        tmux.send("r")
        tmux.send("Tab")
        send(#"{"command":"focus","button":0}"#)
        tmux.send("r")
        expect(tmux.waitForScreen(containing: "Step 1 of 4"))
        send(#"{"command":"quit"}"#)
        close(commands)
        expectEqual(tmux.waitForExit(), 0)
        expectEqual(tmux.format("#{alternate_on}"), "0")
        expect(!tmux.read("err").contains("Fatal"))
        let events = tmux.read("out").split(separator: "\n")
        expect(events.count == 1 && events.first?.hasPrefix(#"{"event":"ready""#) == true, "\(events)")
    }
}
