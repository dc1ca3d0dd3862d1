import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing
import TextLayout

/// Each widget drawn alone on an in-memory grid, compared as text.
@Suite struct BorderTests {
    @Test func framesTheAreaWithATitleNearTheRightCorner() {
        var grid = CellGrid(size: Size(width: 12, height: 3))
        Border(title: "1/4").draw(into: &grid, area: grid.bounds)
        expectGrid(grid, ["┌──── 1/4 ─┐", "│          │", "└──────────┘"])
    }

    @Test func asciiFrameAndATitleTooLongIsCut() {
        var grid = CellGrid(size: Size(width: 10, height: 2))
        Border(ascii: true, title: "a long title").draw(into: &grid, area: grid.bounds)
        expectGrid(grid, ["+- a l… -+", "+--------+"])
    }

    @Test func anAreaReachingOutsideTheGridDrawsOnlyWhatIsInside() {
        // A 4-row frame whose top is one row above the grid: the top edge is not drawn, the sides are.
        var grid = CellGrid(size: Size(width: 5, height: 2))
        Border().draw(into: &grid, area: Rect(x: 0, y: -1, width: 5, height: 4))
        expectGrid(grid, ["│   │", "│   │"])
    }
}

@Suite struct ParagraphTests {
    func line(_ text: String, column: Int = 0, style: TextStyle = TextStyle()) -> LayoutLine {
        LayoutLine(segments: [
            LineSegment(
                text: text, style: style, column: column, cellWidth: CellWidth.of(text), sourceUTF16Offset: 0,
                sourceUTF16Length: text.utf16.count)
        ])
    }

    @Test func drawsEachLineOnItsRowFromItsColumn() {
        var grid = CellGrid(size: Size(width: 8, height: 2))
        Paragraph(lines: [line("ab"), line("日本", column: 2)]).draw(into: &grid, area: grid.bounds)
        expectGrid(grid, ["ab      ", "  日本  "])
    }

    @Test func clipsToTheArea() {
        var grid = CellGrid(size: Size(width: 6, height: 2))
        Paragraph(lines: [line("abcdef"), line("second")]).draw(
            into: &grid, area: Rect(x: 1, y: 0, width: 3, height: 1))
        expectGrid(grid, [" abc  ", "      "])
    }

    @Test func linesAboveTheGridAreSkipped() {
        var grid = CellGrid(size: Size(width: 4, height: 1))
        Paragraph(lines: [line("one"), line("two"), line("six")]).draw(
            into: &grid, area: Rect(x: 0, y: -2, width: 4, height: 3))
        expectGrid(grid, ["six "])
    }
}

@Suite struct ButtonRowTests {
    let buttons = [ModalButton(label: "OK", action: .close), ModalButton(label: "Cancel", action: .close)]

    @Test func centresButtonsInOneRow() {
        var grid = CellGrid(size: Size(width: 20, height: 1))
        ButtonRow(buttons: buttons, width: 20).draw(into: &grid, area: grid.bounds)
        expectGrid(grid, [" [ OK ] [ Cancel ]  "])
    }

    @Test func wrapsToANewRowWhenTheNextButtonDoesNotFit() {
        let row = ButtonRow(buttons: buttons, width: 12)
        expectEqual(row.height, 2)
        var grid = CellGrid(size: Size(width: 12, height: 2))
        row.draw(into: &grid, area: grid.bounds)
        expectGrid(grid, ["   [ OK ]   ", " [ Cancel ] "])
    }

    @Test func theFocusedButtonHasMarkersAndReverseVideo() {
        var grid = CellGrid(size: Size(width: 20, height: 1))
        ButtonRow(buttons: buttons, width: 20, ascii: true, focusedIndex: 1).draw(into: &grid, area: grid.bounds)
        expectGrid(grid, [" [ OK ] > Cancel <  "])
        expectStyles(grid, ["        ##########  "]) { $0.reverse ? "#" : " " }
    }

    @Test func aLabelTooWideIsCut() {
        let placements = ButtonRow.layout([ModalButton(label: "A very long label", action: .close)], width: 10)
        expectEqual(placements.map(\.label), ["A ver…"])
        expectEqual(placements.map(\.cellWidth), [10])
    }
}

@Suite struct ModalLayoutTests {
    let modal = Modal(
        message: "Read the terms and the privacy note before you go on.",
        styles: [
            ModalStyle(range: UTF16Range(utf16Offset: 9, utf16Length: 5), link: .openURL("https://a.example/terms")),
            ModalStyle(range: UTF16Range(utf16Offset: 23, utf16Length: 12), link: .custom("privacy")),
        ],
        buttons: [ModalButton(label: "OK", action: .close), ModalButton(label: "Later", action: .next)])

    @Test func computesLinesButtonsAndFocusablesOnce() {
        let layout = ModalLayout(modal: modal, options: ModalViewOptions(width: 20))
        expectEqual(layout.bodyWidth, 16)
        expectEqual(
            layout.bodyLines(in: 0..<layout.bodyLineCount).map(\.text),
            [
                "Read the terms", "and the privacy", "note before you", "go on.",
            ])
        expectEqual(layout.size, Size(width: 20, height: 1 + 4 + 1 + 1 + 1))
        expectEqual(
            layout.focusables.map(\.kind),
            [
                .link(styleIndex: 0), .link(styleIndex: 1), .button(index: 0), .button(index: 1),
            ])
        expectEqual(layout.linkCount, 2)
        expectEqual(layout.focusables[1].label, "privacy note")
        // "privacy" ends line 2 and "note" starts line 3: one rect per line.
        expectEqual(
            layout.focusables[1].rects,
            [
                Rect(x: 10, y: 2, width: 7, height: 1), Rect(x: 2, y: 3, width: 4, height: 1),
            ])
    }

    @Test func drawingSomeRowsEqualsThoseRowsOfTheWholeModal() {
        let layout = ModalLayout(modal: modal, options: ModalViewOptions(width: 20))
        let whole = layout.draw(focusIndex: 1)
        for rows in [0..<3, 2..<5, 4..<8, 6..<8] {
            let part = layout.draw(rows: rows, focusIndex: 1)
            expectEqual(part.lines, Array(whole.lines[rows]), "rows \(rows)")
            let reversed = { (grid: CellGrid) in styleOverlay(grid) { $0.reverse ? "#" : "." } }
            expectEqual(reversed(part), Array(reversed(whole)[rows]), "rows \(rows)")
        }
    }

    @Test func modalViewDrawsTheLayout() {
        let options = ModalViewOptions(width: 20, focusIndex: 2)
        let rendering = ModalView(modal: modal, options: options).render()
        let layout = ModalLayout(modal: modal, options: options)
        expectEqual(rendering.grid, layout.draw(focusIndex: 2))
        expectEqual(rendering.focusables, layout.focusables)
    }

    /// Two neighbouring link styles with the same action stay two focusables: each segment names its style.
    @Test func adjacentLinksWithOneActionKeepTheirOwnStyles() {
        let twin = Modal(
            message: "onetwo",
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 3), link: .custom("same")),
                ModalStyle(range: UTF16Range(utf16Offset: 3, utf16Length: 3), link: .custom("same")),
            ])
        let layout = ModalLayout(modal: twin, options: ModalViewOptions(width: 12))
        expectEqual(layout.focusables.map(\.kind), [.link(styleIndex: 0), .link(styleIndex: 1)])
        expectEqual(layout.focusables.map(\.label), ["one", "two"])
    }
}
