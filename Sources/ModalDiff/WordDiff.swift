/// A word of a message: a maximal stretch without white space, and where it lies in UTF-16 units.
public struct MessageWord: Sendable, Equatable {
    /// The word's text.
    public var text: Substring
    /// The offset of its first unit in the message.
    public var utf16Offset: Int
    /// Its length.
    public var utf16Length: Int

    /// Where the word ends in the message.
    public var utf16End: Int { utf16Offset + utf16Length }

    /// The words of `message`, in order; white space only separates them.
    public static func words(of message: String) -> [MessageWord] {
        var words: [MessageWord] = []
        var offset = 0
        var start: String.Index?
        var startOffset = 0
        let scalars = message.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                if let begun = start {
                    words.append(
                        MessageWord(
                            text: message[begun..<index], utf16Offset: startOffset, utf16Length: offset - startOffset))
                    start = nil
                }
            } else if start == nil {
                start = index
                startOffset = offset
            }
            offset += UTF16.width(scalar)
            index = scalars.index(after: index)
        }
        if let begun = start {
            words.append(
                MessageWord(
                    text: message[begun..<message.endIndex], utf16Offset: startOffset,
                    utf16Length: offset - startOffset))
        }
        return words
    }
}

/// The word-level difference of two sequences: which elements each side keeps in common, in order.
///
/// Common ends are matched first, then Myers' O((N+M)·D) search runs over the middle with at most
/// `maxEdits` insertions and deletions. Past that bound the middle is reported whole, every old word removed and
/// every new one added (`isCoarse`), so that two unrelated 2 MB messages cost linear time, not quadratic.
public struct WordMatching: Sendable, Equatable {
    /// Pairs of (old index, new index) of elements kept, increasing on both sides.
    public var matches: [(old: Int, new: Int)]
    /// Whether the bound was passed and part of the result is one coarse replacement.
    public var isCoarse: Bool

    /// The most insertions plus deletions searched for before the middle is reported whole.
    public static let defaultMaxEdits = 1_000

    public static func == (lhs: WordMatching, rhs: WordMatching) -> Bool {
        lhs.isCoarse == rhs.isCoarse && lhs.matches.elementsEqual(rhs.matches) { $0 == $1 }
    }

    /// Matches `old` against `new`.
    public static func matching<Element: Equatable>(
        _ old: [Element], _ new: [Element], maxEdits: Int = defaultMaxEdits
    ) -> WordMatching {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var matches: [(old: Int, new: Int)] = (0..<prefix).map { ($0, $0) }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        var isCoarse = false
        if !oldMiddle.isEmpty, !newMiddle.isEmpty {
            if let middle = myers(old[oldMiddle], new[newMiddle], maxEdits: maxEdits) {
                matches += middle.map { ($0.old + prefix, $0.new + prefix) }
            } else {
                isCoarse = true
            }
        }
        for index in 0..<suffix { matches.append((old.count - suffix + index, new.count - suffix + index)) }
        return WordMatching(matches: matches, isCoarse: isCoarse)
    }

    /// Myers' greedy search for a shortest edit script; nil when it needs more than `maxEdits` edits.
    ///
    /// Each round's frontier is kept for the way back, so memory grows as D² and stays small under the bound.
    private static func myers<Element: Equatable>(
        _ oldSlice: ArraySlice<Element>, _ newSlice: ArraySlice<Element>, maxEdits: Int
    ) -> [(old: Int, new: Int)]? {
        let old = Array(oldSlice)
        let new = Array(newSlice)
        let n = old.count
        let m = new.count
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        search: for edits in 0...limit {
            // Round `edits` reads only diagonals -edits-1 ... edits+1.
            trace.append(Array(frontier[(offset - edits - 1)...(offset + edits + 1)]))
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                var x: Int
                if diagonal == -edits
                    || (diagonal != edits && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
                {
                    x = frontier[offset + diagonal + 1]
                } else {
                    x = frontier[offset + diagonal - 1] + 1
                }
                var y = x - diagonal
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + diagonal] = x
                if x >= n, y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else { return nil }
        var matches: [(old: Int, new: Int)] = []
        var x = n
        var y = m
        for edits in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[edits]
            func previous(_ diagonal: Int) -> Int { saved[diagonal + edits + 1] }
            let diagonal = x - y
            let previousDiagonal: Int
            if diagonal == -edits || (diagonal != edits && previous(diagonal - 1) < previous(diagonal + 1)) {
                previousDiagonal = diagonal + 1
            } else {
                previousDiagonal = diagonal - 1
            }
            let previousX = edits == 0 ? 0 : previous(previousDiagonal)
            let previousY = previousX - previousDiagonal
            let snakeStartX = edits == 0 ? 0 : (previousDiagonal == diagonal + 1 ? previousX : previousX + 1)
            while x > snakeStartX, y > snakeStartX - diagonal {
                x -= 1
                y -= 1
                matches.append((x, y))
            }
            x = edits == 0 ? 0 : previousX
            y = edits == 0 ? 0 : previousY
        }
        return matches.reversed()
    }
}
