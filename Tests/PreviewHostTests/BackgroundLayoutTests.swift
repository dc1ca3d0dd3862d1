import ModalModel
import Preview
import Screen
import ScreenLayout
import TestSupport
import Testing

@testable import PreviewHost
@testable import Terminal

/// The host lays out a long message off the input thread: the first lines show at once, the whole layout
/// arrives behind them, and a newer request replaces a running one.
@Suite(.threadOfItsOwn) struct BackgroundLayoutTests {
    /// 200 numbered lines and a button.
    static let document = ModalDocument(modals: [
        Modal(
            message: (1...200).map { "line \($0) of the message" }.joined(separator: "\n"),
            buttons: [ModalButton(label: "OK", action: .close)])
    ])

    /// Every message laid out in the background, however short, so that a small test takes that path.
    static var options: PreviewOptions {
        var options = PreviewOptions()
        options.backgroundLayoutUTF8Count = 0
        return options
    }

    static func request(width: Int) -> LayoutRequest {
        LayoutRequest(modal: document.modals[0], options: ModalViewOptions(width: ModalWidth(clamping: width)))
    }

    @Test func aFinishedLayoutComesBackOnce() throws {
        let layouts = BackgroundLayout()
        layouts.follow(Self.request(width: 40))
        layouts.follow(Self.request(width: 40))  // the same request again does not start another
        layouts.waitUntilIdle()
        guard case .laidOut(let request, let layout)? = layouts.nextEvent() else {
            Issue.record("no layout came back once it had finished")
            return
        }
        expectEqual(request, Self.request(width: 40))
        expectEqual(layout.bodyLineCount, ModalLayout(modal: request.modal, options: request.options).bodyLineCount)
        expect(layout.isComplete)
        expect(!layouts.isRunning)
        expect(layouts.nextEvent() == nil)
    }

    @Test func aNewerRequestReplacesTheRunningOne() throws {
        let layouts = BackgroundLayout()
        layouts.follow(Self.request(width: 40))
        layouts.follow(Self.request(width: 30))
        layouts.waitUntilIdle()
        guard case .laidOut(let request, _)? = layouts.nextEvent() else {
            Issue.record("no layout came back once both had finished")
            return
        }
        expectEqual(request, Self.request(width: 30), "only the newest request's layout is handed back")
        expect(layouts.nextEvent() == nil, "the replaced layout is never handed back")
        layouts.follow(Self.request(width: 50))
        layouts.cancel()
        // Once idle, the cancelled layout has run to its end or stopped and stored its result: kept by mistake,
        // it would come back now.
        layouts.waitUntilIdle()
        expect(layouts.nextEvent() == nil, "a cancelled layout is never handed back")
        expect(!layouts.isRunning)
    }

    /// A whole run on a terminal in memory: the first frame comes from the first lines, and End reaches the
    /// last line once the whole layout has arrived, also after a resize asked for another.
    @Test func thePreviewShowsTheWholeMessageOnceItIsLaidOut() throws {
        let backend = TestBackend(
            size: Size(width: 60, height: 16),
            script: [
                .waitForScreen(containing: "line 1 of"),
                .idle(milliseconds: 1_000),
                .inputs([.key(.end)]),
                .waitForScreen(containing: "line 200 of"),
                .inputs([.resize(Size(width: 44, height: 16))]),
                .idle(milliseconds: 1_000),
                .inputs([.key(.home)]), .waitForScreen(containing: "line 1 of"),
                .inputs([.key(.end)]), .waitForScreen(containing: "line 200 of"),
                .inputs([.key(.escape)]),
            ])
        let outcome = try PreviewHost.run(
            session: TerminalSession(backend: backend), initial: .decoded(document: Self.document, diagnostics: []),
            configuration: PreviewHost.Configuration(options: Self.options), reload: { .failed(message: "no") })
        expectEqual(outcome.exitStatus, 1)
        expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
        expect(backend.isRestored)
    }
}
