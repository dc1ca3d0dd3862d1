import Dispatch
import ModalModel
@_spi(Kernel) import TextKernel

extension WrapPieces {
    /// Counts the lines `wrap` hands over for `text` from its start, with `options` whose direction is
    /// already forced, reporting each piece's checkpoint to `pieceStarted` in order.
    ///
    /// Pieces are independent (see the type's comment), so without a line limit a long text's pieces are
    /// counted at once on all cores and the counts summed; with one, they are counted in order until it cuts
    /// the text. A piece owns all the lines wrapping it makes but the empty one after its closing separator,
    /// unless it is the last or was cut.
    static func countLines(
        _ text: StyledText, options: WrapOptions, spans: [StyledSpan], pieceUTF8Count: Int,
        sizes: WrappedText.Sizes, pieceStarted: ((WrappedText.Checkpoint) -> Void)?
    ) -> Int {
        let pieces = cut(text.text, spans: spans, pieceUTF8Count: pieceUTF8Count)
        let lastIndex = pieces.count - 1
        @Sendable func owned(_ index: Int, options: WrapOptions) -> (lines: Int, wasCut: Bool) {
            let piece = pieces[index]
            var made = 0
            let wasCut: Bool
            if piece.utf8.count > sizes.windowedPieceUTF8Count {
                var message = text.text
                wasCut = message.withUTF8 { bytes in
                    wrapWindowed(
                        UnsafeBufferPointer(rebasing: bytes[piece.utf8]), spans: piece.spans, options: options,
                        sizes: sizes, countsOnly: true, eachLine: { _ in made += 1 })
                }
            } else {
                let counted = StyledText(text: text.text.slice(utf8: piece.utf8), spans: piece.spans)
                    .countLinesWhole(options: options)
                (made, wasCut) = (counted.lineCount, counted.wasCut)
            }
            return (max(0, made - 1) + (made > 0 && (wasCut || index == lastIndex) ? 1 : 0), wasCut)
        }
        var counts = [Int](repeating: 0, count: pieces.count)
        if options.maxLines == nil && pieces.count > 1 && text.text.utf8.count >= sizes.parallelCountUTF8Count {
            let slots = CountSlots(count: pieces.count)
            DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
                slots.store(owned(index, options: options).lines, at: index)
            }
            counts = slots.counts()
        } else {
            var linesLeft = options.maxLines
            var pieceOptions = options
            for index in pieces.indices {
                pieceOptions.maxLines = linesLeft
                let (lines, wasCut) = owned(index, options: pieceOptions)
                counts[index] = lines
                if wasCut {
                    counts.removeSubrange((index + 1)...)
                    break
                }
                if let left = linesLeft { linesLeft = left - lines }
            }
        }
        var lineIndex = 0
        for (index, lines) in counts.enumerated() {
            let piece = pieces[index]
            pieceStarted?(
                WrappedText.Checkpoint(
                    utf8Offset: piece.utf8.lowerBound, utf16Offset: piece.utf16Start, lineIndex: lineIndex))
            lineIndex += lines
        }
        return lineIndex
    }
}

extension WrapPieces {
    /// `text` cut into pieces of at least `pieceUTF8Count` bytes, as `wrap` cuts it: each piece's UTF-8
    /// range, where its UTF-16 units start, and the partition `spans` cut to it.
    fileprivate static func cut(_ text: String, spans: [StyledSpan], pieceUTF8Count: Int) -> [(
        utf8: Range<Int>, utf16Start: Int, spans: [StyledSpan]
    )] {
        var pieces: [(utf8: Range<Int>, utf16Start: Int, spans: [StyledSpan])] = []
        var message = text
        message.withUTF8 { bytes in
            var start = 0
            var startUTF16 = 0
            var spanCursor = 0
            while start < bytes.count {
                let end = pieceEnd(in: bytes, from: start, atLeast: max(1, pieceUTF8Count))
                let utf16Count = UTF16Offsets.count(inUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                pieces.append(
                    (start..<end, startUTF16, slice(spans, from: startUTF16, count: utf16Count, cursor: &spanCursor)))
                start = end
                startUTF16 += utf16Count
            }
        }
        return pieces
    }
}

/// Per-piece line counts written by the threads of `countLines`, each slot by one thread only.
private final class CountSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Int>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: 0)
    }

    deinit { slots.deallocate() }

    func store(_ count: Int, at index: Int) { slots[index] = count }

    func counts() -> [Int] { Array(slots) }
}

extension String {
    /// The text of the UTF-8 offsets `range`, which fall on scalar boundaries: slicing keeps the bytes known
    /// to be UTF-8, where `String(decoding:)` would check them again.
    func slice(utf8 range: Range<Int>) -> String {
        let utf8 = self.utf8
        return String(
            self[
                utf8.index(
                    utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                        utf8.startIndex, offsetBy: range.upperBound)])
    }
}
