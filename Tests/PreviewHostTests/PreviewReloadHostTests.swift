import Dispatch
import ModalActions
import ModalModel
import Preview
import Screen
import TestSupport
import Testing

@testable import PreviewHost
@testable import Terminal

/// `r` in the standalone preview on a `TestBackend`: the source is read on another thread that the test
/// holds up, so keys pressed during the load meet exactly the screen they see.
@Suite(.threadOfItsOwn) struct PreviewReloadHostTests {
    static let shown = ModalDocument(modals: [
        Modal(message: "Version one", buttons: [ModalButton(label: "Old choice", action: .custom("old"))])
    ])
    static let next = ModalDocument(modals: [
        Modal(message: "Version two", buttons: [ModalButton(label: "New choice", action: .custom("new"))])
    ])

    /// Runs the preview of `shown` playing `script`; its reload waits for `release` and then reads `next`.
    func run(_ script: (_ release: @escaping () -> Void) -> [TestBackend.Step]) throws -> (
        PreviewHost.Outcome, TestBackend
    ) {
        let gate = DispatchSemaphore(value: 0)
        let backend = TestBackend(size: Size(width: 60, height: 16), script: script { gate.signal() })
        let outcome = try PreviewHost.run(
            session: TerminalSession(backend: backend), initial: .decoded(document: Self.shown, diagnostics: []),
            configuration: PreviewHost.Configuration(options: PreviewOptions(sourceName: "slow.json", canReload: true)),
            reload: {
                gate.wait()
                return .decoded(document: Self.next, diagnostics: [])
            })
        // A load the test left waiting must not outlive it.
        gate.signal()
        expect(backend.missedWaits.isEmpty, "never shown: \(backend.missedWaits); screen:\n\(backend.lines)")
        expect(backend.isRestored)
        return (outcome, backend)
    }

    @Test func enterDuringAReloadAnswersTheModalOnScreen() throws {
        let (outcome, _) = try run { _ in
            [
                .waitForScreen(containing: "Version one"), .inputs([.key(.char("r"))]),
                .waitForScreen(containing: "loading slow.json… Esc cancels"), .inputs([.key(.enter)]),
                .idle(milliseconds: 5_000),
            ]
        }
        expectEqual(outcome.exitStatus, 0)
        expectEqual(outcome.action?.label, "Old choice")
    }

    @Test func theReloadLandsAndThenEnterAnswersTheNewVersion() throws {
        let (outcome, _) = try run { release in
            [
                .waitForScreen(containing: "Version one"), .inputs([.key(.char("r"))]),
                .waitForScreen(containing: "loading slow.json"), .run(release),
                .waitForScreen(containing: "Version two"), .inputs([.key(.enter)]), .idle(milliseconds: 5_000),
            ]
        }
        expectEqual(outcome.action?.label, "New choice")
    }

    @Test func escDropsTheReloadAndKeepsThePreviewOpen() throws {
        let (outcome, backend) = try run { release in
            [
                .waitForScreen(containing: "Version one"), .inputs([.key(.char("r"))]),
                .waitForScreen(containing: "loading slow.json"), .inputs([.key(.escape)]),
                .waitForScreen(containing: PreviewState.loadCancelledStatus), .run(release),
                // The dropped answer never reaches the screen; Esc now cancels as usual.
                .idle(milliseconds: 300), .inputs([.key(.escape)]), .idle(milliseconds: 5_000),
            ]
        }
        expectEqual(outcome.exitStatus, 1)
        expect(outcome.action == nil)
        expect(backend.shows("Version one"))
        expect(!backend.shows("Version two"))
    }
}
