import Screen
import TextLayout

/// The keys help drawn over the middle of an area (the whole screen in the preview).
struct HelpOverlay: Widget {
    /// `+-|` instead of box-drawing characters.
    var ascii: Bool
    /// Whether a host decides what cancelling does (the bridge): then Esc and q report it instead of ending.
    var reportsToHost = false

    /// The keys and what they do: the keymap's rows, in its order.
    var entries: [(keys: String, meaning: String)] {
        Keymap.bindings.map { ($0.label, $0.meaning(reportsToHost: reportsToHost)) }
    }

    /// The keys of a preview that ends itself.
    static var entries: [(keys: String, meaning: String)] { HelpOverlay(ascii: false).entries }

    static let title = " Keys "
    static let footer = "any key closes this help"

    /// Draws the help box centred in `area`, clipped when the area is smaller.
    func draw(into grid: inout CellGrid, area: Rect) {
        let entries = self.entries
        let title = Self.title
        let footer = Self.footer
        let keysWidth = entries.map { CellWidth.of($0.keys) }.max() ?? 0
        let rows = entries.map { entry in
            entry.keys + String(repeating: " ", count: keysWidth - CellWidth.of(entry.keys) + 2) + entry.meaning
        }
        let contentWidth = max(rows.map { CellWidth.of($0) }.max() ?? 0, CellWidth.of(footer))
        let boxWidth = min(area.size.width, contentWidth + 4)
        let boxHeight = min(area.size.height, rows.count + 4)
        guard boxWidth >= 2, boxHeight >= 2 else { return }
        let left = area.minX + (area.size.width - boxWidth) / 2
        let top = area.minY + (area.size.height - boxHeight) / 2
        let frame = ascii ? ["+", "-", "+", "|", "+", "+"] : ["┌", "─", "┐", "│", "└", "┘"]
        let plain = CellStyle()
        var bold = CellStyle()
        bold.bold = true
        var dim = CellStyle()
        dim.dim = true

        for y in top..<top + boxHeight {
            grid.fill(row: y, from: left, width: boxWidth, style: plain)
            let isTop = y == top
            let isBottom = y == top + boxHeight - 1
            if isTop || isBottom {
                let line =
                    (isTop ? frame[0] : frame[4]) + String(repeating: frame[1], count: boxWidth - 2)
                    + (isTop ? frame[2] : frame[5])
                grid.put(line, at: Point(x: left, y: y), style: plain)
            } else {
                grid.put(frame[3], at: Point(x: left, y: y), style: plain)
                grid.put(frame[3], at: Point(x: left + boxWidth - 1, y: y), style: plain)
            }
            grid.repairSeam(x: left, y: y)
            grid.repairSeam(x: left + boxWidth, y: y)
        }
        let titleX = left + max(1, (boxWidth - CellWidth.of(title)) / 2)
        grid.putLine(title, at: Point(x: titleX, y: top), maxWidth: boxWidth - 2, style: bold)
        let inner = boxWidth - 4
        for (i, row) in rows.enumerated() where top + 1 + i < top + boxHeight - 1 {
            grid.putLine(row, at: Point(x: left + 2, y: top + 1 + i), maxWidth: inner, style: plain)
        }
        let footerY = top + rows.count + 2
        if footerY < top + boxHeight - 1 {
            grid.putLine(footer, at: Point(x: left + 2, y: footerY), maxWidth: inner, style: dim)
        }
    }
}
