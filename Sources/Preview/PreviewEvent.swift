import Screen
import ScreenLayout
import Terminal

/// Something that happened to the preview: input, a resize, or a new version of the source.
package enum PreviewEvent: Sendable, Equatable {
    /// A key was pressed.
    case key(Key)
    /// A mouse button went down (`pressed`) or up at a screen cell (0-based column `x`, row `y`).
    ///
    /// A left press focuses the item under it; the release activates it only over that same item,
    /// so a press can be taken back by moving away before letting go.
    case mouse(x: Int, y: Int, button: MouseButton, pressed: Bool)
    /// The terminal has a new size.
    case resize(Size)
    /// The source was read again.
    case fileChanged(FileLoad)
    /// Something other than a key asks for the source to be read again.
    case reloadRequested
    /// The host read the source `PreviewState.pendingLoad` asked for; an answer nobody waits for any more
    /// (cancelled, or replaced by a newer request) is dropped.
    case loaded(LoadRequest, FileLoad)
    /// The host finished the layout `PreviewState.pendingLayout` asked for.
    case laidOut(LayoutRequest, ModalLayout)
    /// The pending layout has been running this long; from `PreviewState.layoutProgressMilliseconds` on,
    /// the status line says that work is going on.
    case layoutRunning(milliseconds: Int)
    /// The time the host allows for a choice ran out (`PreviewState.reachTimeLimit`).
    case timeLimitReached
}
