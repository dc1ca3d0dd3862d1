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
@Suite(.serialized) struct PreviewSessionTests {
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
    }

    /// Runs `preview ARGUMENTS FILE` (FILE holding `json`) on a terminal of `size` playing `script`, which
    /// may use the file's path.
    func preview(
        json: String = shop, arguments: [String] = [], size: Size = Size(width: 80, height: 24),
        environment: [String: String] = [:], script: (_ path: String) -> [TestBackend.Step]
    ) throws -> Run {
        let directory = try temporaryDirectory("preview-session")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "modal.json"
        #expect(writeFile(path, json))
        let backend = TestBackend(size: size, colorDepth: .indexed256, script: script(path))
        let io = BufferIO()
        io.variables = environment
        io.terminal = { _ in TerminalSession(backend: backend) }
        let status = CLI.run(arguments: ["preview"] + arguments + [path], io: io)
        #expect(backend.isRestored, "the terminal was not restored")
        #expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
        return Run(
            status: status, stdout: io.stdout, stderr: io.stderr, backend: backend, options: io.terminalOptions)
    }

    static func keys(_ keys: Key...) -> TestBackend.Step { .inputs(keys.map { .key($0) }) }

    static var shown: TestBackend.Step { .waitForScreen(containing: "1/1") }

    @Test func tabThenEnterPrintsTheJSONLine() throws {
        // The first button is focused at start, so one Tab reaches the second.
        let run = try preview { _ in [Self.shown, Self.keys(.tab), Self.keys(.enter)] }
        #expect(run.status == 0)
        #expect(
            run.stdout
                == #"{"modal":0,"button":1,"label":"Shop now","action":{"type":"url","url":"https://shop.example/sale"}}"#
                + "\n")
        #expect(!run.backend.ranOutOfScript)
    }

    @Test func enterAloneAnswersTheFirstButtonAndFocusChoosesAnother() throws {
        let first = try preview { _ in [Self.shown, Self.keys(.enter)] }
        #expect(first.status == 0)
        #expect(first.stdout == #"{"modal":0,"button":0,"label":"Later","action":{"type":"close"}}"# + "\n")
        let second = try preview(arguments: ["--focus", "1"]) { _ in [Self.shown, Self.keys(.enter)] }
        #expect(second.status == 0)
        #expect(second.stdout.contains(#""button":1,"label":"Shop now""#))
        #expect(CLI.run(arguments: ["preview", "--focus", "first", "x.json"], io: BufferIO()) == 2)
    }

    @Test func escapeCancelsWithStatusOneAndNothingOnStdout() throws {
        let run = try preview { _ in [Self.shown, Self.keys(.escape)] }
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(!run.backend.ranOutOfScript)
    }

    @Test func aSignalEndsTheRunWithOneHundredAndTwentyEightPlusItsNumber() throws {
        let run = try preview { _ in [Self.shown, .inputs([.key(.tab), .signal(SIGTERM)])] }
        #expect(run.status == 128 + SIGTERM)
        #expect(run.stdout.isEmpty)
    }

    @Test func resizingLaysOutAgain() throws {
        let run = try preview(arguments: ["--width", "40"]) { _ in
            [
                Self.shown, .inputs([.resize(Size(width: 30, height: 10))]),
                .waitForScreen(containing: "terminal too small"),
            ]
        }
        #expect(run.backend.shows("have 30×10"))
        let wide = try preview(arguments: ["--width", "40"]) { _ in
            [
                Self.shown, .inputs([.resize(Size(width: 30, height: 10))]),
                .waitForScreen(containing: "terminal too small"), .inputs([.resize(Size(width: 100, height: 30))]),
                .waitForScreen(containing: "Spring sale"), Self.keys(.escape),
            ]
        }
        #expect(wide.status == 1)
        #expect(!wide.backend.shows("too small"))
        #expect(wide.backend.screen.size == Size(width: 100, height: 30))
        // Centred in the new width: the 40-cell modal starts at column 30.
        #expect(wide.backend.locate("Spring sale").map { $0.x >= 30 } == true)
    }

    /// A press and a release over a button activate it, whether they arrive in one read or in two.
    @Test(arguments: [false, true]) func aClickActivatesAButton(together: Bool) throws {
        let at = try #require(try preview { _ in [Self.shown] }.backend.locate("Shop now"))
        let press = TerminalInput.mouse(x: at.x, y: at.y, button: .left, pressed: true)
        let release = TerminalInput.mouse(x: at.x, y: at.y, button: .left, pressed: false)
        let clicked = try preview { _ in
            [Self.shown] + (together ? [.inputs([press, release])] : [.inputs([press]), .inputs([release])])
        }
        #expect(clicked.status == 0)
        #expect(clicked.stdout.contains(#""button":1,"label":"Shop now""#))
    }

    @Test func theButtonIsDrawnInItsColours() throws {
        let run = try preview { _ in [Self.shown] }
        let at = try #require(run.backend.locate("Shop now"))
        let style = run.backend.screen[at.x, at.y].style
        #expect(style.background == ModalColor(red: 0x33, green: 0x66, blue: 0xFF))
        #expect(style.foreground == ModalColor(red: 0xFF, green: 0xFF, blue: 0xFF))
    }

    /// The terminal is asked for what the command line and the environment say: mouse reports unless
    /// `--no-mouse`, colour as `render` decides it (none for `NO_COLOR`; `--color` and `--clusters` win),
    /// and explicit bidi mode unless `--bidi logical`.
    @Test func theTerminalIsOpenedAsTheCommandLineAsks() throws {
        let plain = try preview { _ in [Self.shown] }
        #expect(
            plain.options == [
                TerminalSession.Options(mouse: true, noColor: false, explicitBidi: true, colorDepth: .ansi16)
            ])
        let asked = try preview(arguments: ["--no-mouse", "--bidi", "logical"], environment: ["NO_COLOR": "1"]) {
            _ in [Self.shown]
        }
        #expect(
            asked.options == [
                TerminalSession.Options(mouse: false, noColor: true, explicitBidi: false, colorDepth: ColorDepth.none)
            ])
        let overridden = try preview(arguments: ["--color", "truecolor", "--clusters", "whole"]) { _ in [Self.shown] }
        #expect(overridden.options.first?.colorDepth == .trueColor)
        #expect(overridden.options.first?.clusters == .whole)
    }

    /// Bug: with `TERM=dumb` (Emacs' shell) the full-screen preview started anyway and filled the buffer with
    /// escape sequences. It prints the modals instead, and never asks for a terminal.
    @Test func aDumbTerminalGetsTheModalsPrinted() throws {
        let directory = try temporaryDirectory("preview-dumb")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "modal.json"
        #expect(writeFile(path, Self.shop))
        let io = BufferIO()
        io.variables = ["TERM": "dumb"]
        io.terminal = { _ in TerminalSession(backend: TestBackend(size: Size(width: 80, height: 24), script: [])) }
        let status = CLI.run(arguments: ["preview", path], io: io)
        #expect(status == 0)
        #expect(io.terminalOptions.isEmpty)
        #expect(io.stdout.contains("Spring sale") && !io.stdout.contains("\u{1B}"))
        #expect(io.stderr.contains("TERM=dumb"))
    }

    @Test func onlyTheChangedCellsAreSentAfterAKey() throws {
        let run = try preview { _ in [Self.shown, Self.keys(.tab), Self.keys(.escape)] }
        // The first frame paints every cell, the focus change only the buttons' cells; the screen built
        // from those cells alone still reads right.
        #expect(run.backend.drawCount >= 2)
        #expect(run.backend.paintedCellCount < 80 * 24 * 2)
        #expect(run.backend.shows("Spring sale starts today"))
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
        #expect(run.status == 1)
    }

    /// A `file://` operand is its file: read, and with `--watch` watched, as the plain path would be.
    @Test func watchFollowsTheFileOfAFileURL() throws {
        let directory = try temporaryDirectory("preview-file-url")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "modal.json"
        #expect(writeFile(path, Self.shop))
        let backend = TestBackend(
            size: Size(width: 80, height: 24),
            script: [
                Self.shown,
                .run { _ = writeFile(path, #"{"msg":"Summer sale, edited"}"#) },
                .waitForScreen(containing: "Summer sale, edited"), Self.keys(.escape),
            ])
        let io = BufferIO()
        io.terminal = { _ in TerminalSession(backend: backend) }
        #expect(CLI.run(arguments: ["preview", "--watch", "file://" + path], io: io) == 1)
        #expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
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
            arguments: ["preview", "--watch", "--interval", "0.5", server.url("/modal.json")], io: io)
        #expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
        #expect(status == 1)
        #expect(io.stdout.isEmpty)
        #expect(backend.isRestored)
    }

    @Test func aURLThatFailsAtStartIsAClearErrorWithStatusTwo() throws {
        if let reason = ModalServer.unavailableReason { try Test.cancel("not run: \(reason)") }
        let server = try #require(ModalServer(modal: #"{"msg":"unused"}"#))
        defer { server.stop() }
        let failing = runCLI(["preview", server.url("/status/500")])
        #expect(failing.status == 2)
        #expect(
            failing.stderr.contains("the server answered HTTP 500 Internal Server Error, saying: server says 500"))
        let refused = runCLI(["preview", "--watch", "http://127.0.0.1:\(ModalServer.closedPort())/modal.json"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("cannot connect to '127.0.0.1'"))
        #expect(refused.stderr.contains("[url-connect-failed]"))
    }
}
