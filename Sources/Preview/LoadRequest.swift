/// A source the preview waits for: the host reads it off the input thread and hands it back with
/// `PreviewEvent.loaded`, so keys keep acting on the document on screen while a slow file or URL loads.
///
/// A request is identified by its `serial`, which grows with every load a state asks for: an answer to a
/// request the user cancelled (Esc) or a newer one replaced is told apart and dropped.
package struct LoadRequest: Sendable, Equatable {
    /// The load's number among those this preview asked for, from 1.
    package var serial: Int
    /// The path or URL read, as the status line names it.
    package var sourceName: String

    /// Creates a request.
    package init(serial: Int, sourceName: String) {
        self.serial = serial
        self.sourceName = sourceName
    }
}
