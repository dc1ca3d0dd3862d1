/// A right-to-left run of text drawn into a grid in visual order, with its logical text, so that a renderer
/// with its own text engine (SVG) can draw the run as one piece and let the engine shape joined letters.
package struct RightToLeftRun: Sendable, Equatable {
    /// The grid row.
    package var y: Int
    /// The column of the run's leftmost cell.
    package var x: Int
    /// The cells the run covers.
    package var cellWidth: Int
    /// The run's text in logical order, sanitised, without bidi marks or isolates; brackets not mirrored.
    package var text: String

    /// Creates a run.
    package init(y: Int, x: Int, cellWidth: Int, text: String) {
        self.y = y
        self.x = x
        self.cellWidth = cellWidth
        self.text = text
    }
}
