import ModalModel
import Screen
import ScreenLayout
import TestSupport
import Testing
@_spi(Kernel) import TextKernel
import TextLayout

/// Right-to-left modals on the grid: terminals that do not reorder show cells as they are, so the grid must
/// hold each line in visual order.
@Suite struct BidiScreenTests {
    /// The heading and buttons of samples/rtl-notice.json.
    static let notice = Modal(
        message: "تحديث مهم",
        buttons: [
            ModalButton(label: "تحديث الآن", action: .openURL("https://example.com/download")),
            ModalButton(label: "لاحقًا", action: .close),
        ])

    /// Regression: the title was drawn in logical order and read backwards ("مهم ثيدحت" read right to left)
    /// in terminals without bidi, and the buttons ran left to right.
    @Test func rightToLeftModalIsDrawnInVisualOrderWithButtonsRightToLeft() {
        let grid = ModalView(modal: Self.notice, options: ModalViewOptions(width: 34)).render().grid
        expectGrid(
            grid,
            [
                "┌────────────────────────────────┐",
                "│                      مهم ثيدحت │",
                "│                                │",
                "│    [ اقًحال ] [ نآلا ثيدحت ]    │",
                "└────────────────────────────────┘",
            ])
    }

    @Test func logicalOrderLeavesTextAsStoredForTerminalsThatReorder() {
        let grid = ModalView(modal: Self.notice, options: ModalViewOptions(width: 34, bidi: .logical)).render().grid
        expectEqual(grid.lines[1], "│                      تحديث مهم │")
        expectEqual(grid.lines[3], "│    [ لاحقًا ] [ تحديث الآن ]    │")
        expect(grid.rightToLeftRuns.isEmpty)
    }

    @Test func rightToLeftRunsAreRecordedWithTheirLogicalText() {
        let grid = ModalView(modal: Self.notice, options: ModalViewOptions(width: 34)).render().grid
        expectEqual(grid.rightToLeftRuns[1], [RightToLeftRun(y: 1, x: 23, cellWidth: 9, text: "تحديث مهم")])
        expectEqual(grid.rightToLeftRuns[3]?.map(\.text).sorted(), ["تحديث الآن", "لاحقًا"])
    }

    @Test func tabOrderStaysLogicalWhileButtonsRunRightToLeft() {
        let layout = ModalView(modal: Self.notice, options: ModalViewOptions(width: 34)).layout()
        expectEqual(layout.direction, .rightToLeft)
        expectEqual(layout.focusables.map(\.kind), [.button(index: 0), .button(index: 1)])
        expect(layout.focusables[0].rects[0].minX > layout.focusables[1].rects[0].minX)
    }

    @Test func absentAlignmentIsTheStartSideAndEndIsTheOther() {
        let start = ModalView(modal: Modal(message: "שלום"), options: ModalViewOptions(width: 12)).render().grid
        expectEqual(start.lines[1], "│     םולש │")
        let end = ModalView(
            modal: Modal(message: "שלום", textAlignment: .end), options: ModalViewOptions(width: 12)
        ).render().grid
        expectEqual(end.lines[1], "│ םולש     │")
        let forced = ModalView(
            modal: Modal(message: "שלום", direction: .leftToRight), options: ModalViewOptions(width: 12)
        ).render().grid
        expectEqual(forced.lines[1], "│ םולש     │")
    }

    @Test func aLinkSplitByADirectionChangeHasARectPerPiece() {
        // "Hello " is left to right at cells 0-5; "שלום" ends the right-to-left run "שלום עולם", so it is drawn
        // at its right end, apart from "Hello ".
        let modal = Modal(
            message: "Hello שלום עולם",
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 10), link: .openURL("https://example.com"))
            ])
        let layout = ModalView(modal: modal, options: ModalViewOptions(width: 24)).layout()
        expectEqual(layout.draw().lines[1], "│ Hello םלוע םולש      │")
        expectEqual(layout.focusables.count, 1)
        expectEqual(
            layout.focusables[0].rects,
            [
                Rect(x: 2, y: 1, width: 6, height: 1), Rect(x: 13, y: 1, width: 4, height: 1),
            ])
        let logical = ModalView(modal: modal, options: ModalViewOptions(width: 24, bidi: .logical)).layout()
        expectEqual(logical.focusables[0].rects, [Rect(x: 2, y: 1, width: 10, height: 1)])
    }

    @Test func bidiMarksAndMatchedIsolatesAreNeverDrawn() {
        let modal = Modal(message: "\u{2067}שלום\u{2069} \u{200F}x\u{200E} \u{2066}y")
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: 20)).render().grid
        let drawn = grid.lines.joined()
        expect(!drawn.unicodeScalars.contains { ControlCharacters.isBidiFormat($0) })
        // The isolate without its PDI stays a visible placeholder.
        expect(drawn.contains("\u{FFFD}y"))
    }
}
