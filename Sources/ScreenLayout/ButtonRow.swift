import ModalModel
import Screen
import TextLayout

/// Where one button sits in a button row.
package struct ButtonPlacement: Sendable, Equatable {
    /// The button's index in the buttons laid out (`Modal.buttons`).
    package var index: Int
    /// The label as shown: controls replaced by placeholders, line breaks and tabs by spaces, and cut
    /// with "…" when it is too wide.
    package var label: String
    /// The row, 0-based from the first button row.
    package var row: Int
    /// The column of the button's first cell, 0-based from the left of the row's width.
    package var column: Int
    /// The cells the whole button takes, brackets included: label cells + 4.
    package var cellWidth: Int
    /// `label` in visual order, left to right as drawn (UAX #9, brackets mirrored); equal to `label` unless it
    /// holds right-to-left text.
    package var visualLabel: String
    /// The right-to-left runs of `visualLabel`, with `x` counted from the label's first cell and `y` 0.
    package var labelRuns: [RightToLeftRun]

    /// Creates a placement.
    package init(
        index: Int, label: String, row: Int, column: Int, cellWidth: Int, visualLabel: String? = nil,
        labelRuns: [RightToLeftRun] = []
    ) {
        self.index = index
        self.label = label
        self.row = row
        self.column = column
        self.cellWidth = cellWidth
        self.visualLabel = visualLabel ?? label
        self.labelRuns = labelRuns
    }
}

/// A widget drawing buttons as `[ Label ]`, one space apart, in rows centred in a width.
///
/// Buttons go left to right (right to left in a right-to-left modal, the first button at the right) and start
/// a new row when the next one does not fit. A label wider than `width - 4` cells is cut with "…"; a label
/// holding right-to-left text is drawn in visual order, as message lines are. The focused button is drawn in reverse video with its brackets
/// replaced by `▶ ◀` (`> <` in ASCII mode), so it stands out without colour and keeps its width.
package struct ButtonRow: Widget {
    /// The buttons, in order.
    package var buttons: [ModalButton]
    /// Where each button goes, in button order.
    package let placements: [ButtonPlacement]
    /// How button colours become cell styles.
    package var mapping: CellStyleMapping
    /// ASCII focus markers instead of `▶ ◀`.
    package var ascii: Bool
    /// The index in `buttons` of the focused button, if any.
    package var focusedIndex: Int?

    /// Lays out `buttons` in `width` cells.
    package init(
        buttons: [ModalButton], width: Int, mapping: CellStyleMapping = CellStyleMapping(), ascii: Bool = false,
        focusedIndex: Int? = nil
    ) {
        self.init(
            buttons: buttons, placements: Self.layout(buttons, width: width), mapping: mapping, ascii: ascii,
            focusedIndex: focusedIndex)
    }

    /// Draws `buttons` at placements already computed (by `layout(_:width:)`, as `ModalLayout` keeps them).
    package init(
        buttons: [ModalButton], placements: [ButtonPlacement], mapping: CellStyleMapping = CellStyleMapping(),
        ascii: Bool = false, focusedIndex: Int? = nil
    ) {
        self.buttons = buttons
        self.placements = placements
        self.mapping = mapping
        self.ascii = ascii
        self.focusedIndex = focusedIndex
    }

    /// The rows the buttons take (0 without buttons).
    package var height: Int { placements.last.map { $0.row + 1 } ?? 0 }

    /// The placements of `buttons` in rows of `width` cells, each row centred (any odd cell goes right, or
    /// left when the row runs right to left).
    package static func layout(
        _ buttons: [ModalButton], width: Int, direction: WritingDirection = .leftToRight, bidi: BidiDisplay = .visual
    ) -> [ButtonPlacement] {
        let maxLabelCells = max(1, width - 4)
        var placements: [ButtonPlacement] = []
        placements.reserveCapacity(buttons.count)
        var rowStart = 0
        var rowCells = 0
        var row = 0
        func centreRow(upTo end: Int) {
            let offset = max(0, (width - rowCells) / 2)
            for index in rowStart..<end { placements[index].column += offset }
        }
        for (index, button) in buttons.enumerated() {
            let (label, visualLabel, runs, labelCells) = ButtonLabel.fit(button.label, maxCells: maxLabelCells)
            let cells = labelCells + 4
            if index > rowStart, rowCells + 1 + cells > width {
                centreRow(upTo: index)
                row += 1
                rowStart = index
                rowCells = 0
            }
            let column = rowCells == 0 && index == rowStart ? 0 : rowCells + 1
            placements.append(
                ButtonPlacement(
                    index: index, label: label, row: row, column: column, cellWidth: cells,
                    visualLabel: bidi == .visual ? visualLabel : label, labelRuns: bidi == .visual ? runs : []))
            rowCells = column + cells
        }
        if !placements.isEmpty { centreRow(upTo: placements.count) }
        if direction == .rightToLeft {
            for index in placements.indices {
                placements[index].column = width - placements[index].column - placements[index].cellWidth
            }
        }
        return placements
    }

    /// Draws the buttons with the row area's top left at `area.origin`, clipped to `area`.
    package func draw(into grid: inout CellGrid, area: Rect) {
        for placement in placements {
            let button = buttons[placement.index]
            var style = mapping.cellStyle(for: button)
            let focused = placement.index == focusedIndex
            let (open, close) = focused ? (ascii ? (">", "<") : ("▶", "◀")) : ("[", "]")
            if focused { style.reverse = true }
            let point = Point(x: area.minX + placement.column, y: area.minY + placement.row)
            grid.put(open + " " + placement.visualLabel + " " + close, at: point, style: style, within: area)
            for run in placement.labelRuns {
                var placed = run
                placed.x += point.x + 2
                placed.y = point.y
                if placed.y >= area.minY, placed.y < area.maxY, placed.x >= area.minX,
                    placed.x + placed.cellWidth <= area.maxX
                {
                    grid.recordRightToLeftRun(placed)
                }
            }
        }
    }
}
