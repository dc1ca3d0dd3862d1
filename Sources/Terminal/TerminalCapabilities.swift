import ModalModel
import Screen

/// What the preview draws with on one terminal: decided once at start from the probe's replies, the
/// environment and the command line, which wins over both.
package struct TerminalCapabilities: Sendable, Equatable {
    /// Whether each frame is wrapped in synchronized output (mode 2026), so the terminal shows it whole.
    package var synchronizedOutput = false
    /// Whether emoji sequences are sent whole (grapheme cluster mode 2027 known, or `--clusters whole`) instead of
    /// cut down to what a per-code-point terminal draws in the cells layout gave them.
    package var wholeClusters = false
    /// Whether the terminal has grapheme cluster mode but it is off, so that drawing whole clusters means
    /// setting it (and resetting it at the end).
    package var graphemeClusterModeCanBeSet = false
    /// Whether struck-through text gets SGR 9, which ncurses has no attribute for.
    package var strikethrough = true
    /// Whether links are wrapped in OSC 8 hyperlinks.
    package var hyperlinks = true
    /// The terminal's background colour, when it told (OSC 11).
    package var background: ModalColor?
    /// Milliseconds the probe took at start (0 when there was none).
    package var probeMilliseconds = 0

    /// No probe, nothing beyond what ncurses draws on its own.
    package init() {}

    /// The capabilities for a terminal that answered `replies`, of type `term`, under `clusters` (nil for
    /// automatic).
    ///
    /// The Linux console draws neither strikethrough nor hyperlinks and may show an OSC 8 sequence as text.
    package init(replies: TerminalReplies, term: String?, clusters: ClusterMode?) {
        synchronizedOutput = replies.synchronizedOutputMode?.isSupported ?? false
        switch clusters {
        case .whole?: wholeClusters = true
        case .fallback?: wholeClusters = false
        case nil: wholeClusters = replies.graphemeClusterMode?.isSupported ?? false
        }
        graphemeClusterModeCanBeSet = replies.graphemeClusterMode == .reset
        let isConsole = term == "linux"
        strikethrough = !isConsole
        hyperlinks = !isConsole
        background = replies.background
    }

    /// Whether `term` may be probed: anything but a terminal without escape sequences.
    package static func mayProbe(term: String?) -> Bool {
        guard let term, !term.isEmpty else { return false }
        return term != "dumb"
    }
}
