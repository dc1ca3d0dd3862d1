import Preview
import Terminal

/// The time a preview is allowed (`--time-limit`), as an event source: once it has passed, the next poll
/// sends `PreviewEvent.timeLimitReached`, once. The host polls its sources at every tick, so the preview
/// ends within a tick (a quarter of a second) of the limit.
package struct TimeLimitSource: PreviewEventSource {
    /// When the time runs out, in `TerminalLoop.monotonicMilliseconds`.
    private let deadlineMilliseconds: Int
    private var isSpent = false

    /// A limit of `milliseconds` from now.
    package init(milliseconds: Int) {
        deadlineMilliseconds = TerminalLoop.monotonicMilliseconds() + max(0, milliseconds)
    }

    package mutating func poll(reload: () -> FileLoad) -> [PreviewEvent] {
        guard !isSpent, TerminalLoop.monotonicMilliseconds() >= deadlineMilliseconds else { return [] }
        isSpent = true
        return [.timeLimitReached]
    }
}
