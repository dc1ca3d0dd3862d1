import Terminal

/// What a key asks the preview to do.
package enum KeyCommand: Sendable, Equatable {
    /// The next or previous item in the focus order (logical: the first button first).
    case focusNext, focusPrevious
    /// The item to the right or left on screen: the order turns around in a right-to-left modal.
    case focusRight, focusLeft
    case scrollUp, scrollDown, pageUp, pageDown, scrollToTop, scrollToEnd
    case activate
    case nextModal, previousModal
    case reload
    case toggleHelp
    /// Draw the whole screen again, whatever the terminal shows now.
    case repaint
    case cancel
}

/// One row of the keymap: the keys and the command each gives, and how the help and the status line name them.
package struct KeyBinding: Sendable {
    /// The keys as the help lists them ("Tab, →").
    package var label: String
    /// What the keys do, as the help says it.
    package var meaning: String
    /// What they do where a host decides (the bridge), when that differs.
    package var hostMeaning: String?
    /// Each key with its command; none for the mouse's row.
    package var keys: [(key: Key, command: KeyCommand)]
    /// The status line's hint for the row ("Tab focus"), when it has one.
    package var hint: String?
    /// The hint where a host decides, when that differs.
    package var hostHint: String?

    /// The meaning for a preview that ends itself, or one whose host decides (`reportsToHost`).
    package func meaning(reportsToHost: Bool) -> String { reportsToHost ? hostMeaning ?? meaning : meaning }

    /// The hint for a preview that ends itself, or one whose host decides.
    package func hint(reportsToHost: Bool) -> String? { reportsToHost ? hostHint ?? hint : hint }
}

/// The preview's keys, declared once: `update` dispatches on it, and the help overlay, the status line's
/// hints and `preview --help` are written from it.
package enum Keymap {
    /// The rows in the order a user needs them; short enough that the help box fits a 40-column terminal.
    package static let bindings: [KeyBinding] = [
        KeyBinding(
            label: "Tab, →", meaning: "next button or link", keys: [(.tab, .focusNext), (.right, .focusRight)],
            hint: "Tab focus"),
        KeyBinding(
            label: "Shift-Tab, ←", meaning: "previous one", keys: [(.shiftTab, .focusPrevious), (.left, .focusLeft)]),
        KeyBinding(
            label: "Enter, Space", meaning: "activate focused item", keys: [(.enter, .activate), (.space, .activate)],
            hint: "Enter activate"),
        KeyBinding(label: "click", meaning: "activate an item", keys: []),
        KeyBinding(
            label: "↑ ↓ PgUp PgDn", meaning: "scroll a long message",
            keys: [(.up, .scrollUp), (.down, .scrollDown), (.pageUp, .pageUp), (.pageDown, .pageDown)]),
        KeyBinding(
            label: "Home, End", meaning: "scroll to top, bottom", keys: [(.home, .scrollToTop), (.end, .scrollToEnd)]),
        KeyBinding(
            label: "n, p", meaning: "next, previous modal",
            keys: [(.char("n"), .nextModal), (.char("p"), .previousModal)],
            hint: "n/p modal"),
        KeyBinding(label: "r", meaning: "read the file again", keys: [(.char("r"), .reload)], hint: "r reload"),
        KeyBinding(label: "?", meaning: "show or hide the help", keys: [(.char("?"), .toggleHelp)], hint: "? help"),
        KeyBinding(label: "Ctrl-L", meaning: "draw the screen again", keys: [(.controlL, .repaint)]),
        KeyBinding(
            label: "Esc, q", meaning: "cancel, exit status 1", hostMeaning: "cancel: tell the host",
            keys: [(.escape, .cancel), (.char("q"), .cancel)], hint: "q quit", hostHint: "q cancel"),
    ]

    /// The command `key` gives, or nil for a key the preview does not know.
    package static func command(for key: Key) -> KeyCommand? {
        for binding in bindings {
            for entry in binding.keys where entry.key == key { return entry.command }
        }
        return nil
    }

    /// The row that holds `command`.
    package static func binding(for command: KeyCommand) -> KeyBinding? {
        bindings.first { $0.keys.contains { $0.command == command } }
    }
}
