/// The one shape every widget draws through: into a grid, inside an area, clipped to it and to the grid.
///
/// An area may reach outside the grid (a modal scrolled so that only some of its rows are drawn); widgets
/// skip what falls outside rather than walking it.
package protocol Widget: Sendable {
    /// Draws the widget into `grid` inside `area`.
    func draw(into grid: inout CellGrid, area: Rect)
}
