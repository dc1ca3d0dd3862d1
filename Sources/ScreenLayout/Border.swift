import ModalModel
import Screen
@_spi(Kernel) import TextKernel

/// A widget drawing a frame on the outermost cells of an area, with an optional title in the top edge.
package struct Border: Widget {
    /// `+-|` instead of box-drawing characters.
    package var ascii: Bool
    /// Text shown in the top edge, near the right corner, padded with a space each side (` 1/4 `).
    package var title: String?
    /// The style of the frame and the title.
    package var style: CellStyle

    /// Creates a border.
    package init(ascii: Bool = false, title: String? = nil, style: CellStyle = CellStyle()) {
        self.ascii = ascii
        self.title = title
        self.style = style
    }

    /// The area inside the frame.
    package static func inner(_ area: Rect) -> Rect { area.inset(horizontal: 1, vertical: 1) }

    /// Draws the frame on the edge cells of `area`; areas smaller than 2×2 are left alone.
    ///
    /// The title ends two cells before the top right corner (`┌──── 1/4 ─┐`); a title too long is cut
    /// with "…", and one that cannot show a single character is left out.
    package func draw(into grid: inout CellGrid, area: Rect) {
        guard area.size.width >= 2, area.size.height >= 2 else { return }
        let (horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight):
            (
                Character, Character, Character, Character, Character, Character
            ) = ascii ? ("-", "|", "+", "+", "+", "+") : ("─", "│", "┌", "┐", "└", "┘")
        let left = area.minX
        let right = area.maxX - 1
        let top = area.minY
        let bottom = area.maxY - 1
        let edgeLength = right - left - 1
        let sideLength = max(0, bottom - top - 1)
        grid.putRepeated(
            horizontal, over: Rect(x: left + 1, y: top, width: edgeLength, height: 1), style: style, within: area)
        grid.putRepeated(
            horizontal, over: Rect(x: left + 1, y: bottom, width: edgeLength, height: 1), style: style, within: area)
        grid.putRepeated(
            vertical, over: Rect(x: left, y: top + 1, width: 1, height: sideLength), style: style, within: area)
        grid.putRepeated(
            vertical, over: Rect(x: right, y: top + 1, width: 1, height: sideLength), style: style, within: area)
        grid.putCluster(topLeft, cellWidth: 1, at: Point(x: left, y: top), style: style, within: area)
        grid.putCluster(topRight, cellWidth: 1, at: Point(x: right, y: top), style: style, within: area)
        grid.putCluster(bottomLeft, cellWidth: 1, at: Point(x: left, y: bottom), style: style, within: area)
        grid.putCluster(bottomRight, cellWidth: 1, at: Point(x: right, y: bottom), style: style, within: area)

        if let title, !title.isEmpty {
            // Two corners, one edge cell each side, and the two padding spaces.
            let room = area.size.width - 6
            let (shown, cells) = Truncation.fit(ControlCharacters.singleLine(title), maxCells: room)
            guard cells > 0, shown != "…" || title == "…" else { return }
            let start = right - 2 - cells - 1
            grid.put(" " + shown + " ", at: Point(x: start, y: top), style: style, within: area)
        }
    }
}
