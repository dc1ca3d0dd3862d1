import ModalModel
import Preview
import PreviewBridge
import Screen
import TestSupport
import Testing

@testable import PreviewHost
@testable import Terminal

/// Ctrl-L draws the whole screen again, in the preview and in the bridge, from the one keymap.
@Suite struct RepaintTests {
    static let document = ModalDocument(modals: [
        Modal(message: "Pick one", buttons: [ModalButton(label: "Go", action: .custom("go"))])
    ])

    /// The screen after the modal is drawn, another program writes over it, and `keys` are pressed.
    static func screenAfterScribble(keys: [Key]) throws -> [String] {
        let backend = TestBackend(
            size: Size(width: 40, height: 12),
            script: [
                .waitForScreen(containing: "Pick one"), .scribble("garbage", at: Point(x: 0, y: 0)),
                .inputs(keys.map(TerminalInput.key)), .idle(milliseconds: 50),
            ])
        _ = try PreviewHost.run(
            session: TerminalSession(backend: backend), initial: .decoded(document: document, diagnostics: []),
            configuration: PreviewHost.Configuration(options: PreviewOptions()), reload: { .failed(message: "no") })
        expect(backend.missedWaits.isEmpty)
        return backend.lines
    }

    @Test func controlLRepaintsOverWhatAnotherProgramWrote() throws {
        expect(try Self.screenAfterScribble(keys: []).contains { $0.contains("garbage") }, "the test can fail")
        let repainted = try Self.screenAfterScribble(keys: [.controlL])
        expect(!repainted.contains { $0.contains("garbage") }, "\(repainted)")
        expect(repainted.contains { $0.contains("Pick one") })
    }

    @Test func controlLIsAKeymapRowAndLeavesTheStateAlone() {
        expectEqual(Keymap.command(for: .controlL), .repaint)
        expectEqual(Keymap.binding(for: .repaint)?.label, "Ctrl-L")
        expectEqual(InputDecoder.decode([.character(0x0C)], sgrMouse: false), [.key(.controlL)])
        expectEqual(KeySequences.decode([0x0C]), [.key(.controlL)])
        var state = PreviewState(document: Self.document, terminalSize: Size(width: 40, height: 12), options: .init())
        state = state.update(.key(.char("?"))).0
        let (next, effects) = state.update(.key(.controlL))
        expectEqual(effects, [.repaint])
        expectEqual(next, state, "the help stays up")
    }

    @Test func theBridgeAsksItsHostForTheRepaint() {
        var loop = BridgeLoop(terminalSize: Size(width: 40, height: 12), options: PreviewOptions())
        expect(loop.handle(.key(.controlL), load: { _ in .failed(message: "no") }).isEmpty, "no event for the host")
        let first = loop.takeRepaintRequest()
        let second = loop.takeRepaintRequest()
        expect(first && !second, "the request is taken once")
    }
}
