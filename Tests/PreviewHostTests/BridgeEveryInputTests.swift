import HTTPSource
import ModalActions
import ModalModel
import PositionedJSON
import Preview
import PreviewBridge
import Screen
import ScreenLayout
import TestSupport
import Testing

@testable import PreviewHost
@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// Every bridge command and every key, click and resize, in every state the bridge can be in, each checked
/// against what docs/bridge.md says it answers. The table runs on the pure loop (every pair) and through the
/// host on a `TestBackend` (one session per state), so a crash, a wrong event or a lost one in either shows.
@Suite struct BridgeEveryInputTests {
    static let size = Size(width: 80, height: 24)
    static let one =
        #"{"msg":"Welcome aboard, read the terms","styles":[{"apply_to":{"from":25,"length":5},"link":"https://example.com/terms"}],"buttons":[{"label":"Later","action":"https://example.com/later"},{"label":"OK","action":"close"}]}"#
    static let several =
        #"[{"msg":"Step one","buttons":[{"label":"Next","action":"next"}]},{"msg":"Step two","buttons":[{"label":"Back","action":"prev"},{"label":"Next","action":"next"}]},{"msg":"Step three","buttons":[{"label":"Done","action":"close"}]}]"#

    /// What the first modal of `several`, the document the test server serves, shows once it is loaded.
    static let firstServedText = "Step one"

    /// Something the host or the user does: a command line, or a terminal input.
    enum Step: Sendable, CustomStringConvertible {
        case line(String)
        case input(TerminalInput)
        /// A left click (press and release) on the focused button, wherever it is drawn.
        case clickFocused

        var description: String {
            switch self {
            case .line(let line): "line \(line)"
            case .input(let input): "\(input)"
            case .clickFocused: "click on the focused button"
            }
        }
    }

    /// A state the bridge can be in, and the steps that lead there from a fresh bridge.
    struct State: Sendable, CustomStringConvertible {
        var name: String
        var setup: [Step]
        var description: String { name }
    }

    static func states(url: String?) -> [State] {
        var states = [
            State(name: "nothing shown", setup: []),
            State(name: "one modal", setup: [.line(#"{"command":"show","document":\#(one)}"#)]),
            State(name: "several modals", setup: [.line(#"{"command":"show","document":\#(several)}"#)]),
            State(
                name: "after close",
                setup: [.line(#"{"command":"show","document":\#(one)}"#), .line(#"{"command":"close"}"#)]),
            State(
                name: "after an invalid show",
                setup: [
                    .line(#"{"command":"show","document":\#(several)}"#),
                    .line(#"{"command":"show","document":{"msg":5}}"#),
                ]),
            State(
                name: "after resize",
                setup: [
                    .line(#"{"command":"show","document":\#(several)}"#),
                    .input(.resize(Size(width: 44, height: 12))),
                ]),
        ]
        if let url {
            states.append(State(name: "loaded by url", setup: [.line(#"{"command":"show","url":"\#(url)"}"#)]))
        }
        return states
    }

    /// Every key of the preview's vocabulary (`everyKeyIsInTheTable` keeps the list whole).
    static let keys: [Key] = [
        .tab, .shiftTab, .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .enter, .space, .escape,
        .controlL, .char("q"), .char("?"), .char("r"), .char("n"), .char("p"), .char("x"),
    ]

    static let commands: [String] = [
        #"{"command":"show","document":\#(one)}"#,
        #"{"command":"show","path":"welcome.json"}"#,
        #"{"command":"replace","document":\#(several)}"#,
        #"{"command":"focus","button":0}"#,
        #"{"command":"focus","link":0}"#,
        #"{"command":"focus","button":9}"#,
        #"{"command":"close"}"#,
    ]

    /// Malformed lines and the code each is refused with; nil for a line that is skipped.
    static let malformed: [(line: String, code: String?)] = [
        ("", nil), ("   ", nil), ("not json", "bridge-invalid-json"), ("[1]", "bridge-not-object"),
        ("{}", "bridge-missing-command"), (#"{"command":5}"#, "bridge-unknown-command"),
        (#"{"command":"dance"}"#, "bridge-unknown-command"), (#"{"command":"show"}"#, "bridge-missing-field"),
        (#"{"command":"show","path":"a.json","url":"https://example.com/a"}"#, "bridge-invalid-field"),
        (#"{"command":"show","document":"text"}"#, "bridge-invalid-field"),
        (#"{"command":"show","document":{"msg":5}}"#, "bridge-invalid-document"),
        (#"{"command":"show","path":"missing.json"}"#, "bridge-source-unreadable"),
        (#"{"command":"show","url":"ftp://example.com/a.json"}"#, "bridge-unsupported-scheme"),
        (#"{"command":"show","path":"gopher://example.com/a"}"#, "bridge-unsupported-scheme"),
        (#"{"command":"show","url":"a.json"}"#, "bridge-invalid-field"),
        (#"{"command":"focus"}"#, "bridge-missing-field"),
        (#"{"command":"focus","button":-1}"#, "bridge-invalid-field"),
        (#"{"command":"focus","button":0,"link":0}"#, "bridge-invalid-field"),
        (#"{"command":"focus","button":0,"button":1}"#, "bridge-invalid-field"),
    ]

    /// Every input tried in each state; `quit` comes last, as it ends a session.
    static let inputs: [Step] =
        keys.map { .input(.key($0)) }
        + [
            .clickFocused, .input(.mouse(x: 0, y: 0, button: .left, pressed: true)),
            .input(.mouse(x: 0, y: 0, button: .left, pressed: false)),
            .input(.mouse(x: 40, y: 10, button: .right, pressed: true)),
            .input(.mouse(x: 40, y: 10, button: .middle, pressed: true)),
            .input(.mouse(x: 40, y: 10, button: .wheelUp, pressed: true)),
            .input(.mouse(x: 40, y: 10, button: .wheelDown, pressed: true)),
            .input(.resize(Size(width: 30, height: 6))), .input(.resize(Size(width: 120, height: 40))),
            .input(.resize(Size(width: 0, height: 0))),
        ]
        + commands.map(Step.line) + malformed.map { .line($0.line) } + [.line(#"{"command":"quit"}"#)]

    @Test func everyKeyIsInTheTable() {
        // A new case of `Key` stops this switch compiling until it is named here and added to `keys`.
        func name(_ key: Key) -> String {
            switch key {
            case .tab: "tab"
            case .shiftTab: "shiftTab"
            case .left: "left"
            case .right: "right"
            case .up: "up"
            case .down: "down"
            case .pageUp: "pageUp"
            case .pageDown: "pageDown"
            case .home: "home"
            case .end: "end"
            case .enter: "enter"
            case .space: "space"
            case .escape: "escape"
            case .controlL: "controlL"
            case .char: "char"
            }
        }
        let named = Set(Self.keys.map(name))
        expectEqual(named.count, 15)
        // Every printable key the preview gives a meaning to, and one it does not.
        let printable: [Character] = Self.keys.compactMap { if case .char(let c) = $0 { c } else { nil } }
        expectEqual(Set(printable), ["q", "?", "r", "n", "p", "x"])
    }

    /// What the host sees of the bridge's state before an input: what the documentation's answers depend on.
    struct Shown {
        var isShowing: Bool
        var modalIndex: Int
        var modalCount: Int
        var focused: Focusable?
        var hasLink: Bool
        var hasButtons: Int
        var fits: Bool
        var document: BridgeDocument

        init(_ loop: BridgeLoop) {
            let state = loop.state
            document = loop.document
            isShowing = loop.isShowing
            modalIndex = state.modalIndex
            modalCount = state.document.modals.count
            focused = state.focusIndex.map { state.focusables[$0] }
            hasLink = state.focusables.contains { if case .link = $0.kind { true } else { false } }
            hasButtons = state.currentModal?.buttons.count ?? 0
            // The modal is on screen when its message shows; otherwise keys that act on it do nothing.
            let screen = state.view().lines.joined(separator: "\n")
            fits = state.currentModal.map { screen.contains($0.message.prefix(8)) } ?? false
        }
    }

    /// The events docs/bridge.md promises for `step` with `shown` on screen; `line` numbers the step if it is a line.
    static func documented(_ step: Step, shown: Shown, line: Int) -> [String] {
        func error(_ code: String) -> [String] { ["error \(line) \(code)"] }
        let active = shown.isShowing && shown.fits
        func activation() -> [String] {
            guard active, let focused = shown.focused else { return [] }
            let control: PreviewOutcome.Control =
                switch focused.kind {
                case .button(let index): .button(index)
                case .link(let styleIndex): .link(styleIndex: styleIndex)
                }
            let outcome = PreviewOutcome(
                modalIndex: shown.modalIndex, control: control, label: focused.label, action: focused.action)
            var events = [BridgeCodec.encode(.action(outcome, shown.document))]
            if focused.action == .close {
                events.append(BridgeCodec.encode(.closed(modal: shown.modalIndex, document: shown.document)))
            }
            return events
        }
        switch step {
        case .input(.key(let key)):
            switch key {
            case .escape, .char("q"):
                return shown.isShowing
                    ? [BridgeCodec.encode(.cancelled(modal: shown.modalIndex, document: shown.document))] : []
            case .enter, .space: return activation()
            case .char("n") where active && shown.modalIndex + 1 < shown.modalCount:
                return [BridgeCodec.encode(.paged(modal: shown.modalIndex + 1, document: shown.document))]
            case .char("p") where active && shown.modalIndex > 0:
                return [BridgeCodec.encode(.paged(modal: shown.modalIndex - 1, document: shown.document))]
            default: return []
            }
        case .clickFocused: return activation()
        case .input: return []
        case .line(let text):
            if let bad = malformed.first(where: { $0.line == text }) { return bad.code.map(error) ?? [] }
            if text == #"{"command":"close"}"# {
                return shown.isShowing
                    ? [BridgeCodec.encode(.closed(modal: shown.modalIndex, document: shown.document))] : []
            }
            if text.hasPrefix(#"{"command":"focus""#) {
                guard shown.isShowing && shown.modalCount > 0 else { return error("bridge-nothing-shown") }
                if text.contains(#""link""#) { return shown.hasLink ? [] : error("bridge-no-such-target") }
                return text.contains(#":9"#) ? error("bridge-no-such-target") : []
            }
            return []
        }
    }

    /// Events as the table writes them: errors by line and code (their messages are checked elsewhere).
    static func summary(_ events: [BridgeEvent]) -> [String] {
        events.map { event in
            if case .error(let error) = event { return "error \(error.line) \(error.code)" }
            return BridgeCodec.encode(event)
        }
    }

    static func load(url: String?) -> @Sendable (BridgeSource) -> FileLoad {
        { source in
            switch source {
            case .path("welcome.json"): return FileLoad(ModalDecoder.decode(Array(one.utf8)))
            case .url(let wanted) where wanted == url:
                guard case .fetched(let response) = HTTPTransfer.fetch(HTTPRequest(url: wanted)) else {
                    return .failed(message: "the test server did not answer")
                }
                return FileLoad(ModalDecoder.decode(response.body))
            default: return .failed(message: "no such file")
            }
        }
    }

    /// The screen cell of the focused button's label, for a click on it.
    static func focusedButtonCell(_ state: PreviewState) -> Point? {
        guard let index = state.focusIndex, case .button = state.focusables[index].kind else { return nil }
        let grid = state.view()
        for y in 0..<grid.size.height {
            let row = grid.row(y)
            for x in row.indices where row[x].grapheme == "▶" { return Point(x: x - row.startIndex + 2, y: y) }
        }
        return nil
    }

    /// A bridge driven from fresh through `steps`, as the host process does it; returns each step's events.
    struct Driver {
        var loop = BridgeLoop(terminalSize: BridgeEveryInputTests.size)
        var lineNumber = 0
        let load: (BridgeSource) -> FileLoad

        mutating func apply(_ step: Step) -> [BridgeEvent] {
            switch step {
            case .line(let text):
                lineNumber += 1
                return loop.handle(line: Array(text.utf8), number: lineNumber, load: load)
            case .input(let input):
                guard let event = PreviewLoop.event(for: input) else { return [] }
                return loop.handle(event, load: load)
            case .clickFocused:
                guard let cell = focusedButtonCell(loop.state) else { return [] }
                return [true, false].flatMap { pressed in
                    loop.handle(.mouse(x: cell.x, y: cell.y, button: .left, pressed: pressed), load: load)
                }
            }
        }
    }

    static func withServer<Result>(_ body: (String?) throws -> Result) rethrows -> Result {
        let server = ModalServer.unavailableReason == nil ? ModalServer(modal: several) : nil
        defer { server?.stop() }
        return try body(server?.url("/modal.json"))
    }

    @Test func everyInputInEveryStateOnTheLoopGivesTheDocumentedEvents() throws {
        Self.withServer { url in
            for state in Self.states(url: url) {
                for input in Self.inputs {
                    var driver = Driver(load: Self.load(url: url))
                    for step in state.setup { _ = driver.apply(step) }
                    let shown = Shown(driver.loop)
                    let expected = Self.documented(input, shown: shown, line: driver.lineNumber + 1)
                    let events = Self.summary(driver.apply(input))
                    expectEqual(events, expected, "\(state): \(input)")
                    // The screen is drawn for whatever state the input left.
                    let screen = driver.loop.state.view()
                    expectEqual(screen.size, driver.loop.state.terminalSize, "\(state): \(input)")
                    if case .line(#"{"command":"quit"}"#) = input { expect(driver.loop.hasQuit) }
                    if !driver.loop.isShowing, !driver.loop.state.isHelpShown, screen.size.width >= 40,
                        screen.size.height >= 3
                    {
                        expect(
                            screen.lines.contains { $0.contains(PreviewState.waitingText) }, "\(state): \(input)")
                    }
                }
            }
        }
    }

    /// The same table through the host on a terminal in memory: one session per state, each input after
    /// the state's setup again, fenced by two marker lines whose `error` events bracket the input's own.
    @Test(.tags(.slow), .threadOfItsOwn, arguments: 0..<7)
    func everyInputInOneStateThroughTheHost(stateIndex: Int) throws {
        try Self.withServer { url in
            let states = Self.states(url: url)
            guard states.indices.contains(stateIndex) else {
                try Test.cancel(
                    "not run: the url state needs the test server (\(ModalServer.unavailableReason ?? "it did not start"))"
                )
            }
            let state = states[stateIndex]
            // `quit` ends the session, so the script sends it last, after every other input.
            let all = Self.inputs.filter { if case .line(#"{"command":"quit"}"#) = $0 { false } else { true } }
            // Every tenth input at the quick scale, so that keys, clicks, resizes and lines all go through.
            let inputs = TestScale.sample(all, quick: 10)
            try runThroughHost(state, inputs: inputs, url: url)
        }
    }

    func runThroughHost(_ state: State, inputs: [Step], url: String?) throws {
        var commandPipe: [Int32] = [0, 0]
        var eventPipe: [Int32] = [0, 0]
        try #require(makeCloseOnExecPipe(&commandPipe) == 0)
        try #require(makeCloseOnExecPipe(&eventPipe) == 0)
        let writer = commandPipe[1]
        func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) }
        }
        // The pure loop predicts each input's events, and where the focused button is drawn for a click.
        var predicted: [[String]] = []
        var script: [TestBackend.Step] = []
        var mirror = Driver(load: Self.load(url: url))
        var terminalSize = Self.size
        var markerLines = Set<Int>()
        let marker = #"{"command":"marker"}"#
        for input in inputs {
            // A fresh start for every input: close what is shown (a `closed` before the first marker), then
            // the state's setup, the first marker, the input, the second marker.
            var reset: [Step] = [.line(#"{"command":"close"}"#), .input(.resize(Self.size))]
            reset += state.setup
            for step in reset + [.line(marker)] {
                _ = mirror.apply(step)
                if case .line(marker) = step { markerLines.insert(mirror.lineNumber) }
                switch step {
                case .line(let text) where text.contains(#""url""#):
                    // A setup that loads the URL must have loaded before the input: the load runs in the
                    // background, and on a loaded machine (the full run in CI) it takes well over the ticks of
                    // the other steps. So the script pauses (the close before it takes the old modal off the
                    // screen meanwhile) and then waits until the served document's first modal is drawn, where
                    // the pure loop draws it too (not under the help).
                    script += [.run { send(text) }, .idle(milliseconds: 500)]
                    if mirror.loop.state.view().lines.contains(where: { $0.contains(Self.firstServedText) }) {
                        script.append(.waitForScreen(containing: Self.firstServedText))
                    }
                case .line(let text):
                    script.append(.run { send(text) })
                case .input(let input):
                    if case .resize(let size) = input, size == terminalSize { continue }
                    if case .resize(let size) = input { terminalSize = size }
                    script += [.idle(milliseconds: 60), .inputs([input])]
                case .clickFocused: break
                }
            }
            script.append(.idle(milliseconds: 60))
            let shown = Shown(mirror.loop)
            predicted.append(Self.documented(input, shown: shown, line: mirror.lineNumber + 1))
            switch input {
            case .line(let text):
                script.append(.run { send(text) })
                // A show or replace of a path or URL loads in the background and answers when the load ends,
                // after commands sent meanwhile; the pause lets its answer come before the closing marker.
                if text.contains(#""path""#) || text.contains(#""url""#) { script.append(.idle(milliseconds: 250)) }
            case .input(let terminalInput):
                if case .resize(let size) = terminalInput { terminalSize = size }
                script.append(.inputs([terminalInput]))
            case .clickFocused:
                if let cell = Self.focusedButtonCell(mirror.loop.state) {
                    script.append(.inputs([.mouse(x: cell.x, y: cell.y, button: .left, pressed: true)]))
                    script.append(.inputs([.mouse(x: cell.x, y: cell.y, button: .left, pressed: false)]))
                }
            }
            _ = mirror.apply(input)
            _ = mirror.apply(.line(marker))
            markerLines.insert(mirror.lineNumber)
            script += [.run { send(marker) }, .idle(milliseconds: 60)]
        }
        script.append(.run { send(#"{"command":"quit"}"#) })
        script.append(.idle(milliseconds: 5_000))
        let backend = TestBackend(size: Self.size, script: script)
        let configuration = PreviewHost.BridgeConfiguration(
            toolVersion: "test", commandDescriptor: commandPipe[0], eventDescriptor: eventPipe[1])
        let status = try PreviewHost.runBridge(
            session: TerminalSession(backend: backend), configuration: configuration, load: Self.load(url: url))
        expect(backend.missedWaits.isEmpty, "\(state): never shown: \(backend.missedWaits)")
        close(commandPipe[1])
        close(commandPipe[0])
        close(eventPipe[1])
        let events = eventLines(readingAndClosing: eventPipe[0]).dropFirst().map(Self.errorSummary)
        expectEqual(status, 0, "\(state)")
        expect(backend.isRestored)
        expect(!backend.ranOutOfScript, "\(state): the bridge did not end at quit")
        // Split the events at the markers: the first marker of each input opens its events, the second closes them.
        var groups: [[String]] = []
        var current: [String]?
        for event in events {
            if event.hasPrefix("error "), event.hasSuffix(" bridge-unknown-command"),
                let number = Int(event.split(separator: " ")[1]), markerLines.contains(number)
            {
                if let open = current {
                    groups.append(open)
                    current = nil
                } else {
                    current = []
                }
                continue
            }
            current?.append(event)
        }
        expectEqual(groups.count, inputs.count, "\(state): \(events)")
        for (index, input) in inputs.enumerated() where index < groups.count {
            expectEqual(groups[index], predicted[index], "\(state): \(input)")
        }
    }

    /// An event line as the table writes it: an error by its line and code, anything else as it is.
    static func errorSummary(_ line: String) -> String {
        guard case .success(let root) = JSONParser.parse(Array(line.utf8)), case .object(let members) = root.value,
            members.contains(where: { $0.key == "event" && $0.value.value == .string("error") }),
            case .number(let number)? = members.first(where: { $0.key == "line" })?.value.value,
            case .string(let code)? = members.first(where: { $0.key == "code" })?.value.value
        else { return line }
        return "error \(number.exactInteger ?? -1) \(code)"
    }
}
