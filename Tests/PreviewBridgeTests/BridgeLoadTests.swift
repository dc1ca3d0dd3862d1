import ModalModel
import Preview
import PreviewBridge
import Screen
import Terminal
import TestSupport
import Testing

/// Loads under the bridge, run in-process: a `path` or `url` is named in `pendingLoad` and answered later
/// with `finish`, so what happens between the two (keys, commands, Esc) is scripted exactly.
@Suite struct BridgeLoadTests {
    static let error =
        #"[{"msg":"Something went wrong","buttons":[{"label":"Retry","action":"retry"},{"label":"Close","action":"close"}]}]"#
    static let onboarding =
        #"[{"msg":"Welcome","buttons":[{"label":"Get started","action":"start"}]},{"msg":"Step two","buttons":[{"label":"Done","action":"close"}]},{"msg":"Step three","buttons":[]}]"#
    static let size = Size(width: 100, height: 16)

    static func decoded(_ text: String) -> FileLoad { FileLoad(ModalDecoder.decode(Array(text.utf8))) }

    func command(_ line: String, number: Int, on loop: inout BridgeLoop) -> [String] {
        loop.handle(line: Array(line.utf8), number: number).map(BridgeCodec.encode)
    }

    func press(_ key: Key, on loop: inout BridgeLoop) -> [String] {
        loop.handle(.key(key)).map(BridgeCodec.encode)
    }

    func screen(_ loop: BridgeLoop) -> String { loop.state.view().lines.joined(separator: "\n") }

    /// A loop showing error.json (generation 1), then loading onboarding.json, not yet answered.
    func loadingOnboarding() throws -> BridgeLoop {
        var loop = BridgeLoop(terminalSize: Self.size)
        expect(command(#"{"command":"show","path":"error.json"}"#, number: 1, on: &loop).isEmpty)
        let first = try #require(loop.pendingLoad)
        expect(loop.finish(first.request, Self.decoded(Self.error)).isEmpty)
        expect(
            command(#"{"command":"show","url":"http://127.0.0.1:9/onboarding.json"}"#, number: 2, on: &loop).isEmpty)
        expectEqual(loop.pendingLoad?.source, .url("http://127.0.0.1:9/onboarding.json"))
        return loop
    }

    @Test func enterDuringALoadAnswersTheModalOnScreen() throws {
        var loop = try loadingOnboarding()
        expect(screen(loop).contains("Something went wrong"))
        expect(screen(loop).contains("loading http://127.0.0.1:9/onboarding.json… Esc cancels"))
        expectEqual(
            press(.enter, on: &loop),
            [
                #"{"event":"action","modal":0,"button":0,"label":"Retry","action":{"type":"custom","name":"retry"},"source":"error.json","generation":1}"#
            ])
        // The load goes on; once it answers, the new document is shown as generation 2, and Enter answers it.
        let pending = try #require(loop.pendingLoad)
        expect(loop.finish(pending.request, Self.decoded(Self.onboarding)).isEmpty)
        expect(screen(loop).contains("Welcome"))
        expectEqual(press(.enter, on: &loop).first?.contains(#""label":"Get started""#), true)
        expectEqual(
            press(.enter, on: &loop).first?.hasSuffix(
                #""source":"http://127.0.0.1:9/onboarding.json","generation":2}"#), true)
    }

    @Test func escDuringALoadCancelsItAndTheLateAnswerIsDropped() throws {
        var loop = try loadingOnboarding()
        let pending = try #require(loop.pendingLoad)
        expectEqual(
            press(.escape, on: &loop),
            [
                #"{"event":"error","line":2,"code":"bridge-load-cancelled","message":"http://127.0.0.1:9/onboarding.json: loading was cancelled with Esc; what was shown stays"}"#
            ])
        expect(loop.pendingLoad == nil)
        expect(screen(loop).contains(PreviewState.loadCancelledStatus))
        expect(loop.finish(pending.request, Self.decoded(Self.onboarding)).isEmpty)
        expect(screen(loop).contains("Something went wrong"))
        // Esc now cancels the modal shown, as always.
        expectEqual(
            press(.escape, on: &loop),
            [
                #"{"event":"cancelled","modal":0,"source":"error.json","generation":1}"#
            ])
    }

    @Test func commandsAreAnsweredWhileALoadRuns() throws {
        var loop = try loadingOnboarding()
        expectEqual(
            command(#"{"command":"dance"}"#, number: 3, on: &loop),
            [
                #"{"event":"error","line":3,"code":"bridge-unknown-command","message":"unknown command \"dance\"; use one of show, replace, focus, close, quit"}"#
            ])
        // focus names an item of the document on its way, so it waits for it and then applies to it.
        expect(command(#"{"command":"focus","button":1}"#, number: 4, on: &loop).isEmpty)
        let pending = try #require(loop.pendingLoad)
        expectEqual(
            loop.finish(pending.request, Self.decoded(Self.onboarding)).map(BridgeCodec.encode),
            [
                #"{"event":"error","line":4,"code":"bridge-no-such-target","message":"focus: the modal shown has no button 1"}"#
            ])
        // A newer show drops the load running; its answer is ignored.
        expect(command(#"{"command":"show","path":"late.json"}"#, number: 5, on: &loop).isEmpty)
        let late = try #require(loop.pendingLoad)
        expect(command(#"{"command":"show","document":{"msg":"Inline","buttons":[]}}"#, number: 6, on: &loop).isEmpty)
        expect(loop.finish(late.request, Self.decoded(Self.error)).isEmpty)
        expect(screen(loop).contains("Inline"))
        expectEqual(loop.document, BridgeDocument(source: "<document>", generation: 3))
        // quit is carried out at once, even with a load on its way.
        expect(command(#"{"command":"show","path":"slow.json"}"#, number: 7, on: &loop).isEmpty)
        expect(command(#"{"command":"quit"}"#, number: 8, on: &loop).isEmpty)
        expect(loop.hasQuit)
    }

    @Test func nDuringALoadPagesTheDocumentShown() throws {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = command(#"{"command":"show","path":"onboarding.json"}"#, number: 1, on: &loop)
        _ = loop.finish(try #require(loop.pendingLoad).request, Self.decoded(Self.onboarding))
        _ = command(#"{"command":"replace","path":"onboarding.json"}"#, number: 2, on: &loop)
        expectEqual(
            press(.char("n"), on: &loop), [#"{"event":"paged","modal":1,"source":"onboarding.json","generation":1}"#])
        expect(screen(loop).contains("Step two"))
    }

    @Test func anEmptyDocumentIsRefused() throws {
        var loop = BridgeLoop(terminalSize: Self.size)
        expectEqual(
            command(#"{"command":"show","document":[]}"#, number: 1, on: &loop),
            [
                #"{"event":"error","line":1,"code":"bridge-invalid-document","message":"<document>:1:30: the document has no modals; show at least one, or send close to show nothing"}"#
            ])
        _ = command(#"{"command":"show","path":"empty.json"}"#, number: 2, on: &loop)
        expectEqual(
            loop.finish(try #require(loop.pendingLoad).request, Self.decoded("[]")).map(BridgeCodec.encode),
            [
                #"{"event":"error","line":2,"code":"bridge-invalid-document","message":"empty.json: the document has no modals; show at least one, or send close to show nothing"}"#
            ])
        expect(screen(loop).contains(PreviewState.waitingText))
    }

    @Test func aReplaceThatMovesTheUserIsReportedAsPaged() throws {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = command(#"{"command":"show","document":\#(Self.onboarding)}"#, number: 1, on: &loop)
        _ = press(.char("n"), on: &loop)
        _ = press(.char("n"), on: &loop)
        expectEqual(loop.state.modalIndex, 2)
        expectEqual(
            command(#"{"command":"replace","document":\#(Self.error)}"#, number: 2, on: &loop),
            [
                #"{"event":"paged","modal":0,"source":"<document>","generation":1}"#
            ])
        // A replace that keeps the modal says nothing.
        expect(command(#"{"command":"replace","document":\#(Self.error)}"#, number: 3, on: &loop).isEmpty)
    }

    @Test func aFailedReloadIsReportedAndTheModalShownStays() throws {
        var loop = BridgeLoop(terminalSize: Self.size)
        _ = command(#"{"command":"show","path":"onboarding.json"}"#, number: 1, on: &loop)
        _ = loop.finish(try #require(loop.pendingLoad).request, Self.decoded(Self.onboarding))
        _ = press(.char("n"), on: &loop)
        expect(press(.char("r"), on: &loop).isEmpty)
        let reload = try #require(loop.pendingLoad)
        expectEqual(reload.reason, .reload)
        expectEqual(
            loop.finish(reload.request, .failed(message: "No such file or directory")).map(BridgeCodec.encode),
            [
                #"{"event":"error","line":0,"code":"bridge-source-unreadable","message":"onboarding.json: No such file or directory","source":"onboarding.json","generation":1}"#
            ])
        expect(screen(loop).contains("Step two"))
        // The modal shown is still the one focus and Esc act on.
        expect(command(#"{"command":"focus","button":0}"#, number: 2, on: &loop).isEmpty)
        expectEqual(
            press(.escape, on: &loop), [#"{"event":"cancelled","modal":1,"source":"onboarding.json","generation":1}"#])
        // An invalid version is reported the same way, and a good one with fewer modals pages.
        _ = press(.char("r"), on: &loop)
        expectEqual(
            loop.finish(try #require(loop.pendingLoad).request, Self.decoded("[{")).first.map(BridgeCodec.encode)?
                .contains(#""code":"bridge-invalid-document""#), true)
        _ = press(.char("r"), on: &loop)
        expectEqual(
            loop.finish(try #require(loop.pendingLoad).request, Self.decoded(Self.error)).map(BridgeCodec.encode),
            [
                #"{"event":"paged","modal":0,"source":"onboarding.json","generation":1}"#
            ])
    }
}
