import ModalModel

/// The style spans of a `StyledText` as wrapping needs them: a sorted partition of the whole text.
struct WrapSpans {
    /// Sorted, non-empty, contiguous spans covering `0..<utf16Count`.
    let spans: [StyledSpan]
    /// For each span, the index of the first span of its run of equal adjacent styles; segments merge across it.
    let styleGroups: [Int]
    /// The span used by the last lookup, where the next lookup starts.
    private var cursor = 0

    /// Normalises `spans` over a text of `utf16Count` units (at least 1).
    ///
    /// Spans from `StyledText(modal:)` already form a partition and pass through unchanged. Anything else
    /// (unsorted, overlapping, gaps, out of range) is clipped and sorted; an earlier span keeps the units it
    /// shares with a later one, and gaps get the default style, so layout never depends on the input being tidy.
    init(_ spans: [StyledSpan], utf16Count: Int) {
        let partition = Self.isPartition(spans, utf16Count: utf16Count) ? spans : Self.partition(spans, utf16Count)
        self.spans = partition
        var groups = [Int](repeating: 0, count: partition.count)
        for index in partition.indices.dropFirst() {
            groups[index] = partition[index].style == partition[index - 1].style ? groups[index - 1] : index
        }
        styleGroups = groups
    }

    /// The index of the span holding the UTF-16 offset (offsets past the end fall into the last span).
    @inline(__always)
    mutating func index(at utf16Offset: Int) -> Int {
        while cursor + 1 < spans.count && spans[cursor].range.utf16End <= utf16Offset { cursor += 1 }
        while cursor > 0 && spans[cursor].range.utf16Offset > utf16Offset { cursor -= 1 }
        return cursor
    }

    private static func isPartition(_ spans: [StyledSpan], utf16Count: Int) -> Bool {
        var expected = 0
        for span in spans {
            guard span.range.utf16Offset == expected, span.range.utf16Length > 0 else { return false }
            expected = span.range.utf16End
        }
        return expected == utf16Count
    }

    private static func partition(_ spans: [StyledSpan], _ utf16Count: Int) -> [StyledSpan] {
        var clipped: [(start: Int, end: Int, order: Int)] = []
        for (order, span) in spans.enumerated() {
            let start = min(max(span.range.utf16Offset, 0), utf16Count)
            let (sum, overflow) = span.range.utf16Offset.addingReportingOverflow(span.range.utf16Length)
            let end = overflow ? (span.range.utf16Length > 0 ? utf16Count : 0) : min(max(sum, 0), utf16Count)
            if start < end { clipped.append((start, end, order)) }
        }
        clipped.sort { ($0.start, $0.order) < ($1.start, $1.order) }
        var result: [StyledSpan] = []
        var covered = 0
        for piece in clipped {
            let start = max(piece.start, covered)
            guard start < piece.end else { continue }
            if start > covered {
                result.append(
                    StyledSpan(
                        range: UTF16Range(utf16Offset: covered, utf16Length: start - covered), style: TextStyle()))
            }
            result.append(
                StyledSpan(
                    range: UTF16Range(utf16Offset: start, utf16Length: piece.end - start),
                    style: spans[piece.order].style))
            covered = piece.end
        }
        if covered < utf16Count {
            result.append(
                StyledSpan(
                    range: UTF16Range(utf16Offset: covered, utf16Length: utf16Count - covered), style: TextStyle()))
        }
        return result
    }
}
