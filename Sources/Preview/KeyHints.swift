import TextLayout

/// The keys named in the status line when there is no message; on a narrow terminal the least needed are
/// left out whole, so that the hints for help and for quitting (cancelling, under a bridge) always show rather
/// than being cut off at the end.
struct KeyHints: Equatable {
    /// The commands whose keymap hints are shown, in order.
    var commands: [KeyCommand]
    /// Indices into `commands`, the first to leave out first; items not listed are never left out.
    var dropOrder: [Int]
    /// Whether a host decides what cancelling does (the bridge), which the hints then say.
    var reportsToHost = false

    static let separator = " · "

    /// While a modal is shown.
    static let modal = KeyHints(
        commands: [.focusNext, .activate, .nextModal, .toggleHelp, .cancel], dropOrder: [1, 2, 0])
    /// While the source's problems are shown.
    static let problem = KeyHints(commands: [.reload, .toggleHelp, .cancel], dropOrder: [0])
    /// While a bridge waits for its host to show something: only the help does anything.
    static let waiting = KeyHints(commands: [.toggleHelp], dropOrder: [])
    /// While the terminal is too small for the modal.
    static let tooSmall = KeyHints(commands: [.toggleHelp, .cancel], dropOrder: [])

    /// The hints in the order they are shown, as the keymap words them.
    var items: [String] {
        commands.compactMap { Keymap.binding(for: $0)?.hint(reportsToHost: reportsToHost) }
    }

    /// The same hints where q does not end the preview but tells the host (the bridge) the user cancelled.
    var cancelling: KeyHints {
        var hints = self
        hints.reportsToHost = true
        return hints
    }

    /// The most hints that fit in `room` cells, joined; the kept ones may still be cut when even they do not fit.
    func text(room: Int) -> String {
        let items = items
        var kept = Array(repeating: true, count: items.count)
        var dropping = dropOrder[...]
        while true {
            let text = zip(items, kept).filter(\.1).map(\.0).joined(separator: Self.separator)
            guard CellWidth.of(text) > room, let next = dropping.popFirst() else { return text }
            kept[next] = false
        }
    }
}
