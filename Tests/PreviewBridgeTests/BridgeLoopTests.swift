import ModalModel
import Preview
import PreviewBridge
import Screen
import Terminal
import TestSupport
import Testing

/// The bridge run in-process: scripted command lines and keys in, events and screens out.
@Suite struct BridgeLoopTests {
    static let welcome =
        #"{"msg":"Welcome aboard","buttons":[{"label":"Back","action":"prev"},{"label":"Next","action":"next"}]}"#
    static let finish = #"{"msg":"All done","buttons":[{"label":"Finish","action":"close"}]}"#
    static let size = Size(width: 60, height: 16)

    /// Feeds command lines as the process does: decoded by the codec, errors reported, then carried out.
    func run(
        _ lines: [String], on loop: inout BridgeLoop,
        load: (BridgeSource) -> FileLoad = { _ in .failed(message: "none") }
    ) -> [String] {
        var events: [String] = []
        for (offset, line) in lines.enumerated() {
            switch BridgeCodec.decode(Array(line.utf8), number: offset + 1) {
            case .failure(let error): events.append(BridgeCodec.encode(.error(error)))
            case .success(let command):
                events += loop.handle(command, line: offset + 1, load: load).map(BridgeCodec.encode)
            }
        }
        return events
    }

    func press(_ keys: [Key], on loop: inout BridgeLoop) -> [String] {
        keys.flatMap { loop.handle(.key($0), load: { _ in .failed(message: "none") }) }.map(BridgeCodec.encode)
    }

    func screen(_ loop: BridgeLoop) -> String { loop.state.view().lines.joined(separator: "\n") }

    @Test func anActionIsReportedAndTheBridgeGoesOn() {
        var loop = BridgeLoop(terminalSize: Self.size)
        expect(run([#"{"command":"show","document":\#(Self.welcome)}"#], on: &loop).isEmpty)
        expect(screen(loop).contains("Welcome aboard"))
        // Navigation is the host's to decide: Tab from "Back", focused at start, then Enter on "Next" is
        // reported, not paged.
        expectEqual(
            press([.tab, .enter], on: &loop),
            [
                #"{"event":"action","modal":0,"button":1,"label":"Next","action":{"type":"next"},"source":"<document>","generation":1}"#
            ])
        expect(!loop.hasQuit)
        expect(run([#"{"command":"show","document":\#(Self.finish)}"#], on: &loop).isEmpty)
        expect(screen(loop).contains("All done"))
        expect(!screen(loop).contains("Welcome aboard"))
        // A close action is reported, then the modal is gone.
        expectEqual(
            press([.enter], on: &loop),
            [
                #"{"event":"action","modal":0,"button":0,"label":"Finish","action":{"type":"close"},"source":"<document>","generation":2}"#,
                #"{"event":"closed","modal":0,"source":"<document>","generation":2}"#,
            ])
        expect(loop.state.currentModal == nil)
        expect(run([#"{"command":"quit"}"#], on: &loop).isEmpty)
        expect(loop.hasQuit)
    }

    @Test func escapeIsACancelAndTheModalStays() {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = run([#"{"command":"show","document":\#(Self.welcome)}"#], on: &loop)
        expectEqual(
            press([.escape], on: &loop), [#"{"event":"cancelled","modal":0,"source":"<document>","generation":1}"#])
        expect(screen(loop).contains("Welcome aboard"))
    }

    @Test func theStatusLineAndHelpSayQCancelsRatherThanQuits() {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = run([#"{"command":"show","document":\#(Self.welcome)}"#], on: &loop)
        expect(screen(loop).contains("q cancel"))
        expect(!screen(loop).contains("quit"))
        expect(press([.char("?")], on: &loop).isEmpty)
        expect(screen(loop).contains("cancel: tell the host"))
        expect(!screen(loop).contains("exit status"))
        // The bridge goes on after q, as the hint says.
        expectEqual(
            press([.char("?"), .char("q")], on: &loop),
            [
                #"{"event":"cancelled","modal":0,"source":"<document>","generation":1}"#
            ])
        expect(!loop.hasQuit)
    }

    @Test func replaceKeepsTheFocusAndShowStartsAfresh() {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = run([#"{"command":"show","document":\#(Self.welcome)}"#, #"{"command":"focus","button":1}"#], on: &loop)
        expectEqual(loop.state.focusIndex, 1)
        let edited =
            #"{"msg":"Welcome back","buttons":[{"label":"Back","action":"prev"},{"label":"Next","action":"next"}]}"#
        expect(run([#"{"command":"replace","document":\#(edited)}"#], on: &loop).isEmpty)
        expect(screen(loop).contains("Welcome back"))
        expectEqual(loop.state.focusIndex, 1)
        expect(run([#"{"command":"show","document":\#(edited)}"#], on: &loop).isEmpty)
        expectEqual(loop.state.focusIndex, 0, "a show starts on the first button")
    }

    /// Regression: `focus` looked its target up in a layout at the preferred width (60), not at the
    /// session's. On a terminal 30 wide the link below is cut by `max_lines` and not shown, so button 0 is
    /// the first focusable; at 60 the link came first and `focus` picked the wrong item.
    @Test func focusFindsItsTargetAtTheSessionsWidth() {
        let document = #"""
            {"msg":"Read the terms at example.com","max_lines":1,\#
            "styles":[{"apply_to":{"from":18,"length":11},"link":"https://example.com"}],\#
            "buttons":[{"label":"OK","action":"close"}]}
            """#
        var loop = BridgeLoop(terminalSize: Size(width: 30, height: 16))
        expectEqual(
            run([#"{"command":"show","document":\#(document)}"#, #"{"command":"focus","button":0}"#], on: &loop), [])
        expectEqual(loop.state.focusables.map(\.kind), [.button(index: 0)])
        expectEqual(loop.state.focusIndex, 0)
        expect(screen(loop).contains("▶ OK ◀"))
        // The link shows on a wide terminal, and then it is the button's turn second.
        var wide = BridgeLoop(terminalSize: Self.size)
        expectEqual(
            run([#"{"command":"show","document":\#(document)}"#, #"{"command":"focus","button":0}"#], on: &wide), [])
        expectEqual(wide.state.focusIndex, 1)
    }

    @Test func badCommandsAreErrorsNamingTheirLineAndChangeNothing() {
        var loop = BridgeLoop(terminalSize: Self.size)
        let events = run(
            [
                #"{"command":"focus","button":0}"#,
                #"{"command":"show","document":\#(Self.welcome)}"#,
                #"{"command":"focus","button":7}"#,
                #"{"command":"show","path":"/missing.json"}"#,
                #"{"command":"show","document":{"msg":5}}"#,
                "not json",
            ], on: &loop)
        expectEqual(events.count, 5)
        expect(events[0].hasPrefix(#"{"event":"error","line":1,"code":"bridge-nothing-shown""#))
        expect(events[1].hasPrefix(#"{"event":"error","line":3,"code":"bridge-no-such-target""#))
        expect(events[2].hasPrefix(#"{"event":"error","line":4,"code":"bridge-source-unreadable""#))
        expect(events[2].contains("/missing.json: none"))
        expect(events[3].hasPrefix(#"{"event":"error","line":5,"code":"bridge-invalid-document""#))
        expect(events[4].hasPrefix(#"{"event":"error","line":6,"code":"bridge-invalid-json""#))
        expect(screen(loop).contains("Welcome aboard"))
    }

    @Test func aPathSourceIsLoadedAndReadAgainOnR() {
        var loop = BridgeLoop(terminalSize: Self.size)
        var message = "First"
        var loads = 0
        let load: (BridgeSource) -> FileLoad = { source in
            loads += 1
            expectEqual(source, .path("modal.json"))
            return FileLoad(ModalDecoder.decode(Array(#"{"msg":"\#(message)"}"#.utf8)))
        }
        expect(run([#"{"command":"show","path":"modal.json"}"#], on: &loop, load: load).isEmpty)
        expect(screen(loop).contains("First"))
        message = "Second"
        _ = loop.handle(.key(.char("r")), load: load)
        expect(screen(loop).contains("Second"))
        expectEqual(loads, 2)
    }
}
