/// What ncurses reported for one mouse button in one event, as the presses and releases the preview reads.
///
/// ncurses merges a press and a release that arrive in one read into a click (and clicks into double and
/// triple clicks), even with `mouseinterval(0)`; a quick click, or any click on a busy machine, arrives that
/// way. A click is therefore given back as the press and release it was made of.
package struct MouseReport: Equatable {
    /// The button.
    package var button: MouseButton
    /// Whether it went down.
    package var pressed: Bool
    /// Whether it came up.
    package var released: Bool
    /// How many whole clicks (press then release) were merged into the event: 0 to 3.
    package var clicks: Int

    /// A report of `button`.
    package init(button: MouseButton, pressed: Bool, released: Bool, clicks: Int) {
        self.button = button
        self.pressed = pressed
        self.released = released
        self.clicks = clicks
    }

    /// The inputs for this report at a cell: the press, the release, or a press and release per click.
    package func inputs(x: Int, y: Int) -> [TerminalInput] {
        var inputs: [TerminalInput] = []
        if pressed { inputs.append(.mouse(x: x, y: y, button: button, pressed: true)) }
        for _ in 0..<max(0, clicks) {
            inputs.append(.mouse(x: x, y: y, button: button, pressed: true))
            inputs.append(.mouse(x: x, y: y, button: button, pressed: false))
        }
        if released { inputs.append(.mouse(x: x, y: y, button: button, pressed: false)) }
        return inputs
    }
}
