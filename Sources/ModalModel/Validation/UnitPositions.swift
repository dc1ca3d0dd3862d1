@_spi(Kernel) import TextKernel

/// Where offsets counted in a unit a server may use fall in a message, and what lies around them.
///
/// No table of the whole message is built: validating a document runs this for every modal with text outside
/// ASCII and ranges, so it walks only up to the largest offset and classifies only the text around each.
enum UnitPositions {
    /// What a grapheme cluster is, for telling whether a boundary lies inside a word.
    enum ClusterKind: UInt8 {
        /// A letter, digit, mark or connector (`_`): part of a word.
        case word
        /// White space, line breaks included.
        case space
        /// Punctuation, symbols, emoji, and the CJK ideographs and kana that stand as words of their own.
        case other
    }

    /// Where one offset falls.
    struct Position: Equatable {
        /// The UTF-16 offset of the position; nil past the end or inside a scalar's encoding.
        var utf16Offset: Int?
        /// Whether a grapheme cluster starts (or the text ends) there.
        var isClusterBoundary = false
        /// The kinds of the clusters before and after; nil at the ends of the text or inside a cluster.
        var before: ClusterKind?
        var after: ClusterKind?

        static let invalid = Position(utf16Offset: nil)
    }

    /// The offsets of the ends of a modal's ranges, and their order by offset: worked out once per modal and
    /// kept in temporary storage, since every reading of the ranges visits the same offsets in the same order.
    ///
    /// Validating a modal used to make about fifteen arrays to read its ranges (offsets, orders, positions and
    /// ends for each unit); with the generic metadata look-up behind each, those allocations cost more than the
    /// walks themselves.
    struct Edges {
        /// The offsets.
        var offsets: UnsafeBufferPointer<Int>
        /// The indices of the offsets that are not negative, by increasing offset.
        var order: UnsafeBufferPointer<Int>

        /// Calls `body` with `offsets` and their order in temporary storage.
        static func with<Result>(_ offsets: UnsafeBufferPointer<Int>, _ body: (Edges) -> Result) -> Result {
            withUnsafeTemporaryAllocation(of: Int.self, capacity: offsets.count) { order in
                let count = ascendingOrder(of: offsets, into: order)
                return body(Edges(offsets: offsets, order: UnsafeBufferPointer(rebasing: order[..<count])))
            }
        }
    }

    /// The position of each offset, counted in `unit`; `result[i]` is where `offsets[i]` falls.
    ///
    /// The offsets are visited in increasing order, each reached from the one before. Code points, UTF-16 and
    /// UTF-8 are counted over the UTF-8 bytes directly (the UTF-16 view of a UTF-8 string would build its
    /// breadcrumbs, a pass and an allocation, for every message); grapheme clusters over the bytes with the
    /// standard library's rules. Only the text around each position is classified.
    static func resolve(_ offsets: [Int], unit: RangeUnit, in message: String) -> [Position] {
        var contiguous = message
        return contiguous.withUTF8 { bytes in
            offsets.withUnsafeBufferPointer { offsets in
                Edges.with(offsets) { edges in
                    [Position](unsafeUninitializedCapacity: offsets.count) { result, count in
                        _ = resolve(
                            edges, unit: unit, in: bytes, uniformPrefix: uniformPrefixLength(bytes), message: message,
                            into: result, while: { _, _ in true })
                        count = offsets.count
                    }
                }
            }
        }
    }

    /// Writes the position of each of `edges`' offsets, counted in `unit`, to the same index of `result` (whose
    /// count is theirs), and says whether `accepts(i, position)` held for every one: the walk stops at the first
    /// position it refuses, with `result` only partly written, so that a reading that must be clean at every end
    /// is given up at its first bad one. `bytes` is the valid UTF-8 of `message`, whose first `uniformPrefix`
    /// bytes every unit counts alike (`uniformPrefixLength`).
    static func resolve(
        _ edges: Edges, unit: RangeUnit, in bytes: UnsafeBufferPointer<UInt8>, uniformPrefix: Int, message: String,
        into result: UnsafeMutableBufferPointer<Position>, while accepts: (Int, Position) -> Bool
    ) -> Bool {
        let offsets = edges.offsets
        result.initialize(repeating: .invalid)
        func isLead(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }
        // The last offset reached on a scalar boundary, its byte offset and its UTF-16 offset.
        var currentOffset = 0
        var currentByte = 0
        var currentUTF16Offset = 0
        offsets: for resultIndex in edges.order {
            let offset = offsets[resultIndex]
            if offset < uniformPrefix {
                // Every unit counts alike here, and an ASCII character starts a cluster of its own: no walk and
                // no grapheme look-up, which are most of the rule's cost.
                (currentOffset, currentByte, currentUTF16Offset) = (offset, offset, offset)
                result[resultIndex] = Position(
                    utf16Offset: offset, isClusterBoundary: true,
                    before: offset > 0 ? kind(of: Unicode.Scalar(bytes[offset - 1])) : nil,
                    after: kind(of: Unicode.Scalar(bytes[offset])))
                guard accepts(resultIndex, result[resultIndex]) else { return false }
                continue
            }
            if currentByte < uniformPrefix - 1 {
                // Every unit counts alike up to the last byte of the leading ASCII, where a cluster starts that
                // nothing before it joins: the walk starts there rather than at the text's start.
                let start = uniformPrefix - 1
                (currentOffset, currentByte, currentUTF16Offset) = (start, start, start)
            }
            var remaining = offset - currentOffset
            var byte = currentByte
            var utf16Units = 0
            switch unit {
            case .utf16, .codePoints:
                while remaining > 0 {
                    // Sixteen bytes a step as a vector, then eight as a word, while the offset lies beyond them
                    // (sixteen bytes hold at most seventeen UTF-16 units: fifteen ASCII and the lead of a
                    // four-byte scalar; eight at most nine): every byte but a continuation byte starts a scalar,
                    // and a four-byte lead starts two UTF-16 units.
                    while remaining >= 17 && byte + 16 <= bytes.count {
                        let block = UnsafeRawPointer(bytes.baseAddress! + byte).loadUnaligned(as: SIMD16<UInt8>.self)
                        let (continuations, fourByteLeads) = ByteLanes.scalarStarts(in: block)
                        byte += 16
                        remaining -= 16 - continuations + (unit == .utf16 ? fourByteLeads : 0)
                        utf16Units += 16 - continuations + fourByteLeads
                    }
                    while remaining >= 9 && byte + 8 <= bytes.count {
                        let word = UnsafeRawPointer(bytes.baseAddress! + byte).loadUnaligned(as: UInt64.self)
                        if ByteLanes.isASCII(word) {
                            byte += 8
                            remaining -= 8
                            utf16Units += 8
                            continue
                        }
                        let continuations = ByteLanes.countFlagged(ByteLanes.continuationLanes(word))
                        let fourByteLeads = ByteLanes.countFlagged(ByteLanes.fourByteLeadLanes(word))
                        byte += 8
                        remaining -= 8 - continuations + (unit == .utf16 ? fourByteLeads : 0)
                        utf16Units += 8 - continuations + fourByteLeads
                    }
                    // The rest of a scalar the last step began.
                    while byte < bytes.count && !isLead(bytes[byte]) { byte += 1 }
                    guard remaining > 0 else { break }
                    // Past the end: so is every later offset.
                    guard byte < bytes.count else { break offsets }
                    // The last few units at once when the next eight bytes are ASCII, one unit each.
                    if remaining <= 8 && byte + 8 <= bytes.count
                        && ByteLanes.isASCII(UnsafeRawPointer(bytes.baseAddress! + byte).loadUnaligned(as: UInt64.self))
                    {
                        byte += remaining
                        utf16Units += remaining
                        break
                    }
                    let lead = bytes[byte]
                    let width = unit == .utf16 && lead >= 0xF0 ? 2 : 1
                    if width > remaining { continue offsets }  // between the two units of a surrogate pair
                    remaining -= width
                    utf16Units += lead >= 0xF0 ? 2 : 1
                    byte += 1
                    while byte < bytes.count && !isLead(bytes[byte]) { byte += 1 }
                }
            case .utf8Bytes:
                byte += remaining
                guard byte <= bytes.count else { break offsets }
                if byte < bytes.count && !isLead(bytes[byte]) { continue offsets }  // inside a scalar
                utf16Units = UTF16Offsets.count(inUTF8: UnsafeBufferPointer(rebasing: bytes[currentByte..<byte]))
            case .graphemeClusters:
                guard let reached = clusterBoundary(remaining, clustersAfter: currentByte, in: bytes) else {
                    break offsets
                }
                byte = reached
                utf16Units = UTF16Offsets.count(inUTF8: UnsafeBufferPointer(rebasing: bytes[currentByte..<byte]))
            }
            currentUTF16Offset += utf16Units
            currentByte = byte
            currentOffset = offset
            result[resultIndex] = Position(
                atScalarBoundary: byte, utf16Offset: currentUTF16Offset, in: bytes, message: message)
            guard accepts(resultIndex, result[resultIndex]) else { return false }
        }
        // Offsets left unvisited (past the end, inside a scalar) are invalid, and must be accepted as such too.
        for (resultIndex, position) in result.enumerated() where position == .invalid {
            guard accepts(resultIndex, position) else { return false }
        }
        return true
    }

    /// Writes the indices of the offsets that are not negative to the start of `order`, by increasing offset,
    /// and gives how many there are.
    ///
    /// A modal has a few ranges, whose ends an insertion sort orders without the standard library's merge
    /// buffer and comparison calls; a modal with thousands of ranges takes the general sort.
    static func ascendingOrder(
        of offsets: UnsafeBufferPointer<Int>, into order: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        let sortsByInsertion = offsets.count <= 32
        var count = 0
        for index in offsets.indices where offsets[index] >= 0 {
            var place = count
            while sortsByInsertion && place > 0 && offsets[order[place - 1]] > offsets[index] {
                order[place] = order[place - 1]
                place -= 1
            }
            order[place] = index
            count += 1
        }
        if !sortsByInsertion {
            var sorted = UnsafeMutableBufferPointer(rebasing: order[..<count])
            sorted.sort { offsets[$0] < offsets[$1] }
        }
        return count
    }

    /// Whether a scalar stands alone under every rule of UAX #29: next to another such scalar a grapheme cluster
    /// always starts.
    ///
    /// These are the scalars that join no neighbour (`UTF16Offsets.joinsNoNeighbour`: below U+0300, CJK, kana,
    /// Greek, Cyrillic, Hebrew and Arabic letters, punctuation, the common emoji) but carriage return, which a
    /// line feed joins. `UnitPositionsTests` holds this against the standard library's clusters.
    static func standsAlone(_ value: UInt32) -> Bool {
        value != 0x0D && UTF16Offsets.joinsNoNeighbour(value)
    }

    /// The byte offset `count` grapheme clusters after `start`, a cluster boundary of valid UTF-8; nil when
    /// the text ends first.
    ///
    /// The same boundaries as `String.index(_:offsetBy:limitedBy:)`, found over the bytes with the standard
    /// library's rules only between scalars that do not both stand alone: the string's own walk made a
    /// `Character` of each cluster, and was most of what reading a modal's ranges in clusters cost.
    static func clusterBoundary(_ count: Int, clustersAfter start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var boundaries = GraphemeBoundaries()
        var clusters = 0
        var offset = start
        while offset < bytes.count {
            // Eight ASCII bytes without a carriage return after a scalar that joins nothing are eight clusters,
            // none of them the one looked for while eight or more are left to count.
            if count - clusters >= 8 && offset + 8 <= bytes.count && boundaries.breaksBeforeASCII {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
                if ByteLanes.nonASCIILanes(word) | ByteLanes.lanes(of: word, equalTo: 0x0D) == 0 {
                    boundaries.continueAfterASCII(Unicode.Scalar(UInt8(truncatingIfNeeded: word >> 56)))
                    clusters += 8
                    offset += 8
                    continue
                }
            }
            let (value, length) = ValidUTF8.scalar(in: bytes, at: offset)
            // Valid UTF-8 from a Swift string always decodes to a valid scalar.
            if boundaries.startsCluster(Unicode.Scalar(value).unsafelyUnwrapped) {
                if clusters == count { return offset }
                clusters += 1
            }
            offset += length
        }
        return clusters == count ? offset : nil
    }

    /// How many bytes `text` starts with that every unit counts alike: ASCII up to the first byte outside it or
    /// the first carriage return (which a following line feed joins into one grapheme cluster).
    ///
    /// An offset below it falls at the same place, on a cluster boundary, whatever the unit.
    static func uniformPrefixLength(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { uniformPrefixLength($0) }
    }

    static func uniformPrefixLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            if ByteLanes.nonASCIILanes(word) | ByteLanes.lanes(of: word, equalTo: 0x0D) != 0 { break }
            index += 8
        }
        while index < bytes.count && bytes[index] < 0x80 && bytes[index] != 0x0D { index += 1 }
        return index
    }

    /// Whether `text` has a character outside the Basic Multilingual Plane (a four-byte UTF-8 lead).
    static func hasAstral(_ text: String) -> Bool { containsByte(withTopBitsSet: 4, in: text) }

    /// Whether `text` is all ASCII.
    static func isASCII(_ text: String) -> Bool { !containsByte(withTopBitsSet: 1, in: text) }

    /// Whether `bytes` has a byte outside ASCII.
    static func hasNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { containsByte(withTopBitsSet: 1, in: bytes) }

    /// Whether `bytes` has a four-byte lead: a character outside the Basic Multilingual Plane.
    static func hasAstral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { containsByte(withTopBitsSet: 4, in: bytes) }

    /// Whether a byte of `text` has its top `topBits` bits set (1: outside ASCII; 4: a four-byte lead),
    /// eight bytes a step.
    @inline(__always)
    private static func containsByte(withTopBitsSet topBits: Int, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { containsByte(withTopBitsSet: topBits, in: $0) }
    }

    @inline(__always)
    private static func containsByte(withTopBitsSet topBits: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            if ByteLanes.lanes(of: word, withTopBitsSet: topBits) != 0 { return true }
            index += 8
        }
        let smallest = UInt8(truncatingIfNeeded: 0xFF00 >> topBits)
        return bytes[index...].contains { $0 >= smallest }
    }

    /// A simple approximation of UAX #29's word rules (which the standard library does not offer): letters,
    /// digits, marks and connectors make words; ideographs and kana stand alone like punctuation, since text
    /// in them has no spaces and telling their words apart takes a dictionary.
    static func kind(of scalar: Unicode.Scalar) -> ClusterKind {
        let value = scalar.value
        if value < 0x80 {
            switch UInt8(value) {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
                return .word
            case 0x09...0x0D, 0x20: return .space
            default: return .other
            }
        }
        // The commonest blocks outside ASCII without a property look-up; `UnitPositionsTests` holds them equal.
        if (0x4E00...0x9FFF).contains(value) || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value) {
            return .other
        }
        if (0xC0...0x24F).contains(value) && value != 0xD7 && value != 0xF7 { return .word }
        // Letters of the other scripts that messages are most often written in: Hangul syllables, Hebrew and
        // Arabic letters, Greek and Cyrillic (without their signs and marks).
        if (0xAC00...0xD7A3).contains(value) || (0x05D0...0x05EA).contains(value) || (0x0620...0x064A).contains(value)
            || (0x0388...0x03F5).contains(value) || (0x0400...0x0481).contains(value)
        {
            return value == 0x038B || value == 0x038D || value == 0x03A2 ? kindByCategory(of: scalar) : .word
        }
        // The emoji blocks, symbols all (their skin-tone modifiers, modifier symbols, give the same kind).
        if (0x1F300...0x1F64F).contains(value) || (0x1F680...0x1F6FF).contains(value)
            || (0x1F900...0x1F9FF).contains(value)
        {
            return .other
        }
        return kindByCategory(of: scalar)
    }

    /// `kind(of:)` from the scalar's properties.
    static func kindByCategory(of scalar: Unicode.Scalar) -> ClusterKind {
        let value = scalar.value
        // One look-up of the general category settles most scalars; ideographs are letters (Lo) standing alone.
        switch scalar.properties.generalCategory {
        case .otherLetter:
            return scalar.properties.isIdeographic || isKana(value) ? .other : .word
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark:
            return .word
        case .modifierLetter:
            return isKana(value) ? .other : .word
        case .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return .space
        case .control:
            return value == 0x85 ? .space : .other
        default:
            return .other
        }
    }

    /// Hiragana, katakana (with the phonetic extensions) and half-width katakana.
    static func isKana(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0xFF66...0xFF9F).contains(value)
    }
}

extension UnitPositions.Position {
    /// The position at scalar boundary `byte` of `bytes`, the valid UTF-8 of `message`, whose UTF-16 offset is
    /// `utf16Offset`.
    ///
    /// Settled from the bytes: ASCII around the boundary, or scalars that stand alone on both sides of it, say
    /// it at once; anything else is read with the grapheme rules from the nearest place before it where a
    /// cluster certainly starts. The standard library's index walks (`samePosition`, `index(before:)`) were a
    /// fifth of what placing range ends cost; they are left only for a boundary with no such place within
    /// `restartSearchLimit` scalars (a long run of combining marks), where they cost what they always did.
    init(atScalarBoundary byte: Int, utf16Offset: Int, in bytes: UnsafeBufferPointer<UInt8>, message: String) {
        if byte > 0 && byte < bytes.count {
            let next = bytes[byte]
            let previous = bytes[byte - 1]
            // The character before starts a cluster unless what precedes it is a prepended mark, which is never
            // ASCII; only a carriage return and a line feed join two ASCII characters.
            if next < 0x80 && previous < 0x80 && (byte == 1 || bytes[byte - 2] < 0x80)
                && !(previous == 0x0D && next == 0x0A)
            {
                self.init(
                    utf16Offset: utf16Offset, isClusterBoundary: true,
                    before: UnitPositions.kind(of: Unicode.Scalar(previous)),
                    after: UnitPositions.kind(of: Unicode.Scalar(next)))
                return
            }
        }
        if let position = Self(standingAloneAt: byte, utf16Offset: utf16Offset, in: bytes) {
            self = position
        } else if let position = Self(byGraphemeRulesAt: byte, utf16Offset: utf16Offset, in: bytes) {
            self = position
        } else {
            self.init(byStringIndicesAt: byte, utf16Offset: utf16Offset, in: message)
        }
    }

    /// How many scalars back a place where a cluster certainly starts is looked for.
    static let restartSearchLimit = 64

    /// The position when the scalars around `byte` stand alone (see `UnitPositions.standsAlone`); nil where
    /// the grapheme rules must be asked.
    private init?(standingAloneAt byte: Int, utf16Offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var after: UnitPositions.ClusterKind?
        var nextStandsAlone = true
        if byte < bytes.count {
            let next = ValidUTF8.scalar(in: bytes, at: byte).value
            nextStandsAlone = UnitPositions.standsAlone(next)
            guard nextStandsAlone else { return nil }
            after = UnitPositions.kind(of: Unicode.Scalar(next).unsafelyUnwrapped)
        }
        var before: UnitPositions.ClusterKind?
        if byte > 0 {
            let previousStart = Self.scalarStart(before: byte, in: bytes)
            let previous = ValidUTF8.scalar(in: bytes, at: previousStart).value
            // The cluster before starts at `previous` only if a boundary lies before it too.
            guard UnitPositions.standsAlone(previous),
                previousStart == 0
                    || UnitPositions.standsAlone(
                        ValidUTF8.scalar(in: bytes, at: Self.scalarStart(before: previousStart, in: bytes)).value)
            else { return nil }
            before = UnitPositions.kind(of: Unicode.Scalar(previous).unsafelyUnwrapped)
        }
        self.init(utf16Offset: utf16Offset, isClusterBoundary: true, before: before, after: after)
    }

    /// The position read with the grapheme rules from the nearest scalar boundary before `byte` that two
    /// scalars joining no neighbour enclose: a cluster starts there, and no rule needs to look further back
    /// (the assumption `GraphemeBoundaries` makes too). Nil when there is none within `restartSearchLimit`
    /// scalars.
    private init?(byGraphemeRulesAt byte: Int, utf16Offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        // Back from the scalar before `byte`, to a start whose scalar and the one before it join nothing.
        var restart = byte > 0 ? Self.scalarStart(before: byte, in: bytes) : 0
        var steps = 0
        while restart > 0 {
            let previousStart = Self.scalarStart(before: restart, in: bytes)
            let previous = ValidUTF8.scalar(in: bytes, at: previousStart).value
            let current = ValidUTF8.scalar(in: bytes, at: restart).value
            if UTF16Offsets.joinsNoNeighbour(previous) && UTF16Offsets.joinsNoNeighbour(current)
                && !(previous == 0x0D && current == 0x0A)
            {
                break
            }
            restart = previousStart
            steps += 1
            if steps > Self.restartSearchLimit { return nil }
        }
        var boundaries = GraphemeBoundaries()
        var clusterStart = restart
        var offset = restart
        while offset < byte {
            let (value, length) = ValidUTF8.scalar(in: bytes, at: offset)
            if boundaries.startsCluster(Unicode.Scalar(value).unsafelyUnwrapped) { clusterStart = offset }
            offset += length
        }
        var after: UnitPositions.ClusterKind?
        if byte < bytes.count {
            let next = Unicode.Scalar(ValidUTF8.scalar(in: bytes, at: byte).value).unsafelyUnwrapped
            guard boundaries.startsCluster(next) else {
                self.init(utf16Offset: utf16Offset, isClusterBoundary: false)
                return
            }
            after = UnitPositions.kind(of: next)
        }
        var before: UnitPositions.ClusterKind?
        if byte > 0 {
            before = UnitPositions.kind(
                of: Unicode.Scalar(ValidUTF8.scalar(in: bytes, at: clusterStart).value).unsafelyUnwrapped)
        }
        self.init(utf16Offset: utf16Offset, isClusterBoundary: true, before: before, after: after)
    }

    /// The position from the standard library's string indices.
    private init(byStringIndicesAt byte: Int, utf16Offset: Int, in message: String) {
        let index = message.utf8.index(message.utf8.startIndex, offsetBy: byte)
        guard index.samePosition(in: message) != nil else {
            self.init(utf16Offset: utf16Offset, isClusterBoundary: false)
            return
        }
        let scalars = message.unicodeScalars
        self.init(
            utf16Offset: utf16Offset, isClusterBoundary: true,
            before: index > message.startIndex ? UnitPositions.kind(of: scalars[message.index(before: index)]) : nil,
            after: index < message.endIndex ? UnitPositions.kind(of: scalars[index]) : nil)
    }

    /// Where the scalar that ends at `end` starts.
    @inline(__always)
    private static func scalarStart(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = end - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }
}
