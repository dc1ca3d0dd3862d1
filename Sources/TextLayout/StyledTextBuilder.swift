import ModalModel
@_spi(Kernel) import TextKernel

extension StyledText {
    /// Resolves a modal's message and `styles` into non-overlapping spans that cover the whole message.
    ///
    /// Styles apply in array order and a later style overrides only the attributes it sets. Ranges are read
    /// leniently, so a modal that did not validate still resolves: a range is clipped to the message, a boundary
    /// inside a surrogate pair moves down to the pair's start, and a range left empty is ignored. Adjacent spans
    /// with equal styles are merged. Costs O(n + k log k) for k styles.
    package init(modal: Modal) {
        let message = modal.message
        let utf16Count = UTF16Offsets.count(in: message)
        guard utf16Count > 0 else {
            self.init(text: message, spans: [])
            return
        }
        // Both ends of every range, clipped to the message, resolved in one batch.
        var offsets: [Int] = []
        offsets.reserveCapacity(2 * modal.styles.count)
        var attributes: [StyleAttributes] = []
        attributes.reserveCapacity(modal.styles.count)
        for style in modal.styles {
            let range = style.range
            let (sum, overflow) = range.utf16Offset.addingReportingOverflow(range.utf16Length)
            let end = overflow ? (range.utf16Length > 0 ? Int.max : Int.min) : sum
            offsets.append(min(max(range.utf16Offset, 0), utf16Count))
            offsets.append(min(max(end, 0), utf16Count))
            attributes.append(style.attributes.separated)
        }
        let positions = UTF16Offsets.positions(of: offsets, in: message)
        // A boundary inside a surrogate pair moves down to the pair's start.
        func boundary(_ index: Int) -> Int {
            switch positions[index] {
            case .scalarBoundary: offsets[index]
            case .insideSurrogatePair: offsets[index] - 1
            case .outOfBounds: utf16Count
            }
        }
        let ranges = modal.styles.indices.map { (start: boundary(2 * $0), end: boundary(2 * $0 + 1)) }
        self.init(
            text: message, spans: StyleResolver.spans(ranges: ranges, attributes: attributes, utf16Count: utf16Count))
    }
}

/// Resolves overlapping styled ranges into spans with a sweep over the range boundaries.
///
/// For each attribute the winner over a stretch of text is the latest style (highest index) that covers the
/// stretch and sets the attribute. One max-heap of style indices per attribute holds the styles that have started;
/// those that have already ended are dropped lazily when they reach the top. Each style enters and leaves each
/// heap at most once, so the sweep costs O(k log k) plus O(1) per boundary.
private enum StyleResolver {
    /// The attributes of `StyleAttributes`, each resolved on its own (in their separated form, `font_style` sets
    /// bold and italic together, so the two are one attribute here).
    private static let attributeCount = 7

    static func spans(
        ranges: [(start: Int, end: Int)], attributes: [StyleAttributes], utf16Count: Int
    ) -> [StyledSpan] {
        let live = ranges.indices.filter { ranges[$0].start < ranges[$0].end }
        let byStart = live.sorted { ranges[$0].start < ranges[$1].start }
        let byEnd = live.sorted { ranges[$0].end < ranges[$1].end }
        var heaps = [MaxHeap](repeating: MaxHeap(), count: attributeCount)
        var isActive = [Bool](repeating: false, count: ranges.count)
        var spans: [StyledSpan] = []
        var nextStart = 0
        var nextEnd = 0
        var position = 0
        while position < utf16Count {
            while nextEnd < byEnd.count && ranges[byEnd[nextEnd]].end <= position {
                isActive[byEnd[nextEnd]] = false
                nextEnd += 1
            }
            while nextStart < byStart.count && ranges[byStart[nextStart]].start <= position {
                let index = byStart[nextStart]
                nextStart += 1
                guard ranges[index].end > position else { continue }
                isActive[index] = true
                let style = attributes[index]
                for attribute in 0..<attributeCount where isSet(attribute, in: style) { heaps[attribute].push(index) }
            }
            var boundary = utf16Count
            if nextStart < byStart.count { boundary = min(boundary, ranges[byStart[nextStart]].start) }
            if nextEnd < byEnd.count { boundary = min(boundary, ranges[byEnd[nextEnd]].end) }

            var resolvedAttributes = StyleAttributes.plain
            var linkStyleIndex: Int?
            for attribute in 0..<attributeCount {
                while let top = heaps[attribute].top, !isActive[top] { heaps[attribute].pop() }
                if let winner = heaps[attribute].top {
                    copy(attribute, from: attributes[winner], into: &resolvedAttributes)
                    if attribute == attributeCount - 1 { linkStyleIndex = winner }
                }
            }
            let resolved = TextStyle(resolvedAttributes, linkStyleIndex: linkStyleIndex)
            if let last = spans.last, last.style == resolved {
                spans[spans.count - 1].range.utf16Length = boundary - last.range.utf16Offset
            } else {
                spans.append(
                    StyledSpan(
                        range: UTF16Range(utf16Offset: position, utf16Length: boundary - position), style: resolved))
            }
            position = boundary
        }
        return spans
    }

    private static func isSet(_ attribute: Int, in style: StyleAttributes) -> Bool {
        switch attribute {
        case 0: style.fontStyle != nil
        case 1: style.underline != nil
        case 2: style.strikethrough != nil
        case 3: style.color != nil
        case 4: style.backgroundColor != nil
        case 5: style.fontSize != nil
        default: style.link != nil
        }
    }

    private static func copy(_ attribute: Int, from winner: StyleAttributes, into style: inout StyleAttributes) {
        switch attribute {
        case 0: style.fontStyle = winner.fontStyle
        case 1: style.underline = winner.underline
        case 2: style.strikethrough = winner.strikethrough
        case 3: style.color = winner.color
        case 4: style.backgroundColor = winner.backgroundColor
        case 5: style.fontSize = winner.fontSize
        default: style.link = winner.link
        }
    }
}

/// A binary max-heap of style indices.
private struct MaxHeap {
    private var items: [Int] = []

    var top: Int? { items.first }

    mutating func push(_ item: Int) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[parent] < items[child] else { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    mutating func pop() {
        guard items.count > 1 else {
            items.removeAll()
            return
        }
        items[0] = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < items.count && items[left] > items[largest] { largest = left }
            if right < items.count && items[right] > items[largest] { largest = right }
            if largest == parent { return }
            items.swapAt(parent, largest)
            parent = largest
        }
    }
}
