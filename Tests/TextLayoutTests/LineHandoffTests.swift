import ModalModel
import TestSupport
import Testing

@testable import TextLayout

/// Lines made on the second thread reach the caller's all, once and in order, however many batches they fill
/// and however slowly the caller takes them.
@Suite struct LineHandoffTests {
    @Test(arguments: [0, 1, 255, 256, 257, 4 * 256, 10_000])
    func everyLineArrivesInOrder(lineCount: Int) {
        var indices: [Int] = []
        var columns: [Int] = []
        LineHandoff.run(
            produce: { emit in
                for column in 0..<lineCount {
                    emit(
                        LayoutLine(segments: [
                            LineSegment(
                                text: "x", style: TextStyle(), column: column, cellWidth: 1, sourceUTF16Offset: column,
                                sourceUTF16Length: 1)
                        ]))
                }
            }
        ) { index, line in
            indices.append(index)
            columns.append(line.segments[0].column)
            // A slow taker now and then, so that the maker fills every slot and waits.
            if index % 1_000 == 999 { for _ in 0..<20_000 { _ = indices.count } }
        }
        expectEqual(indices, Array(0..<lineCount))
        expectEqual(columns, Array(0..<lineCount))
    }

    /// A text long enough to be wrapped again on the second thread gives the lines of wrapping whole, across
    /// many batches and pieces.
    @Test func aLongTextReadInOrderGivesTheLinesOfWrappingWhole() {
        let paragraphs = (0..<1_500).map { "line \($0) שלום and more words\n" }.joined()
        let modal = Modal(message: paragraphs)
        let text = StyledText(modal: modal)
        let options = WrapOptions(modal: modal, width: 9)
        let lines = text.wrap(options: options)
        expect(lines.count > 8 * LineHandoff.batchLineCount)
        let sizes = WrappedText.Sizes(
            wholeUTF8Count: 64, inOrderPieceUTF8Count: 512, anywherePieceUTF8Count: 64, windowUTF8Count: 64,
            parallelCountUTF8Count: 1)
        let wrapped = WrappedText(text, options: options, reading: .inOrder, sizes: sizes)
        var visited: [LayoutLine] = []
        wrapped.forEachLine { index, line in
            expectEqual(index, visited.count)
            visited.append(line)
        }
        expectEqual(visited, lines)
    }
}
