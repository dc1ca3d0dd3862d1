import Foundation
import TestSupport
import Testing

/// The start-up probe and what the preview draws with it, in tmux: tmux answers device attributes (the
/// sentinel) and nothing else the probe asks, so the preview starts at once and draws with what the
/// environment says.
@Suite(.serialized, .threadOfItsOwn) struct ProbeInTmuxTests {
    static let promotion = """
        {"msg":"Sale now ¥9,800 was ¥14,800 see terms","styles":[
          {"apply_to":{"from":0,"length":4},"color":"#888888"},
          {"apply_to":{"from":20,"length":7},"strikethrough":true},
          {"apply_to":{"from":32,"length":5},"link":"https://shop.example/terms"}],
         "buttons":[{"label":"Buy","action":"close","bg_color":"#1f6feb","fg_color":"#ffffff"}]}
        """

    func harness(term: String, environment: [String] = []) throws -> TmuxHarness {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        // The preview loads `tmux-direct` for truecolor and `xterm-16color` for an 8-colour xterm, and rightly
        // falls back without them; these tests are about what it draws with them.
        for name in ["tmux-direct", "xterm-16color"] where !Self.terminfoExists(name) {
            try Test.cancel("end-to-end test not run: no terminfo entry \(name) (apt-get install ncurses-term)")
        }
        let tmux = TmuxHarness(json: Self.promotion, arguments: ["--no-mouse"], term: term, environment: environment)
        if !tmux.waitForScreen(containing: "see terms") || !tmux.waitForScreen(containing: "1/1") {
            let screen = tmux.screen()
            tmux.stop()
            Issue.record("the preview never showed the modal; screen:\n\(screen)")
            throw ProbeError.notStarted
        }
        return tmux
    }

    enum ProbeError: Error { case notStarted }

    /// Whether ncurses can find the compiled description `name` where Debian keeps them.
    static func terminfoExists(_ name: String) -> Bool {
        let directories = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        return directories.contains { FileManager.default.fileExists(atPath: "\($0)/\(name.prefix(1))/\(name)") }
    }

    @Test func theProbeLeavesNoRepliesOnScreenAndTruecolorStrikethroughAndThePanelAreDrawn() throws {
        let tmux = try harness(term: "tmux-256color", environment: ["COLORTERM=truecolor"])
        defer { tmux.stop() }
        let text = tmux.screen()
        for reply in ["2027", "2026", "$y", "1;2c", "rgb:", "11;"] {
            expect(!text.contains(reply), "a reply reached the screen: \(reply)")
        }
        let screen = tmux.screen(escapes: true)
        // tmux-direct was loaded for COLORTERM=truecolor: the grey is sent as itself, not a palette entry.
        expect(screen.contains("38;2;136;136;136"))
        // The modal's own panel on an unknown (assumed dark) background: 10% white over black.
        expect(screen.contains("48;2;26;26;26"))
        // Struck-through text, drawn over ncurses' cells with SGR 9.
        expect(screen.contains("\u{1B}[9m"))
        tmux.send("q")
        expectEqual(tmux.waitForExit(), 1)
        expectEqual(tmux.format("#{alternate_on}"), "0")
        expect(tmux.read("err").isEmpty)
    }

    /// Regression: with `TERM=xterm` (8 colours in its description) grey text became cyan and `#1f6feb` a
    /// cyan background, where `render --color 16` chose bright black and bright blue.
    @Test func eightColourXtermShowsTheColoursRenderChoosesAtSixteen() throws {
        let tmux = try harness(term: "xterm")
        defer { tmux.stop() }
        let screen = tmux.screen(escapes: true)
        expect(screen.contains("\u{1B}[90m") || screen.contains(";90m") || screen.contains("[90;"))
        expect(screen.contains("104m"))
        expect(!screen.contains("\u{1B}[36m") && !screen.contains("\u{1B}[46m"))
        tmux.send("q")
        expectEqual(tmux.waitForExit(), 1)
    }

    /// `--clusters whole` sends a ZWJ sequence whole even where the terminal did not report mode 2027; tmux
    /// draws it per code point, wider than layout, and the cells after it are written again, so the text
    /// after it and the frame stay where layout put them.
    @Test func wholeClustersAskedForReachTheTerminalAndTheRowStaysInPlace() throws {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        let json =
            #"{"msg":"Family \#u{1F468}\#u{200D}\#u{1F469}\#u{200D}\#u{1F467} wave see terms","buttons":[{"label":"OK","action":"close"}]}"#
        let tmux = TmuxHarness(json: json, arguments: ["--no-mouse", "--clusters", "whole"], term: "xterm-256color")
        defer { tmux.stop() }
        expect(tmux.waitForScreen(containing: "see terms"), "the preview never showed the modal")
        let lines = tmux.screen().split(separator: "\n").map(String.init)
        let row = try #require(lines.first { $0.contains("Family") })
        expect(
            row.unicodeScalars.contains("\u{1F469}") && row.unicodeScalars.contains("\u{1F467}"),
            "the sequence was cut down: \(row)")
        expect(row.contains("wave see terms"))
        let frame = try #require(lines.first { $0.contains("┌") })
        // Same number of columns to the right border as the top frame has to its corner.
        expectEqual(tmux.locate("│ Family")?.x, tmux.locate("┌")?.x)
        expect(row.hasSuffix("│") && frame.hasSuffix("┐"))
        tmux.send("q")
        expectEqual(tmux.waitForExit(), 1)
    }
}
