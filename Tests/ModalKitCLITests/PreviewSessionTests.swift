import Foundation
import ModalKitCLI
import ModalModel
import Preview
import Screen
import TestSupport
import Testing

@testable import Terminal

/// `modalkit preview` run in process on a `TestBackend`: the command line, the host loop and the session as
/// the binary runs them, with scripted keys, mouse and resizes, and the screen read as text. The terminal
/// itself (ncurses, signals, escape sequences) is left to the few tests under tmux in `EndToEndTests`.
@Suite(.threadOfItsOwn) struct PreviewSessionTests {
    static let shop = """
        {"msg":"Spring sale starts today","buttons":[
          {"label":"Later","action":"close"},
          {"label":"Shop now","action":"https://shop.example/sale","bg_color":"#3366ff","fg_color":"#ffffff"}]}
        """

    /// What a run left behind: its status and streams, the terminal, and the options it was opened with.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var backend: TestBackend
        var options: [TerminalSession.Options]
        /// What went to other file descriptors (`--output-fd`), by number.
        var descriptors: [Int32: String] = [:]
    }

    /// Runs `preview ARGUMENTS FILE` (FILE holding `json`) on a terminal of `size` playing `script`, which
    /// may use the file's path.
    func preview(
        json: String = shop, arguments: [String] = [], size: Size = Size(width: 80, height: 24),
        environment: [String: String] = [:], descriptors: [Int32: String] = [:],
        script: (_ path: String) -> [TestBackend.Step]
    ) throws -> Run {
        let directory = try temporaryDirectory("preview-session")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "modal.json"
        expect(writeFile(path, json))
        let backend = TestBackend(size: size, colorDepth: .indexed256, script: script(path))
        let io = BufferIO()
        io.variables = environment
        io.descriptors = descriptors
        io.terminal = { _ in TerminalSession(backend: backend) }
        let status = CLI.run(arguments: ["preview"] + arguments + [path], io: io)
        expect(backend.isRestored, "the terminal was not restored")
        expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
        return Run(
            status: status, stdout: io.stdout, stderr: io.stderr, backend: backend, options: io.terminalOptions,
            descriptors: io.descriptors)
    }

    static func keys(_ keys: Key...) -> TestBackend.Step { .inputs(keys.map { .key($0) }) }

    static var shown: TestBackend.Step { .waitForScreen(containing: "1/1") }

    @Test func tabThenEnterPrintsTheJSONLine() throws {
        // The first button is focused at start, so one Tab reaches the second.
        let run = try preview { _ in [Self.shown, Self.keys(.tab), Self.keys(.enter)] }
        expectEqual(run.status, 0)
        expectEqual(
            run.stdout,
            #"{"modal":0,"button":1,"label":"Shop now","action":{"type":"url","url":"https://shop.example/sale"}}"#
                + "\n")
        expect(!run.backend.ranOutOfScript)
    }

    @Test func enterAloneAnswersTheFirstButtonAndFocusChoosesAnother() throws {
        let first = try preview { _ in [Self.shown, Self.keys(.enter)] }
        expectEqual(first.status, 0)
        expectEqual(first.stdout, #"{"modal":0,"button":0,"label":"Later","action":{"type":"close"}}"# + "\n")
        let second = try preview(arguments: ["--focus", "1"]) { _ in [Self.shown, Self.keys(.enter)] }
        expectEqual(second.status, 0)
        expect(second.stdout.contains(#""button":1,"label":"Shop now""#))
        expectEqual(CLI.run(arguments: ["preview", "--focus", "first", "x.json"], io: BufferIO()), 2)
    }

    @Test func escapeCancelsWithStatusOneAndNothingOnStdout() throws {
        let run = try preview { _ in [Self.shown, Self.keys(.escape)] }
        expectEqual(run.status, 1)
        expect(run.stdout.isEmpty)
        expect(!run.backend.ranOutOfScript)
    }

    @Test func aSignalEndsTheRunWithOneHundredAndTwentyEightPlusItsNumber() throws {
        let run = try preview { _ in [Self.shown, .inputs([.key(.tab), .signal(SIGTERM)])] }
        expectEqual(run.status, 128 + SIGTERM)
        expect(run.stdout.isEmpty)
    }

    @Test func resizingLaysOutAgain() throws {
        let run = try preview(arguments: ["--width", "40"]) { _ in
            [
                Self.shown, .inputs([.resize(Size(width: 30, height: 10))]),
                .waitForScreen(containing: "terminal too small"),
            ]
        }
        expect(run.backend.shows("have 30×10"))
        let wide = try preview(arguments: ["--width", "40"]) { _ in
            [
                Self.shown, .inputs([.resize(Size(width: 30, height: 10))]),
                .waitForScreen(containing: "terminal too small"), .inputs([.resize(Size(width: 100, height: 30))]),
                .waitForScreen(containing: "Spring sale"), Self.keys(.escape),
            ]
        }
        expectEqual(wide.status, 1)
        expect(!wide.backend.shows("too small"))
        expectEqual(wide.backend.screen.size, Size(width: 100, height: 30))
        // Centred in the new width: the 40-cell modal starts at column 30.
        expectEqual(wide.backend.locate("Spring sale").map { $0.x >= 30 }, true)
    }

    /// A press and a release over a button activate it, whether they arrive in one read or in two.
    @Test(arguments: [false, true]) func aClickActivatesAButton(together: Bool) throws {
        let at = try #require(try preview { _ in [Self.shown] }.backend.locate("Shop now"))
        let press = TerminalInput.mouse(x: at.x, y: at.y, button: .left, pressed: true)
        let release = TerminalInput.mouse(x: at.x, y: at.y, button: .left, pressed: false)
        let clicked = try preview { _ in
            [Self.shown] + (together ? [.inputs([press, release])] : [.inputs([press]), .inputs([release])])
        }
        expectEqual(clicked.status, 0)
        expect(clicked.stdout.contains(#""button":1,"label":"Shop now""#))
    }

    @Test func theButtonIsDrawnInItsColours() throws {
        let run = try preview { _ in [Self.shown] }
        let at = try #require(run.backend.locate("Shop now"))
        let style = run.backend.screen[at.x, at.y].style
        expectEqual(style.background, ModalColor(red: 0x33, green: 0x66, blue: 0xFF))
        expectEqual(style.foreground, ModalColor(red: 0xFF, green: 0xFF, blue: 0xFF))
    }

    /// The terminal is asked for what the command line and the environment say: mouse reports unless
    /// `--no-mouse`, colour as `render` decides it (none for `NO_COLOR`; `--color` and `--clusters` win),
    /// and explicit bidi mode unless `--bidi logical`.
    @Test func theTerminalIsOpenedAsTheCommandLineAsks() throws {
        let plain = try preview { _ in [Self.shown] }
        expectEqual(
            plain.options,
            [
                TerminalSession.Options(mouse: true, noColor: false, explicitBidi: true, colorDepth: .ansi16)
            ])
        let asked = try preview(arguments: ["--no-mouse", "--bidi", "logical"], environment: ["NO_COLOR": "1"]) {
            _ in [Self.shown]
        }
        expectEqual(
            asked.options,
            [
                TerminalSession.Options(mouse: false, noColor: true, explicitBidi: false, colorDepth: ColorDepth.none)
            ])
        let overridden = try preview(arguments: ["--color", "truecolor", "--clusters", "whole"]) { _ in [Self.shown] }
        expectEqual(overridden.options.first?.colorDepth, .trueColor)
        expectEqual(overridden.options.first?.clusters, .whole)
    }

    /// Bug: with `TERM=dumb` (Emacs' shell) the full-screen preview started anyway and filled the buffer with
    /// escape sequences; then it printed the modals and exited 0, so `choice=$(modalkit preview …)` took the
    /// box drawing for a choice. It prints them as plain text on standard error, never asks for a terminal,
    /// and exits 3.
    @Test func aDumbTerminalGetsTheModalsPrintedAsPlainTextAndStatusThree() throws {
        let directory = try temporaryDirectory("preview-dumb")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "modal.json"
        expect(writeFile(path, Self.hostile))
        let io = BufferIO()
        io.variables = ["TERM": "dumb", "COLORTERM": "truecolor", "FORCE_COLOR": "1"]
        io.isTerminal = true
        io.terminal = { _ in TerminalSession(backend: TestBackend(size: Size(width: 80, height: 24), script: [])) }
        let status = CLI.run(arguments: ["preview", path], io: io)
        expectEqual(status, 3)
        expect(io.terminalOptions.isEmpty)
        expect(io.stdout.isEmpty)
        expect(io.stderr.contains("TERM=dumb"))
        expect(io.stderr.contains("Spring"))
        expect(Self.controlBytes(io.stderr).isEmpty, "\(Self.controlBytes(io.stderr))")
    }

    /// The same contract when no terminal can be opened (CI, `setsid`, a cron job).
    @Test func withoutATerminalTheModalsArePlainTextOnStandardErrorAndStatusThree() throws {
        let directory = try temporaryDirectory("preview-no-tty")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "modal.json"
        expect(writeFile(path, Self.hostile))
        let result = runCLI(["preview", "--color", "truecolor", "--output-fd", "1", path]) { io in
            io.variables = ["COLORTERM": "truecolor"]
            io.descriptors = [1: ""]
        }
        expectEqual(result.status, 3)
        expect(result.stdout.isEmpty)
        expect(result.stderr.contains("the test gives no terminal"))
        expect(result.stderr.contains("exit status 3"))
        expect(result.stderr.contains("Spring") && result.stderr.contains("Shop now"))
        expect(Self.controlBytes(result.stderr).isEmpty, "\(Self.controlBytes(result.stderr))")
    }

    /// A modal whose text and labels hold escape sequences, C1 controls and a bell.
    static let hostile = #"""
        {"msg":"Spring \u001b[31msale\u001b[0m \u009b2J today\u0007","buttons":[
          {"label":"Later\u001b]8;;x\u0007","action":"close"},
          {"label":"Shop now","action":"https://shop.example/sale","bg_color":"#3366ff","fg_color":"#ffffff"}]}
        """#

    /// Every control character in `text` (C0 but the line feed, DEL, C1), by code point.
    static func controlBytes(_ text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { ($0 < 0x20 && $0 != 0x0A) || (0x7F...0x9F).contains($0) }
    }

    /// `--output-fd N` takes the choice off standard output, as dialog's does.
    @Test func theChoiceGoesToTheOutputDescriptor() throws {
        let run = try preview(arguments: ["--output-fd", "3"], descriptors: [3: ""]) { _ in
            [Self.shown, Self.keys(.tab), Self.keys(.enter)]
        }
        expectEqual(run.status, 0)
        expect(run.stdout.isEmpty)
        expectEqual(run.descriptors[3]?.hasPrefix(#"{"modal":0,"button":1,"label":"Shop now""#), true)
        expectEqual(run.descriptors[3]?.hasSuffix("}\n"), true)
    }

    @Test func anOutputDescriptorThatIsNotOpenIsAUsageError() {
        let result = runCLI(["preview", "--output-fd", "9", "modal.json"]) { io in
            io.terminal = { _ in TerminalSession(backend: TestBackend(size: Size(width: 80, height: 24), script: [])) }
        }
        expectEqual(result.status, 2)
        expect(result.stderr.contains("--output-fd 9: file descriptor 9 is not open for writing"))
        expect(result.stdout.isEmpty)
        let words = runCLI(["preview", "--output-fd", "three", "modal.json"])
        expectEqual(words.status, 2)
        expect(words.stderr.contains("--output-fd must be a file descriptor number, got 'three'"))
    }

    /// `--time-limit` with `--default-button`: the default button of the modal on screen is chosen when the
    /// time runs out, reported (even a `close`) rather than followed, with the status of a choice.
    @Test func aTimeLimitChoosesTheDefaultButton() throws {
        let started = TerminalLoop.monotonicMilliseconds()
        let run = try preview(arguments: ["--time-limit", "0.3", "--default-button", "0"]) { _ in
            [Self.shown, .idle(milliseconds: 10_000)]
        }
        let elapsed = TerminalLoop.monotonicMilliseconds() - started
        expectEqual(run.status, 0)
        expectEqual(run.stdout, #"{"modal":0,"button":0,"label":"Later","action":{"type":"close"}}"# + "\n")
        expect(elapsed >= 300 && elapsed < 5_000, "ended after \(elapsed) ms")
    }

    /// Without a default button the time limit ends the preview with its own status and no choice.
    @Test func aTimeLimitWithoutADefaultButtonExitsFour() throws {
        let run = try preview(arguments: ["--time-limit", "0.2"]) { _ in [Self.shown, .idle(milliseconds: 10_000)] }
        expectEqual(run.status, 4)
        expect(run.stdout.isEmpty)
        expect(run.stderr.contains("no choice within the time limit"))
    }

    /// A key before the limit wins; a default button past the last gives the last.
    @Test func aChoiceBeforeTheTimeLimitWinsAndADefaultPastTheLastGivesTheLast() throws {
        let early = try preview(arguments: ["--time-limit", "30", "--default-button", "1"]) { _ in
            [Self.shown, Self.keys(.enter)]
        }
        expectEqual(early.status, 0)
        expect(early.stdout.contains(#""label":"Later""#))
        let past = try preview(arguments: ["--time-limit", "0.1", "--default-button", "7"]) { _ in
            [Self.shown, .idle(milliseconds: 10_000)]
        }
        expect(past.stdout.contains(#""button":1,"label":"Shop now""#))
    }

    @Test func aDefaultButtonNeedsATimeLimit() {
        let result = runCLI(["preview", "--default-button", "1", "modal.json"])
        expectEqual(result.status, 2)
        expect(result.stderr.contains("give --time-limit"))
        let bridge = runCLI(["preview", "--bridge", "--time-limit", "3"])
        expectEqual(bridge.status, 2)
        expect(bridge.stderr.contains("not --bridge"))
    }

    @Test func onlyTheChangedCellsAreSentAfterAKey() throws {
        let run = try preview { _ in [Self.shown, Self.keys(.tab), Self.keys(.escape)] }
        // The first frame paints every cell, the focus change only the buttons' cells; the screen built
        // from those cells alone still reads right.
        expect(run.backend.drawCount >= 2)
        expect(run.backend.paintedCellCount < 80 * 24 * 2)
        expect(run.backend.shows("Spring sale starts today"))
    }

    @Test func watchPicksUpAnEdit() throws {
        let run = try preview(arguments: ["--watch"]) { path in
            [
                Self.shown,
                .run {
                    _ = writeFile(
                        path,
                        Self.shop.split(separator: "Spring sale starts today").joined(separator: "Summer sale, edited"))
                },
                .waitForScreen(containing: "Summer sale, edited"), .run { _ = writeFile(path, "{\"msg\": ") },
                .waitForScreen(containing: "is invalid"), .run { _ = writeFile(path, Self.shop) },
                .waitForScreen(containing: "Spring sale"), Self.keys(.escape),
            ]
        }
        expectEqual(run.status, 1)
    }

    /// A `file://` operand is its file: read, and with `--watch` watched, as the plain path would be.
    @Test func watchFollowsTheFileOfAFileURL() throws {
        let directory = try temporaryDirectory("preview-file-url")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "modal.json"
        expect(writeFile(path, Self.shop))
        let backend = TestBackend(
            size: Size(width: 80, height: 24),
            script: [
                Self.shown,
                .run { _ = writeFile(path, #"{"msg":"Summer sale, edited"}"#) },
                .waitForScreen(containing: "Summer sale, edited"), Self.keys(.escape),
            ])
        let io = BufferIO()
        io.terminal = { _ in TerminalSession(backend: backend) }
        expectEqual(CLI.run(arguments: ["preview", "--watch", "file://" + path], io: io), 1)
        expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
    }

    @Test func watchingAURLShowsTheServersChangesAndItsFailures() throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(
            ModalServer(modal: #"{"msg":"Served first","buttons":[{"label":"OK","action":"close"}]}"#))
        var stopped = false
        defer { if !stopped { server.stop() } }
        let backend = TestBackend(
            size: Size(width: 80, height: 24),
            script: [
                .waitForScreen(containing: "Served first"), .inputs([.key(.tab)]),
                .run { server.serve(#"{"msg":"Served second","buttons":[{"label":"OK","action":"close"}]}"#) },
                .waitForScreen(containing: "Served second"), .run { server.serve(#"{"msg": 5}"#) },
                .waitForScreen(containing: "resumes when the file is valid"),
                .run { server.serve(#"{"msg":"Served third","buttons":[{"label":"OK","action":"close"}]}"#) },
                .waitForScreen(containing: "Served third"),
                .run {
                    server.stop()
                    stopped = true
                },
                .waitForScreen(containing: "cannot connect to '127.0.0.1'"), .inputs([.key(.escape)]),
            ])
        let io = BufferIO()
        io.terminal = { _ in TerminalSession(backend: backend) }
        let status = CLI.run(
            arguments: ["preview", "--watch", "--interval", "0.1", server.url("/modal.json")], io: io)
        expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
        expectEqual(status, 1)
        expect(io.stdout.isEmpty)
        expect(backend.isRestored)
    }

    @Test func aURLThatFailsAtStartIsAClearErrorWithStatusTwo() throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: #"{"msg":"unused"}"#))
        defer { server.stop() }
        let failing = runCLI(["preview", server.url("/status/500")])
        expectEqual(failing.status, 2)
        expect(
            failing.stderr.contains("the server answered HTTP 500 Internal Server Error, saying: server says 500"))
        let refused = runCLI(["preview", "--watch", "http://127.0.0.1:\(ModalServer.closedPort())/modal.json"])
        expectEqual(refused.status, 2)
        expect(refused.stderr.contains("cannot connect to '127.0.0.1'"))
        expect(refused.stderr.contains("[url-connect-failed]"))
    }
}
