import Screen
import ScreenLayout
import TestSupport
import Testing

/// One width value: refused or clamped where it comes in, with one minimum and one default.
@Suite struct ModalWidthTests {
    @Test func parsingRefusesWhatClampingWouldChange() {
        expectEqual(ModalWidth.parse("10")?.cells, 10)
        expectEqual(ModalWidth.parse("1000")?.cells, 1000)
        for refused in ["9", "1001", "0", "-5", "abc", "", "4.5", "99999999999999999999"] {
            expect(ModalWidth.parse(refused) == nil, "\(refused)")
        }
    }

    @Test func clampingKeepsEveryWidthDrawable() {
        expectEqual(ModalWidth(clamping: Int.min).cells, ModalWidth.minimum)
        expectEqual(ModalWidth(clamping: 5).cells, ModalWidth.minimum)
        expectEqual(ModalWidth(clamping: 44).cells, 44)
        expectEqual(ModalWidth(clamping: Int.max).cells, ModalWidth.maximum)
        expect(ModalWidth(clamping: Int.min).bodyCellWidth > 0)
        let literal: ModalWidth = 3
        expectEqual(literal, ModalWidth(clamping: ModalWidth.minimum))
    }

    @Test func theDefaultFollowsTheTerminalWithinItsBounds() {
        expectEqual(ModalWidth.chosen(nil, terminalColumns: nil), ModalWidth.preferred)
        expectEqual(ModalWidth.chosen(nil, terminalColumns: 200).cells, 60)
        expectEqual(ModalWidth.chosen(nil, terminalColumns: 44).cells, 44)
        expectEqual(ModalWidth.chosen(nil, terminalColumns: 3).cells, 16)
        expectEqual(ModalWidth.chosen(ModalWidth(clamping: 80), terminalColumns: 20).cells, 80)
    }

    @Test func oneColumnNarrowerStopsAtTheMinimum() {
        expectEqual(ModalWidth(clamping: 16).oneColumnNarrower?.cells, 15)
        expect(ModalWidth(clamping: ModalWidth.minimum).oneColumnNarrower == nil)
    }
}
