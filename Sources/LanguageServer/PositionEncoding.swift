import LanguageServerProtocol
import ModalModel
import PositionedJSON

/// How a position's `character` counts along a line: the encoding negotiated at `initialize`.
package enum PositionEncoding: String, Sendable {
    /// UTF-16 code units, the protocol's default (and JavaScript's and the format's own unit).
    case utf16 = "utf-16"
    /// UTF-8 bytes, offered by clients such as Neovim and Helix.
    case utf8 = "utf-8"

    /// The client's first offered encoding that the server supports, or UTF-16 when it offers none.
    package static func negotiated(offered: [String]) -> PositionEncoding {
        for name in offered {
            if let encoding = PositionEncoding(rawValue: name) { return encoding }
        }
        return .utf16
    }
}

/// A zero-based line and character, as the protocol counts them.
package struct Position: Sendable, Equatable, Comparable {
    /// The 0-based line.
    package var line: Int
    /// The 0-based offset in the line, in the negotiated encoding's units.
    package var character: Int

    /// Creates a position.
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Reads `{"line": …, "character": …}`.
    package init?(_ json: JSONValue?) {
        guard let line = json["line"]?.intValue, let character = json["character"]?.intValue, line >= 0,
            character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    /// The position as JSON.
    package var json: JSONValue {
        ["line": .number(JSONNumber(line)), "character": .number(JSONNumber(character))]
    }

    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// Where each line of a document starts, to turn byte offsets into positions and back.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as the protocol and `modalkit validate` both count them.
///
/// A UTF-16 position is found without walking its line from the start, so that a document of one long line
/// (a minified file, a message of megabytes) costs as little per position as one of short lines: the table
/// also keeps checkpoints, at most `checkpointBytes` apart, of how many UTF-16 units come before them. An
/// edit updates the table around it and shifts what follows, instead of reading the whole document again,
/// so that a change of many edits (one per cursor) costs little more than one.
package struct LineTable: Sendable {
    /// The byte offset of the first byte of each line.
    package private(set) var lineStarts: [Int]
    /// The byte offsets of the checkpoints, in order, the first at 0.
    private var checkpointOffsets: [Int]
    /// The UTF-16 units of the sequences that start before each checkpoint.
    private var checkpointUnits: [Int]
    /// The most bytes between two checkpoints: a position reads at most this many bytes past one.
    static let checkpointBytes = 512

    /// Indexes the lines of `bytes` in one pass.
    package init(_ bytes: [UInt8]) {
        var starts = [0]
        var checkpoints = [0]
        checkpoints.reserveCapacity(bytes.count / Self.checkpointBytes + 1)
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var units = 0
            var blockStart = 0
            while blockStart < count {
                let blockEnd = min(blockStart + Self.checkpointBytes, count)
                for index in blockStart..<blockEnd {
                    let byte = buffer[index]
                    units += Self.utf16Units(startingWith: byte)
                    // A line starts after `\n`, and after a `\r` that no `\n` follows (`\r\n` is one break).
                    if byte == 0x0A || (byte == 0x0D && (index + 1 == count || buffer[index + 1] != 0x0A)) {
                        starts.append(index + 1)
                    }
                }
                if blockEnd - blockStart == Self.checkpointBytes { checkpoints.append(units) }
                blockStart = blockEnd
            }
        }
        lineStarts = starts
        checkpointOffsets = checkpoints.indices.map { $0 * Self.checkpointBytes }
        checkpointUnits = checkpoints
    }

    /// Whether a line starts at `offset` of `bytes`: after `\n`, and after a `\r` that no `\n` follows.
    @inline(__always)
    static func startsLine(at offset: Int, in bytes: [UInt8]) -> Bool {
        guard offset > 0 else { return true }
        let before = bytes[offset - 1]
        return before == 0x0A || (before == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A))
    }

    /// Updates the table after `replaced` of the old bytes became `insertedCount` bytes; `bytes` is the text
    /// after the edit. Reads only the bytes near the edit; the entries after it are shifted.
    package mutating func update(replacing replaced: Range<Int>, insertedCount: Int, in bytes: [UInt8]) {
        let delta = insertedCount - replaced.count
        let insertedEnd = replaced.lowerBound + insertedCount
        // A line start depends on the byte before it and the one at it: those before the edit stay, those past
        // the old end move, and those from the edit's start to the inserted text's end are read again.
        let keptBefore = Self.firstIndex(in: lineStarts, atLeast: replaced.lowerBound)
        let keptAfter = Self.firstIndex(in: lineStarts, atLeast: replaced.upperBound + 1)
        var starts = Array(lineStarts[..<keptBefore])
        if starts.isEmpty { starts.append(0) }
        for offset in stride(from: max(1, replaced.lowerBound), through: min(insertedEnd, bytes.count), by: 1)
        where Self.startsLine(at: offset, in: bytes) {
            starts.append(offset)
        }
        starts += lineStarts[keptAfter...].lazy.map { $0 + delta }
        lineStarts = starts

        // Checkpoints: from the last one at or before the edit to the first one past it, laid again every
        // `checkpointBytes`; those after are moved by the bytes and units the edit added.
        let first = max(0, Self.firstIndex(in: checkpointOffsets, atLeast: replaced.lowerBound + 1) - 1)
        let next = Self.firstIndex(in: checkpointOffsets, atLeast: replaced.upperBound + 1)
        let windowEnd = next < checkpointOffsets.count ? checkpointOffsets[next] + delta : bytes.count
        var offsets = Array(checkpointOffsets[...first])
        var units = Array(checkpointUnits[...first])
        var index = offsets[first]
        var count = units[first]
        while index < windowEnd {
            count += Self.utf16Units(startingWith: bytes[index])
            index += 1
            if index - offsets[offsets.count - 1] == Self.checkpointBytes, index < windowEnd {
                offsets.append(index)
                units.append(count)
            }
        }
        if next < checkpointOffsets.count {
            let unitShift = count - checkpointUnits[next]
            offsets += checkpointOffsets[next...].lazy.map { $0 + delta }
            units += checkpointUnits[next...].lazy.map { $0 + unitShift }
        }
        checkpointOffsets = offsets
        checkpointUnits = units
    }

    /// The first index of a sorted array whose value is at least `value` (the count when none is).
    static func firstIndex(in sorted: [Int], atLeast value: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The UTF-16 units a byte adds when sequences are counted at their first byte: none for a continuation
    /// byte, two for the lead of a four-byte sequence (a surrogate pair), else one.
    @inline(__always)
    static func utf16Units(startingWith byte: UInt8) -> Int {
        if byte & 0xC0 == 0x80 { return 0 }
        return byte >= 0xF0 ? 2 : 1
    }

    /// The UTF-16 units of the sequences that start before `offset`.
    private func utf16Units(before offset: Int, in bytes: [UInt8]) -> Int {
        let checkpoint = max(0, Self.firstIndex(in: checkpointOffsets, atLeast: offset + 1) - 1)
        var units = checkpointUnits[checkpoint]
        var index = checkpointOffsets[checkpoint]
        while index < offset {
            units += Self.utf16Units(startingWith: bytes[index])
            index += 1
        }
        return units
    }

    /// The start of the sequence that holds `offset` (a continuation byte belongs to the sequence before it).
    private func sequenceStart(_ offset: Int, notBefore floor: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index > floor, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    /// The 0-based line holding a byte offset.
    package func line(ofByteOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The end of a line's text, before its terminator.
    package func lineEnd(_ line: Int, in bytes: [UInt8]) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The position of a byte offset. An offset inside a UTF-8 sequence counts as the start of it.
    package func position(ofByteOffset offset: Int, in bytes: [UInt8], encoding: PositionEncoding) -> Position {
        let target = min(max(offset, 0), bytes.count)
        let line = line(ofByteOffset: target)
        let start = lineStarts[line]
        switch encoding {
        case .utf8:
            return Position(line: line, character: target - start)
        case .utf16:
            // An offset inside a sequence counts as the sequence's start.
            let end = sequenceStart(target, notBefore: start, in: bytes)
            return Position(
                line: line, character: utf16Units(before: end, in: bytes) - utf16Units(before: start, in: bytes))
        }
    }

    /// The byte offset of a position; a character past the line's end means its end, a line past the last
    /// means the end of the document, and a UTF-16 offset inside a surrogate pair means the pair's start.
    package func byteOffset(of position: Position, in bytes: [UInt8], encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = lineEnd(position.line, in: bytes)
        switch encoding {
        case .utf8:
            var offset = min(start + position.character, end)
            while offset > start, offset < end, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        case .utf16:
            // Start from the last checkpoint of the line at or before the position, then walk at most the
            // bytes between two checkpoints.
            let lineUnits = utf16Units(before: start, in: bytes)
            let wanted = lineUnits + position.character
            var low = Self.firstIndex(in: checkpointOffsets, atLeast: start + 1)
            var high = Self.firstIndex(in: checkpointOffsets, atLeast: end + 1) - 1
            var from = start
            while low <= high {
                let middle = (low + high) / 2
                if checkpointUnits[middle] <= wanted {
                    from = checkpointOffsets[middle]
                    low = middle + 1
                } else {
                    high = middle - 1
                }
            }
            var index = from
            while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
            var units = utf16Units(before: index, in: bytes) - lineUnits
            while index < end {
                let length = Self.sequenceLength(bytes[index])
                let width = length == 4 ? 2 : 1
                if units + width > position.character { break }
                units += width
                index = min(index + length, end)
            }
            return index
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    @inline(__always)
    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}
