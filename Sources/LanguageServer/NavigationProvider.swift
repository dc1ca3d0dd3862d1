/// Answers `textDocument/definition`, `textDocument/documentHighlight` and `textDocument/references` between
/// styles and their words: from an `apply_to` to the characters of `msg` it covers, and from a character of
/// `msg` to the styles that cover it. Every answer is a byte range of the document.
package struct NavigationProvider: Sendable {
    /// How a highlight is drawn, as the protocol numbers `DocumentHighlightKind`.
    package enum HighlightKind: Int, Sendable {
        /// The covered words.
        case text = 1
        /// A range that reads them.
        case read = 2
    }

    /// One highlighted stretch.
    package struct Highlight: Sendable, Equatable {
        /// The first byte.
        package var start: Int
        /// Just past the last byte.
        package var end: Int
        /// How it is drawn.
        package var kind: HighlightKind
    }

    /// The mapping between ranges and words.
    package let map: MessageRangeMap

    /// Creates the provider for an analysed document.
    package init(sourceMap: JSONSourceMap) { self.map = MessageRangeMap(sourceMap: sourceMap) }

    /// The characters of `msg` the range at `byteOffset` covers, or nil when the offset is not on an `apply_to`.
    package func definition(at byteOffset: Int) -> (start: Int, end: Int)? {
        guard let (range, message) = map.styleRange(at: byteOffset) else { return nil }
        return map.byteRange(utf16Offset: range.utf16Offset, utf16Length: range.utf16Length, in: message)
    }

    /// On an `apply_to`: it and the words it covers. On a character of `msg`: every style's `apply_to` that
    /// covers it, and each one's words.
    package func highlights(at byteOffset: Int) -> [Highlight] {
        let ranges: [MessageRangeMap.StyleRange]
        let message: MessageRangeMap.Message
        if let (range, found) = map.styleRange(at: byteOffset) {
            ranges = [range]
            message = found
        } else if let (found, utf16Offset, utf16End) = map.character(at: byteOffset) {
            ranges = map.styles(covering: utf16Offset, to: utf16End, in: found)
            message = found
        } else {
            return []
        }
        var highlights: [Highlight] = []
        let words = map.byteRanges(ranges.map { ($0.utf16Offset, $0.utf16Length) }, in: message)
        for (range, words) in zip(ranges, words) {
            highlights.append(
                Highlight(
                    start: range.applyTo.value.byteOffset, end: map.sourceMap.end(of: range.applyTo.value), kind: .read)
            )
            highlights.append(Highlight(start: words.start, end: words.end, kind: .text))
        }
        return highlights
    }

    /// On a character of `msg`: the `apply_to` of every style covering it, after the character itself when
    /// `includeDeclaration` asks for it.
    package func references(at byteOffset: Int, includeDeclaration: Bool) -> [(start: Int, end: Int)] {
        guard let (message, utf16Offset, utf16End) = map.character(at: byteOffset) else { return [] }
        var found: [(start: Int, end: Int)] = []
        if includeDeclaration, utf16End > utf16Offset {
            found.append(map.byteRange(utf16Offset: utf16Offset, utf16Length: utf16End - utf16Offset, in: message))
        }
        for range in map.styles(covering: utf16Offset, to: utf16End, in: message) {
            found.append((range.applyTo.value.byteOffset, map.sourceMap.end(of: range.applyTo.value)))
        }
        return found
    }
}
