import ModalModel
import Preview
import PreviewBridge
import Screen
import Terminal
import TestSupport
import Testing

/// The bridge against docs/bridge.md, one test for each promise it once broke.
@Suite struct BridgeProtocolTests {
    static let pages =
        #"[{"msg":"Page one","buttons":[{"label":"Next","action":"next"}]},{"msg":"Page two","buttons":[{"label":"Done","action":"close"}]}]"#
    static let size = Size(width: 60, height: 16)

    /// Feeds lines as the host process does (`handle(line:number:load:)`), numbering them from 1.
    func run(
        _ lines: [String], on loop: inout BridgeLoop,
        load: (BridgeSource) -> FileLoad = { _ in .failed(message: "none") }
    ) -> [String] {
        lines.enumerated().flatMap { offset, line in
            loop.handle(line: Array(line.utf8), number: offset + 1, load: load).map(BridgeCodec.encode)
        }
    }

    func press(_ keys: [Key], on loop: inout BridgeLoop) -> [String] {
        keys.flatMap { loop.handle(.key($0), load: { _ in .failed(message: "none") }) }.map(BridgeCodec.encode)
    }

    func screen(_ loop: BridgeLoop) -> String { loop.state.view().lines.joined(separator: "\n") }

    /// Regression: `n` and `p` paged through the modals without telling the host what was shown.
    @Test func pagingWithNAndPTellsTheHost() {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = run([#"{"command":"show","document":\#(Self.pages)}"#], on: &loop)
        expectEqual(
            press([.char("n")], on: &loop), [#"{"event":"paged","modal":1,"source":"<document>","generation":1}"#])
        expect(screen(loop).contains("Page two"))
        // At the last modal there is nothing to page to, and nothing to report.
        expectEqual(press([.char("n")], on: &loop), [])
        expectEqual(
            press([.char("p")], on: &loop), [#"{"event":"paged","modal":0,"source":"<document>","generation":1}"#])
        expectEqual(press([.char("p")], on: &loop), [])
        // An action on the modal paged to names it.
        _ = press([.char("n")], on: &loop)
        expectEqual(
            press([.enter], on: &loop),
            [
                #"{"event":"action","modal":1,"button":0,"label":"Done","action":{"type":"close"},"source":"<document>","generation":1}"#,
                #"{"event":"closed","modal":1,"source":"<document>","generation":1}"#,
            ])
    }

    @Test func aReloadWithFewerModalsTellsTheHostWhichIsShown() {
        var loop = BridgeLoop(terminalSize: Self.size)
        var text = Self.pages
        let load: (BridgeSource) -> FileLoad = { _ in FileLoad(ModalDecoder.decode(Array(text.utf8))) }
        _ = run([#"{"command":"show","path":"pages.json"}"#], on: &loop, load: load)
        expectEqual(
            press([.char("n")], on: &loop), [#"{"event":"paged","modal":1,"source":"pages.json","generation":1}"#])
        text = #"{"msg":"Only page"}"#
        expectEqual(
            loop.handle(.key(.char("r")), load: load).map(BridgeCodec.encode),
            [
                #"{"event":"paged","modal":0,"source":"pages.json","generation":1}"#
            ])
        expect(screen(loop).contains("Only page"))
        // A reload that keeps the modal shown is no news.
        expect(loop.handle(.key(.char("r")), load: load).isEmpty)
    }

    /// Regression: a second `close` with nothing shown sent a second `closed`.
    @Test func closingWhatIsGoneSendsNothing() {
        var loop = BridgeLoop(terminalSize: Self.size)
        expectEqual(run([#"{"command":"close"}"#], on: &loop), [], "nothing was ever shown")
        _ = run([#"{"command":"show","document":\#(Self.pages)}"#], on: &loop)
        expectEqual(
            run([#"{"command":"close"}"#, #"{"command":"close"}"#], on: &loop),
            [
                #"{"event":"closed","modal":0,"source":"<document>","generation":1}"#
            ])
    }

    /// Regression: an invalid inline document's error gave a JSON pointer, not the line and column the docs
    /// promise. The line is the command line's, the column counts scalars along it and points at the value.
    @Test func anInvalidInlineDocumentIsPlacedByLineAndColumn() throws {
        var loop = BridgeLoop(terminalSize: Self.size)
        let bad = #"{"command":"show","document":{"msg":"héllo","buttons":[{"label":"OK","action":5}]}}"#
        let events = run([#"{"command":"close"}"#, "", bad], on: &loop)
        expectEqual(events.count, 1)
        let event = try #require(events.first)
        expect(
            event.hasPrefix(#"{"event":"error","line":3,"code":"bridge-invalid-document","message":"<document>:3:"#))
        let place = try #require(event.split(separator: "<document>:3:").last?.split(separator: ":").first)
        let column = try #require(Int(place))
        // The column counts scalars (é is one, in two bytes) and lands on the 5 of "action":5.
        expectEqual(column, 79)
        expectEqual(Array(bad.unicodeScalars)[column - 1], "5")
        expect(event.hasSuffix(#"action must be an action string, not 5 [invalid-action]"}"#))
        // docs/bridge.md's example, as it is written there.
        var fresh = BridgeLoop(terminalSize: Self.size)
        expectEqual(
            run([#"{"command":"show","document":{"msg":"Hi","buttons":[{"label":"OK","action":5}]}}"#], on: &fresh),
            [
                #"{"event":"error","line":1,"code":"bridge-invalid-document","message":"<document>:1:76: action must be an action string, not 5 [invalid-action]"}"#
            ])
    }

    /// Regression: `focus` with both `button` and `link`, or with a field twice, was accepted (the last won).
    @Test func anAmbiguousFocusIsRefused() {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = run([#"{"command":"show","document":\#(Self.pages)}"#], on: &loop)
        let events = run(
            [
                "",
                #"{"command":"focus","button":0,"link":0}"#,
                #"{"command":"focus","button":0,"button":1}"#,
                #"{"command":"show","path":"a.json","path":"b.json"}"#,
            ], on: &loop)
        expectEqual(
            events,
            [
                #"{"event":"error","line":2,"code":"bridge-invalid-field","message":"focus: give one of \"button\" and \"link\", not both"}"#,
                #"{"event":"error","line":3,"code":"bridge-invalid-field","message":"\"button\" is given twice; give each field once"}"#,
                #"{"event":"error","line":4,"code":"bridge-invalid-field","message":"\"path\" is given twice; give each field once"}"#,
            ])
    }

    /// Regression: a blank line was answered "not JSON: the file is empty".
    @Test func blankLinesAreSkippedButCounted() {
        var loop = BridgeLoop(terminalSize: Self.size)
        let events = run(["", "   ", "\t\r", "nope"], on: &loop)
        expectEqual(events.count, 1)
        expectEqual(events.first?.hasPrefix(#"{"event":"error","line":4,"code":"bridge-invalid-json""#), true)
        expect(!events.contains { $0.contains("empty") })
    }

    /// Regression: an `ftp://` URL was read as a file path ("ftp:" a directory), in `path` and in `url`.
    @Test func aURLOfAnotherSchemeIsRefusedAndFileURLsAreFiles() {
        var loop = BridgeLoop(terminalSize: Self.size)
        var loaded: [BridgeSource] = []
        let load: (BridgeSource) -> FileLoad = { source in
            loaded.append(source)
            return FileLoad(ModalDecoder.decode(Array(#"{"msg":"From a file"}"#.utf8)))
        }
        let events = run(
            [
                #"{"command":"show","url":"ftp://example.com/modal.json"}"#,
                #"{"command":"show","path":"FTP://example.com/modal.json"}"#,
                #"{"command":"show","url":"modal.json"}"#,
                #"{"command":"show","url":"file:///tmp/my%20modal.json"}"#,
            ], on: &loop, load: load)
        expectEqual(events.count, 3)
        expect(events[0].hasPrefix(#"{"event":"error","line":1,"code":"bridge-unsupported-scheme""#))
        expect(events[0].contains("ftp:// URLs are not supported"))
        expect(events[1].hasPrefix(#"{"event":"error","line":2,"code":"bridge-unsupported-scheme""#))
        expect(events[2].hasPrefix(#"{"event":"error","line":3,"code":"bridge-invalid-field""#))
        expectEqual(loaded, [.path("/tmp/my modal.json")])
        expect(screen(loop).contains("From a file"))
    }

    /// Regression: before the first `show` the screen said "the document has no modals" and offered `r`.
    @Test func theEmptyScreenSaysItWaitsForTheHost() {
        var loop = BridgeLoop(terminalSize: Self.size)
        expect(screen(loop).contains(PreviewState.waitingText))
        expect(!screen(loop).contains("no modals"))
        expect(!screen(loop).contains("reload"))
        // r has nothing to read, and q nothing to cancel: neither is an event, and the screen says why.
        expectEqual(press([.char("r")], on: &loop), [])
        expect(screen(loop).contains("nothing to read again"))
        expectEqual(press([.char("q")], on: &loop), [])
        expectEqual(press([.escape], on: &loop), [])
        expect(screen(loop).contains("nothing is shown"))
        // After a close it waits again.
        _ = run([#"{"command":"show","document":\#(Self.pages)}"#, #"{"command":"close"}"#], on: &loop)
        expect(screen(loop).contains(PreviewState.waitingText))
    }

    /// Regression: `r` on an inline document said "standard input cannot be read again".
    @Test func rOnAnInlineDocumentSaysWhyItCannotBeReadAgain() {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = run([#"{"command":"show","document":\#(Self.pages)}"#], on: &loop)
        expectEqual(press([.char("r")], on: &loop), [])
        expect(screen(loop).contains("an inline document cannot be read again"))
        expect(!screen(loop).contains("standard input"))
    }

    @Test func showStartsOnTheFirstButtonSoEnterActivatesIt() {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = run([#"{"command":"show","document":\#(Self.pages)}"#], on: &loop)
        expect(screen(loop).contains("▶ Next ◀"))
        expectEqual(
            press([.enter], on: &loop),
            [
                #"{"event":"action","modal":0,"button":0,"label":"Next","action":{"type":"next"},"source":"<document>","generation":1}"#
            ])
    }
}
