import ModalActions
import Screen
import ScreenLayout

/// Something the preview asks its host to do; `update` returns these instead of doing them.
package enum PreviewEffect: Sendable, Equatable {
    /// End the preview with this exit status, reporting `outcome` (`PreviewOutcome.jsonLine` on standard
    /// output, or the bridge's `action` event) when an action ended it.
    case exit(code: Int32, outcome: PreviewOutcome?)
    /// Paint every cell of the next frame, as if the terminal showed nothing (Ctrl-L): the screen may hold
    /// what another program wrote or what the terminal reflowed.
    case repaint
}

extension PreviewOutcome.Control {
    /// The control for a focusable of the laid-out modal.
    init(_ kind: Focusable.Kind) {
        switch kind {
        case .button(let index): self = .button(index)
        case .link(let styleIndex): self = .link(styleIndex: styleIndex)
        }
    }
}
