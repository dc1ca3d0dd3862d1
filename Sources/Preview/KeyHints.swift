import TextLayout

/// The keys named in the status line when there is no message; on a narrow terminal the least needed are
/// left out whole, so that "? help" and "q quit" (or "q cancel" under a bridge) always show rather than being
/// cut off at the end.
struct KeyHints: Equatable {
    /// The hints in the order they are shown.
    var items: [String]
    /// Indices into `items`, the first to leave out first; items not listed are never left out.
    var dropOrder: [Int]

    static let separator = " · "

    /// While a modal is shown.
    static let modal = KeyHints(
        items: ["Tab focus", "Enter activate", "n/p modal", "? help", "q quit"], dropOrder: [1, 2, 0])
    /// While the source's problems are shown.
    static let problem = KeyHints(items: ["r reload", "? help", "q quit"], dropOrder: [0])
    /// While a bridge waits for its host to show something: only the help does anything.
    static let waiting = KeyHints(items: ["? help"], dropOrder: [])
    /// While the terminal is too small for the modal.
    static let tooSmall = KeyHints(items: ["? help", "q quit"], dropOrder: [])

    /// The same hints where q does not end the preview but tells the host (the bridge) the user cancelled.
    var cancelling: KeyHints {
        KeyHints(items: items.map { $0 == "q quit" ? "q cancel" : $0 }, dropOrder: dropOrder)
    }

    /// The most hints that fit in `room` cells, joined; the kept ones may still be cut when even they do not fit.
    func text(room: Int) -> String {
        var kept = Array(repeating: true, count: items.count)
        var dropping = dropOrder[...]
        while true {
            let text = zip(items, kept).filter(\.1).map(\.0).joined(separator: Self.separator)
            guard CellWidth.of(text) > room, let next = dropping.popFirst() else { return text }
            kept[next] = false
        }
    }
}
