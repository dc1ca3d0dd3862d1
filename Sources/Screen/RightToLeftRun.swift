/// A right-to-left run of text drawn into a grid in visual order, with its logical text, so that a renderer
/// with its own text engine (SVG) can draw the run as one piece and let the engine shape joined letters.
public struct RightToLeftRun: Sendable, Equatable {
    /// The grid row.
    public var y: Int
    /// The column of the run's leftmost cell.
    public var x: Int
    /// The cells the run covers.
    public var cellWidth: Int
    /// The run's text in logical order, sanitised, without bidi marks or isolates; brackets not mirrored.
    public var text: String

    /// Creates a run.
    public init(y: Int, x: Int, cellWidth: Int, text: String) {
        self.y = y
        self.x = x
        self.cellWidth = cellWidth
        self.text = text
    }
}
