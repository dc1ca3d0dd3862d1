/// Where a UTF-16 offset of a message falls.
package enum UTF16Position: Sendable, Equatable {
    /// On a Unicode scalar boundary; `isGraphemeBoundary` tells whether it also starts a grapheme cluster.
    case scalarBoundary(String.Index, isGraphemeBoundary: Bool)
    /// Between the two halves of a surrogate pair (inside one astral character).
    case insideSurrogatePair
    /// Past the end of the message.
    case outOfBounds
}

/// The one place where UTF-16 offsets from the format become positions in a Swift string.
@_spi(Kernel) public enum UTF16Offsets {
    /// Resolves a UTF-16 offset of `text` (0...utf16 count).
    package static func position(of utf16Offset: Int, in text: String) -> UTF16Position {
        let utf16 = text.utf16
        guard utf16Offset >= 0,
            let index = utf16.index(utf16.startIndex, offsetBy: utf16Offset, limitedBy: utf16.endIndex)
        else { return .outOfBounds }
        guard let scalarIndex = index.samePosition(in: text.unicodeScalars) else { return .insideSurrogatePair }
        return .scalarBoundary(scalarIndex, isGraphemeBoundary: scalarIndex.samePosition(in: text) != nil)
    }
}

extension UTF16Offsets {
    /// The string index of a UTF-16 offset that falls on a scalar boundary (0...utf16 count), without the
    /// grapheme check, which can cost a walk over a whole cluster; nil inside a surrogate pair or out of bounds.
    package static func scalarIndex(of utf16Offset: Int, in text: String) -> String.Index? {
        let utf16 = text.utf16
        guard utf16Offset >= 0,
            let index = utf16.index(utf16.startIndex, offsetBy: utf16Offset, limitedBy: utf16.endIndex)
        else { return nil }
        return index.samePosition(in: text.unicodeScalars)
    }

    /// Resolves many UTF-16 offsets of `text` at once; `result[i]` is `position(of: utf16Offsets[i], in: text)`.
    ///
    /// One walk over the scalars up to the largest offset, after sorting the offsets: O(n + k log k) for k offsets.
    /// Calling `position(of:in:)` k times can cost O(n k), because telling whether an offset starts a grapheme
    /// cluster may look back over a whole cluster (a long run of combining marks or regional indicators).
    package static func positions(of utf16Offsets: [Int], in text: String) -> [UTF16Position] {
        if FastPaths.isOn(.quickOffsets), let quick = quickPositions(of: utf16Offsets, in: text) { return quick }
        return walkedPositions(of: utf16Offsets, in: text)
    }

    /// The number of UTF-16 code units of `text`, counted from its UTF-8 bytes without building the
    /// breadcrumbs that `text.utf16.count` builds for non-ASCII strings.
    package static func count(in text: String) -> Int {
        var text = text
        return text.withUTF8 { count(inUTF8: $0) }
    }

    /// The number of UTF-16 code units of valid UTF-8: one a scalar, two for a four-byte scalar.
    package static func count(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // Every byte but a continuation byte starts a scalar, and 4-byte scalars take two units.
        var units = 0
        var index = 0
        // Eight bytes a step, in text of any script: bit 7 of each lane says whether that byte is a
        // continuation byte (10xxxxxx) or a four-byte lead (11110xxx, as the UTF-8 is valid), and no shift
        // below crosses into bit 7 of another lane, so the counts are exact.
        // Sixteen bytes a step first, as a vector.
        while index + 16 <= bytes.count {
            let block = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let (continuations, fourByteLeads) = ByteLanes.scalarStarts(in: block)
            units += 16 - continuations + fourByteLeads
            index += 16
        }
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            if ByteLanes.isASCII(word) {
                units += 8
            } else {
                units +=
                    8 - ByteLanes.countFlagged(ByteLanes.continuationLanes(word))
                    + ByteLanes.countFlagged(ByteLanes.fourByteLeadLanes(word))
            }
            index += 8
        }
        for byte in bytes[index...] where byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        return units
    }

    /// The positions when every offset can be settled from its two neighbouring scalars alone: offsets at the
    /// ends of the text, inside a surrogate pair, or between two scalars below U+0300, which always have a
    /// grapheme boundary between them except CR LF. Nil when some offset needs the full grapheme rules.
    ///
    /// Most style ranges start and end next to ASCII, so this counts UTF-16 units over the bytes without
    /// decoding scalars or running the grapheme rules, which is most of the cost of validating a document.
    package static func quickPositions(of utf16Offsets: [Int], in text: String) -> [UTF16Position]? {
        var result = [UTF16Position](repeating: .outOfBounds, count: utf16Offsets.count)
        var order = Array(utf16Offsets.indices)
        order.sort { utf16Offsets[$0] < utf16Offsets[$1] }
        var next = 0
        while next < order.count && utf16Offsets[order[next]] < 0 { next += 1 }
        var utf8Offsets: [(resultIndex: Int, utf8Offset: Int)] = []
        utf8Offsets.reserveCapacity(order.count)
        var text = text
        let settled: Bool = text.withUTF8 { bytes in
            var utf16Offset = 0
            var utf8Offset = 0
            var previousLead: UInt8 = 0
            var previousStart = 0
            while next < order.count && utf8Offset <= bytes.count {
                // Skip eight ASCII bytes at a time while no wanted offset falls inside them.
                while utf8Offset + 8 <= bytes.count, utf16Offsets[order[next]] > utf16Offset + 8 {
                    let word = UnsafeRawPointer(bytes.baseAddress! + utf8Offset).loadUnaligned(as: UInt64.self)
                    if !ByteLanes.isASCII(word) { break }
                    previousLead = UInt8(truncatingIfNeeded: word >> 56)
                    previousStart = utf8Offset + 7
                    utf8Offset += 8
                    utf16Offset += 8
                }
                let lead: UInt8 = utf8Offset < bytes.count ? bytes[utf8Offset] : 0
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                while next < order.count && utf16Offsets[order[next]] == utf16Offset {
                    if utf8Offset > 0 && utf8Offset < bytes.count {
                        // Both neighbours below U+0300 (one byte, or two with a lead below 0xCC), or scalars
                        // that always stand alone in a cluster: a boundary, except inside CR LF.
                        let before =
                            previousLead < 0xCC
                            || alwaysBreaksAround(ValidUTF8.scalar(in: bytes, at: previousStart).value)
                        let after = lead < 0xCC || alwaysBreaksAround(ValidUTF8.scalar(in: bytes, at: utf8Offset).value)
                        guard before && after, !(previousLead == 0x0D && lead == 0x0A) else { return false }
                    }
                    utf8Offsets.append((order[next], utf8Offset))
                    next += 1
                }
                if utf8Offset == bytes.count { break }
                let units = length == 4 ? 2 : 1
                while next < order.count && utf16Offsets[order[next]] < utf16Offset + units {
                    result[order[next]] = .insideSurrogatePair
                    next += 1
                }
                previousLead = lead
                previousStart = utf8Offset
                utf16Offset += units
                utf8Offset += length
            }
            return true
        }
        guard settled else { return nil }
        let utf8 = text.utf8
        for found in utf8Offsets {
            let index = utf8.index(utf8.startIndex, offsetBy: found.utf8Offset)
            result[found.resultIndex] = .scalarBoundary(index, isGraphemeBoundary: true)
        }
        return result
    }

    /// Whether a scalar joins no neighbour by any grapheme rule but GB3 (CR LF): below U+0300 (no scalar there is
    /// Extend, SpacingMark, Prepend, ZWJ or a regional indicator), or one that `alwaysBreaksAround` lists.
    ///
    /// Between two such scalars a cluster always starts, CR LF aside: the one test behind every shortcut past
    /// the grapheme rules, in `GraphemeBoundaries`, in placing range ends (`UnitPositions`), and in wrapping and
    /// measuring text (TextLayout).
    @inlinable @inline(__always)
    package static func joinsNoNeighbour(_ scalar: UInt32) -> Bool {
        // The ideographs first: they are most of what is not ASCII, and the list is a call.
        scalar < 0x300 || (scalar >= 0x4E00 && scalar <= 0x9FFF) || alwaysBreaksAround(scalar)
    }

    /// Whether a scalar has Grapheme_Cluster_Break=Other and is no Indic conjunct part, so that no rule but
    /// GB999 applies on either side of it: CJK ideographs and punctuation, kana (not the voicing marks),
    /// full-width forms, general punctuation, Greek, Cyrillic, Hebrew and Arabic letters (not their marks,
    /// nor Arabic's prepended number signs), and the common emoji blocks (emoji only join across ZWJ, which
    /// is not Other, and modifiers, which are not in these ranges). Ranges from the Unicode Character
    /// Database (GraphemeBreakProperty.txt, emoji-data.txt); a test checks each against the standard library.
    @usableFromInline
    package static func alwaysBreaksAround(_ scalar: UInt32) -> Bool {
        // The ranges most text hits first: the checks run in order.
        switch scalar {
        case 0x4E00...0x9FFF, 0x3041...0x3096, 0x309B...0x30FF, 0x3001...0x3029, 0x3030...0x303F, 0xFF01...0xFF5E,
            0x05D0...0x05EA, 0x0620...0x064A, 0x0660...0x0669, 0x0671...0x06D3, 0x0370...0x0482, 0x048A...0x052F,
            0x2010...0x2027, 0x2030...0x205E, 0x2100...0x2BFF, 0x3400...0x4DBF, 0x1F300...0x1F3FA, 0x1F400...0x1F64F,
            0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
            return true
        default:
            return false
        }
    }

    /// The positions by walking the scalars with the grapheme rules, for offsets next to anything above U+0300.
    package static func walkedPositions(of utf16Offsets: [Int], in text: String) -> [UTF16Position] {
        var result = [UTF16Position](repeating: .outOfBounds, count: utf16Offsets.count)
        let order = utf16Offsets.indices.filter { utf16Offsets[$0] >= 0 }.sorted { utf16Offsets[$0] < utf16Offsets[$1] }
        // Found offsets as UTF-8 offsets first; string indices are made from them after the walk.
        var found: [(resultIndex: Int, utf8Offset: Int, isGraphemeBoundary: Bool)] = []
        found.reserveCapacity(order.count)
        var next = 0
        var utf8Offset = 0
        var utf16Offset = 0
        var text = text
        text.withUTF8 { bytes in
            var boundaries = GraphemeBoundaries()
            while next < order.count && utf8Offset < bytes.count {
                let (value, length) = ValidUTF8.scalar(in: bytes, at: utf8Offset)
                // Valid UTF-8 from a Swift string always decodes to a valid scalar.
                let isClusterStart = boundaries.startsCluster(Unicode.Scalar(value).unsafelyUnwrapped)
                while next < order.count && utf16Offsets[order[next]] == utf16Offset {
                    found.append((order[next], utf8Offset, isClusterStart))
                    next += 1
                }
                let units = length == 4 ? 2 : 1
                while next < order.count && utf16Offsets[order[next]] < utf16Offset + units {
                    result[order[next]] = .insideSurrogatePair
                    next += 1
                }
                utf16Offset += units
                utf8Offset += length
            }
            while next < order.count && utf16Offsets[order[next]] == utf16Offset {
                found.append((order[next], utf8Offset, true))
                next += 1
            }
        }
        let utf8 = text.utf8
        for position in found {
            // On native UTF-8 strings this offsetting is constant time.
            let index = utf8.index(utf8.startIndex, offsetBy: position.utf8Offset)
            result[position.resultIndex] = .scalarBoundary(index, isGraphemeBoundary: position.isGraphemeBoundary)
        }
        return result
    }
}

/// Grapheme cluster starts of a scalar sequence fed in order, by the rules of Swift's `Character`.
///
/// Two scalars that each join no neighbour (`UTF16Offsets.joinsNoNeighbour`) have a boundary between them
/// except CR LF: none is Extend, SpacingMark, Prepend, ZWJ, a regional indicator or an
/// Indic conjunct part, and the rules that look further back (GB9c, GB11, GB12–13) all need one of those just
/// before the boundary. Everything else goes through the standard library's own recognizer, the one behind
/// `Character`, restarted from the previous scalar after the shortcut. That scalar stands alone, so the only
/// state a later rule needs from it is what it is itself (an emoji that a joiner may join on, GB11).
@_spi(Kernel) public struct GraphemeBoundaries {
    @usableFromInline var previous: Unicode.Scalar? = nil
    /// Whether `previous` joins no neighbour (`UTF16Offsets.joinsNoNeighbour`).
    @usableFromInline var previousStandsAlone = false
    @usableFromInline var recognizer = GraphemeRecognizer()
    @usableFromInline var recognizerIsCurrent = false

    /// A walk at the start of a text.
    @inlinable
    @_spi(Kernel) public init() {}

    /// Whether a cluster starts before the next scalar if it is ASCII but a carriage return: at the start, or
    /// after a scalar that joins no neighbour and is no carriage return (which a line feed would join).
    package var breaksBeforeASCII: Bool { previous == nil || (previousStandsAlone && previous != "\r") }

    /// Records that the text went on with ASCII other than carriage returns, up to `last`, each character a
    /// cluster of its own, without asking about each.
    @inline(__always)
    package mutating func continueAfterASCII(_ last: Unicode.Scalar) {
        previous = last
        previousStandsAlone = true
        recognizerIsCurrent = false
    }

    /// Whether `scalar`, the next scalar of the text, starts a grapheme cluster.
    @inlinable @inline(__always)
    @_spi(Kernel) public mutating func startsCluster(_ scalar: Unicode.Scalar) -> Bool {
        let standsAlone = UTF16Offsets.joinsNoNeighbour(scalar.value)
        defer {
            previous = scalar
            previousStandsAlone = standsAlone
        }
        guard let previous else { return true }
        // Between two such scalars only GB3 (CR LF) can join; the recognizer is asked about the rest, primed
        // again with the scalar before, which no rule needs to see past when it stands alone.
        if previousStandsAlone && standsAlone {
            recognizerIsCurrent = false
            return !(previous == "\r" && scalar == "\n")
        }
        if !recognizerIsCurrent {
            recognizer = GraphemeRecognizer()
            _ = recognizer.startsCluster(before: previous)
            recognizerIsCurrent = true
        }
        return recognizer.startsCluster(before: scalar)
    }
}
