import LanguageServerProtocol
import PositionedJSON

extension TextDocument {
    /// The ranges between pairs of byte offsets, as JSON, in the order given, from one walk of each line they
    /// are on: a thousand highlights on one long line cost one pass over it, not one each.
    package func ranges(_ pairs: [(start: Int, end: Int)], encoding: PositionEncoding) -> [JSONValue] {
        let offsets = pairs.flatMap { [$0.start, $0.end] }
        let positions = positions(ofByteOffsets: offsets, encoding: encoding)
        return pairs.indices.map { ["start": positions[2 * $0].json, "end": positions[2 * $0 + 1].json] }
    }

    /// `position(ofByteOffset:encoding:)` of each offset, in the order given.
    package func positions(ofByteOffsets offsets: [Int], encoding: PositionEncoding) -> [Position] {
        guard encoding == .utf16 else { return offsets.map { position(ofByteOffset: $0, encoding: encoding) } }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var positions = [Position](repeating: Position(line: 0, character: 0), count: offsets.count)
        // The walk so far on the current line: the byte reached and the UTF-16 units before it.
        var line = -1
        var index = 0
        var units = 0
        for slot in order {
            let target = min(max(offsets[slot], 0), bytes.count)
            let targetLine = lines.line(ofByteOffset: target)
            if targetLine != line {
                line = targetLine
                index = lines.lineStarts[line]
                units = 0
            }
            while index < target {
                let length = LineTable.sequenceLength(bytes[index])
                if index + length > target { break }
                units += length == 4 ? 2 : 1
                index += length
            }
            positions[slot] = Position(line: line, character: units)
        }
        return positions
    }
}
