import ModalActions
@_spi(Kernel) import TextKernel

extension PreviewState {
    /// The exit status of a preview whose time limit ran out with no default button to choose.
    package static let timedOutStatus: Int32 = 4

    /// The time the host allowed ran out (`--time-limit`): the default button (`options.defaultButton`) of the
    /// modal on screen is reported as chosen, whatever its action, and the preview ends as after a choice;
    /// without a default button, or on a modal without buttons, it ends with `timedOutStatus` and no outcome.
    ///
    /// A navigation action (`next`, `close`) is reported rather than followed: a script that set a time limit
    /// waits for an answer, not for another modal and another wait.
    mutating func reachTimeLimit() -> [PreviewEffect] {
        guard let wanted = options.defaultButton, let modal = currentModal, !modal.buttons.isEmpty else {
            return [.exit(code: Self.timedOutStatus, outcome: nil)]
        }
        let index = min(max(0, wanted), modal.buttons.count - 1)
        let button = modal.buttons[index]
        let outcome = PreviewOutcome(
            modalIndex: modalIndex, control: .button(index), label: ControlCharacters.singleLine(button.label),
            action: button.action)
        return [.exit(code: 0, outcome: outcome)]
    }
}
