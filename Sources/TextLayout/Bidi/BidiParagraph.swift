/// The embedding levels of one paragraph, resolved by the Unicode Bidirectional Algorithm (UAX #9, Unicode 15.0)
/// rules P2–P3, X1–X10, W1–W7, N0–N2 and I1–I2.
///
/// The input is one Bidi_Class per character (a character is whatever the caller counts: scalars for text, class
/// names for BidiTest.txt) and, optionally, the paired-bracket key of each character (BD14–BD16). The characters
/// that rule X9 removes (embeddings, overrides, PDF, BN) still get a level, the one of the character before them
/// (or the paragraph level at the start), so that they stay inside the runs around them when a line is reordered.
struct BidiParagraph {
    /// The paragraph embedding level: 0 left to right, 1 right to left.
    private(set) var paragraphLevel: UInt8
    /// The resolved level of every character.
    private(set) var levels: [UInt8]

    /// The deepest embedding level (BD2).
    static let maxDepth: UInt8 = 125
    /// The deepest nesting of bracket pairs that BD16 follows.
    static let maxBracketDepth = 63

    /// Resolves `classes`. `bracketKeys` is empty or holds one entry per character: 0 for none, the pair key for
    /// an opening bracket, its negation for a closing one. `paragraphLevel` nil applies P2–P3 (first strong
    /// character, left to right when there is none); 0 or 1 forces the direction (rule HL1).
    init(classes: [BidiClass], bracketKeys: [Int32] = [], paragraphLevel: UInt8?) {
        var resolver = BidiResolver(classes: classes, bracketKeys: bracketKeys)
        let level = paragraphLevel ?? resolver.firstStrongLevel(from: 0, to: classes.count) ?? 0
        resolver.resolve(paragraphLevel: level)
        self.paragraphLevel = level
        self.levels = resolver.levels
    }

    /// Whether rule X9 removes characters of this class (they take no part in W1–I2 or in conformance orders).
    @inline(__always)
    static func isRemovedByX9(_ bidiClass: BidiClass) -> Bool {
        switch bidiClass {
        case .LRE, .RLE, .LRO, .RLO, .PDF, .BN: return true
        default: return false
        }
    }
}

/// The working state of one paragraph's resolution.
private struct BidiResolver {
    let classes: [BidiClass]
    let bracketKeys: [Int32]
    /// The current types, rewritten rule by rule.
    var types: [BidiClass]
    var levels: [UInt8]
    /// For an isolate initiator, the index of its matching PDI (BD9), or `count` when it has none.
    var matchingPDI: [Int]
    /// For a PDI, whether it matches an isolate initiator.
    var isMatchedPDI: [Bool]
    let count: Int
    /// Whether no character is an embedding, override, isolate, PDF or BN: every character then has the
    /// paragraph level after X1–X8, and the paragraph is one isolating run sequence.
    let isFlat: Bool

    init(classes: [BidiClass], bracketKeys: [Int32]) {
        self.classes = classes
        self.bracketKeys = bracketKeys.count == classes.count ? bracketKeys : []
        types = classes
        count = classes.count
        levels = [UInt8](repeating: 0, count: classes.count)
        isFlat = !classes.contains {
            switch $0 {
            case .LRE, .RLE, .LRO, .RLO, .PDF, .LRI, .RLI, .FSI, .PDI, .BN: return true
            default: return false
            }
        }
        let hasIsolates = !isFlat && classes.contains { $0 == .LRI || $0 == .RLI || $0 == .FSI || $0 == .PDI }
        // Without isolates nothing reads these, so most paragraphs skip allocating them.
        matchingPDI = hasIsolates ? [Int](repeating: classes.count, count: classes.count) : []
        isMatchedPDI = hasIsolates ? [Bool](repeating: false, count: classes.count) : []
        var openIsolates: [Int] = []
        if !hasIsolates { return }
        for index in 0..<classes.count {
            switch classes[index] {
            case .LRI, .RLI, .FSI: openIsolates.append(index)
            case .PDI:
                if let initiator = openIsolates.popLast() {
                    matchingPDI[initiator] = index
                    isMatchedPDI[index] = true
                }
            default: break
            }
        }
    }

    /// P2–P3 over `start..<end`. An isolate is passed over in one step to its matching PDI (BD9), so the
    /// rule never sees isolated text and nested FSIs cost no more than one pass.
    func firstStrongLevel(from start: Int, to end: Int) -> UInt8? {
        var scan = FirstStrongCharacter()
        var index = start
        while index < end {
            switch classes[index] {
            case .LRI, .RLI, .FSI: index = matchingPDI[index]
            case let bidiClass: if let level = scan.level(taking: bidiClass) { return level }
            }
            index += 1
        }
        return nil
    }

    mutating func resolve(paragraphLevel: UInt8) {
        if count == 0 { return }
        if isFlat {
            // X1–X10 give what they would: the paragraph level everywhere, one sequence with its direction at
            // both edges. Most paragraphs with right-to-left text are so, and skip building runs of indices.
            if paragraphLevel != 0 { levels = [UInt8](repeating: paragraphLevel, count: count) }
            let edge: BidiClass = paragraphLevel & 1 == 1 ? .R : .L
            resolve(Sequence(indices: 0..<count, level: paragraphLevel, sos: edge, eos: edge))
            return
        }
        resolveExplicit(paragraphLevel)
        for sequence in isolatingRunSequences(paragraphLevel) { resolve(sequence) }
        // Removed characters join the character before them.
        var previous = paragraphLevel
        for index in 0..<count {
            if BidiParagraph.isRemovedByX9(classes[index]) {
                levels[index] = previous
            } else {
                previous = levels[index]
            }
        }
    }

    /// W1–I2 over one isolating run sequence.
    private mutating func resolve<Indices>(_ sequence: Sequence<Indices>) {
        resolveWeak(sequence)
        resolveBrackets(sequence)
        resolveNeutrals(sequence)
        resolveImplicit(sequence)
    }

    // MARK: - X1–X8

    private struct StackEntry {
        var level: UInt8
        /// L or R under an override, ON for none.
        var override: BidiClass
        var isIsolate: Bool
    }

    private mutating func resolveExplicit(_ paragraphLevel: UInt8) {
        var stack: [StackEntry] = [StackEntry(level: paragraphLevel, override: .ON, isIsolate: false)]
        stack.reserveCapacity(Int(BidiParagraph.maxDepth) + 2)
        var overflowIsolates = 0
        var overflowEmbeddings = 0
        var validIsolates = 0
        for index in 0..<count {
            let bidiClass = classes[index]
            switch bidiClass {
            case .RLE, .LRE, .RLO, .LRO:
                let top = stack[stack.count - 1]
                levels[index] = top.level
                let newLevel = bidiClass == .RLE || bidiClass == .RLO ? (top.level + 1) | 1 : (top.level + 2) & ~1
                if newLevel <= BidiParagraph.maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    let override: BidiClass = bidiClass == .RLO ? .R : bidiClass == .LRO ? .L : .ON
                    stack.append(StackEntry(level: newLevel, override: override, isIsolate: false))
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .RLI, .LRI, .FSI:
                let top = stack[stack.count - 1]
                levels[index] = top.level
                if top.override != .ON { types[index] = top.override }
                var isRightToLeft = bidiClass == .RLI
                if bidiClass == .FSI {
                    isRightToLeft = firstStrongLevel(from: index + 1, to: matchingPDI[index]) == 1
                }
                let newLevel = isRightToLeft ? (top.level + 1) | 1 : (top.level + 2) & ~1
                if newLevel <= BidiParagraph.maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    validIsolates += 1
                    stack.append(StackEntry(level: newLevel, override: .ON, isIsolate: true))
                } else {
                    overflowIsolates += 1
                }
            case .PDI:
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isIsolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
                let top = stack[stack.count - 1]
                levels[index] = top.level
                if top.override != .ON { types[index] = top.override }
            case .PDF:
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !stack[stack.count - 1].isIsolate && stack.count >= 2 {
                    stack.removeLast()
                }
                levels[index] = stack[stack.count - 1].level
            case .B:
                levels[index] = paragraphLevel
            case .BN:
                levels[index] = stack[stack.count - 1].level
            default:
                let top = stack[stack.count - 1]
                levels[index] = top.level
                if top.override != .ON { types[index] = top.override }
            }
        }
    }

    // MARK: - X9–X10

    /// One isolating run sequence (BD13): its characters in order (positions 0 to count - 1), its level and
    /// the types at its edges. Generic so that a sequence of the whole paragraph is a range, read without an
    /// array of indices.
    struct Sequence<Indices: RandomAccessCollection> where Indices.Element == Int, Indices.Index == Int {
        var indices: Indices
        var level: UInt8
        var sos: BidiClass
        var eos: BidiClass
    }

    private func isolatingRunSequences(_ paragraphLevel: UInt8) -> [Sequence<[Int]>] {
        // Level runs over the characters that X9 keeps.
        var runs: [[Int]] = []
        // The level run that a matched PDI starts, by character index (-1 elsewhere); empty without isolates.
        var runOfPDI = isMatchedPDI.isEmpty ? [] : [Int](repeating: -1, count: count)
        var current: [Int] = []
        var currentLevel: UInt8 = 0
        for index in 0..<count where !BidiParagraph.isRemovedByX9(classes[index]) {
            if !current.isEmpty && levels[index] != currentLevel {
                runs.append(current)
                current = []
            }
            if current.isEmpty {
                currentLevel = levels[index]
                if classes[index] == .PDI && isMatchedPDI[index] { runOfPDI[index] = runs.count }
            }
            current.append(index)
        }
        if !current.isEmpty { runs.append(current) }

        var sequences: [Sequence<[Int]>] = []
        for run in runs {
            let first = run[0]
            if !runOfPDI.isEmpty && runOfPDI[first] >= 0 {
                // Continues the sequence of its isolate initiator.
                continue
            }
            var indices = run
            while true {
                let last = indices[indices.count - 1]
                let lastClass = classes[last]
                guard lastClass == .LRI || lastClass == .RLI || lastClass == .FSI, matchingPDI[last] < count,
                    runOfPDI[matchingPDI[last]] >= 0
                else { break }
                indices.append(contentsOf: runs[runOfPDI[matchingPDI[last]]])
            }
            let level = levels[first]
            var before = paragraphLevel
            var scan = first - 1
            while scan >= 0 {
                if !BidiParagraph.isRemovedByX9(classes[scan]) {
                    before = levels[scan]
                    break
                }
                scan -= 1
            }
            let last = indices[indices.count - 1]
            var after = paragraphLevel
            let lastClass = classes[last]
            if !(lastClass == .LRI || lastClass == .RLI || lastClass == .FSI) {
                scan = last + 1
                while scan < count {
                    if !BidiParagraph.isRemovedByX9(classes[scan]) {
                        after = levels[scan]
                        break
                    }
                    scan += 1
                }
            }
            sequences.append(
                Sequence(
                    indices: indices, level: level, sos: max(level, before) & 1 == 1 ? .R : .L,
                    eos: max(level, after) & 1 == 1 ? .R : .L))
        }
        return sequences
    }

    // MARK: - W1–W7

    private mutating func resolveWeak<Indices>(_ sequence: Sequence<Indices>) {
        let indices = sequence.indices
        let n = indices.count
        // W1
        var previousType = sequence.sos
        var previousWasIsolateControl = false
        for position in 0..<n {
            let index = indices[position]
            if types[index] == .NSM {
                types[index] = previousWasIsolateControl ? .ON : previousType
            }
            let bidiClass = classes[index]
            previousWasIsolateControl =
                bidiClass == .LRI || bidiClass == .RLI || bidiClass == .FSI || bidiClass == .PDI
            previousType = types[index]
        }
        // W2, W3
        var lastStrong = sequence.sos
        for index in indices {
            switch types[index] {
            case .L, .R: lastStrong = types[index]
            case .AL:
                lastStrong = .AL
                types[index] = .R
            case .EN: if lastStrong == .AL { types[index] = .AN }
            default: break
            }
        }
        // W4
        if n >= 3 {
            for position in 1..<(n - 1) {
                let index = indices[position]
                let type = types[index]
                guard type == .ES || type == .CS else { continue }
                let before = types[indices[position - 1]]
                let after = types[indices[position + 1]]
                if before == .EN && after == .EN {
                    types[index] = .EN
                } else if type == .CS && before == .AN && after == .AN {
                    types[index] = .AN
                }
            }
        }
        // W5
        var position = 0
        while position < n {
            guard types[indices[position]] == .ET else {
                position += 1
                continue
            }
            var end = position
            while end < n && types[indices[end]] == .ET { end += 1 }
            let touchesNumber =
                (position > 0 && types[indices[position - 1]] == .EN) || (end < n && types[indices[end]] == .EN)
            if touchesNumber {
                for inner in position..<end { types[indices[inner]] = .EN }
            }
            position = end
        }
        // W6, W7
        lastStrong = sequence.sos
        for index in indices {
            switch types[index] {
            case .ES, .ET, .CS: types[index] = .ON
            case .L, .R: lastStrong = types[index]
            case .EN: if lastStrong == .L { types[index] = .L }
            default: break
            }
        }
    }

    // MARK: - N0

    /// L for L; R for R, EN and AN (the strong direction that N0 and N1 see); nil otherwise.
    @inline(__always)
    private func strongDirection(_ type: BidiClass) -> BidiClass? {
        switch type {
        case .L: return .L
        case .R, .AL, .EN, .AN: return .R
        default: return nil
        }
    }

    private mutating func resolveBrackets<Indices>(_ sequence: Sequence<Indices>) {
        if bracketKeys.isEmpty { return }
        let indices = sequence.indices
        // BD16
        var openers: [(key: Int32, position: Int)] = []
        var pairs: [(open: Int, close: Int)] = []
        scan: for position in 0..<indices.count {
            let index = indices[position]
            let key = bracketKeys[index]
            if key == 0 || types[index] != .ON { continue }
            if key > 0 {
                if openers.count == BidiParagraph.maxBracketDepth { break scan }
                openers.append((key, position))
            } else {
                var depth = openers.count - 1
                while depth >= 0 {
                    if openers[depth].key == -key {
                        pairs.append((openers[depth].position, position))
                        openers.removeSubrange(depth...)
                        break
                    }
                    depth -= 1
                }
            }
        }
        if pairs.isEmpty { return }
        pairs.sort { $0.open < $1.open }
        let embedding: BidiClass = sequence.level & 1 == 1 ? .R : .L
        for pair in pairs {
            var foundEmbedding = false
            var foundOpposite = false
            for position in (pair.open + 1)..<pair.close {
                guard let direction = strongDirection(types[indices[position]]) else { continue }
                if direction == embedding {
                    foundEmbedding = true
                    break
                }
                foundOpposite = true
            }
            var resolved: BidiClass? = nil
            if foundEmbedding {
                resolved = embedding
            } else if foundOpposite {
                var context = sequence.sos
                var position = pair.open - 1
                while position >= 0 {
                    if let direction = strongDirection(types[indices[position]]) {
                        context = direction
                        break
                    }
                    position -= 1
                }
                resolved = context != embedding ? context : embedding
            }
            guard let resolved else { continue }
            for bracket in [pair.open, pair.close] {
                types[indices[bracket]] = resolved
                // Marks that followed the bracket (NSM before W1) take its new type too.
                var next = bracket + 1
                while next < indices.count && classes[indices[next]] == .NSM {
                    types[indices[next]] = resolved
                    next += 1
                }
            }
        }
    }

    // MARK: - N1–N2

    @inline(__always)
    private func isNeutralOrIsolate(_ type: BidiClass) -> Bool {
        switch type {
        case .B, .S, .WS, .ON, .LRI, .RLI, .FSI, .PDI: return true
        default: return false
        }
    }

    private mutating func resolveNeutrals<Indices>(_ sequence: Sequence<Indices>) {
        let indices = sequence.indices
        let n = indices.count
        let embedding: BidiClass = sequence.level & 1 == 1 ? .R : .L
        var position = 0
        while position < n {
            guard isNeutralOrIsolate(types[indices[position]]) else {
                position += 1
                continue
            }
            var end = position
            while end < n && isNeutralOrIsolate(types[indices[end]]) { end += 1 }
            let before = position > 0 ? strongDirection(types[indices[position - 1]]) ?? embedding : sequence.sos
            let after = end < n ? strongDirection(types[indices[end]]) ?? embedding : sequence.eos
            let resolved = before == after ? before : embedding
            for inner in position..<end { types[indices[inner]] = resolved }
            position = end
        }
    }

    // MARK: - I1–I2

    private mutating func resolveImplicit<Indices>(_ sequence: Sequence<Indices>) {
        for index in sequence.indices {
            let level = levels[index]
            switch types[index] {
            case .L: if level & 1 == 1 { levels[index] = level + 1 }
            case .R: if level & 1 == 0 { levels[index] = level + 1 }
            case .EN, .AN: levels[index] = level & 1 == 0 ? level + 2 : level + 1
            default: break
            }
        }
    }
}

extension BidiParagraph {
    /// Resolves the levels of a paragraph of scalars, with classes and bracket pairs from the Unicode tables.
    init(scalars: some Collection<Unicode.Scalar>, paragraphLevel: UInt8?) {
        let table = BidiPropertyTable.shared
        var classes: [BidiClass] = []
        classes.reserveCapacity(scalars.count)
        var bracketKeys: [Int32] = []
        for scalar in scalars {
            let properties = table.properties(scalarValue: scalar.value)
            classes.append(properties.bidiClass)
            if properties.isOpeningBracket || properties.isClosingBracket, let key = table.bracketPairKey(scalar.value)
            {
                if bracketKeys.isEmpty { bracketKeys = [Int32](repeating: 0, count: scalars.count) }
                bracketKeys[classes.count - 1] = properties.isOpeningBracket ? Int32(key) : -Int32(key)
            }
        }
        self.init(classes: classes, bracketKeys: bracketKeys, paragraphLevel: paragraphLevel)
    }
}
