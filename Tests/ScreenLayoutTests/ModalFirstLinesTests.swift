import ModalModel
import TestSupport
import Testing

@testable import ScreenLayout

/// The first lines of a long message, laid out alone for the preview's first frame, must be the whole
/// layout's first lines, with the same buttons; a layout that is cancelled must stop and give nothing.
@Suite struct ModalFirstLinesTests {
    @Test(arguments: [16, 23, 60])
    func theFirstLinesAreTheWholeLayoutsFirstLines(width: Int) {
        for modal in ModalHeightProbeTests.modals {
            let options = ModalViewOptions(width: ModalWidth(clamping: width))
            let whole = ModalLayout(modal: modal, options: options)
            for lineCount in Set([0, 1, 4, 9, whole.bodyLineCount - 1, whole.bodyLineCount, whole.bodyLineCount + 3])
            where lineCount >= 0 {
                let first = ModalLayout(firstLinesOf: modal, options: options, lineCount: lineCount)
                let label = "\(modal.message.prefix(12)) at \(width), \(lineCount) lines"
                // Complete when the message fits, and also when the format's own line limit is that short.
                if whole.bodyLineCount <= lineCount { expect(first.isComplete, "\(label)") }
                if !first.isComplete { expect(whole.bodyLineCount > lineCount, "\(label)") }
                let kept = first.isComplete ? whole.bodyLineCount : lineCount
                expectEqual(first.bodyLineCount, kept, "\(label)")
                if first.isComplete { expectEqual(first.size, whole.size, "\(label)") }
                let same = first.bodyLines(in: 0..<kept) == whole.bodyLines(in: 0..<kept)
                expect(same, "\(label): the lines differ")
                expectEqual(first.buttonPlacements, whole.buttonPlacements, "\(label)")
                expectEqual(first.direction, whole.direction, "\(label)")
                expectEqual(
                    first.focusables.filter { if case .button = $0.kind { true } else { false } }.map(\.label),
                    whole.focusables.filter { if case .button = $0.kind { true } else { false } }.map(\.label),
                    "\(label)")
            }
        }
    }

    @Test func aCancelledLayoutStopsAndGivesNothing() {
        // 1,500 paragraphs of 60 bytes: a long message wrapped in pieces, each of which asks to go on.
        let modal = ModalHeightProbeTests.modals[4]
        let options = ModalViewOptions(width: ModalWidth(clamping: 40))
        var asked = 0
        let whole = ModalLayout.unlessCancelled(modal: modal, options: options) {
            asked += 1
            return true
        }
        let reference = ModalLayout(modal: modal, options: options)
        let same = whole == reference
        expect(same)
        let piecesAsked = asked
        expect(piecesAsked > 10, "the layout asks between its pieces")
        asked = 0
        let cancelled = ModalLayout.unlessCancelled(modal: modal, options: options) {
            asked += 1
            return asked < 3
        }
        expect(cancelled == nil)
        expect(asked <= 4, "a cancelled layout stops at once; it asked \(asked) times of \(piecesAsked)")
    }
}
