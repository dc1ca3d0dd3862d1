import ModalModel
import PositionedJSON

extension SourceText {
    /// The 1-based column of a byte offset counted in UTF-16 code units, as SARIF (`utf16CodeUnits`), LSP
    /// and JavaScript count it; `SourceLocation.column` counts Unicode scalars instead.
    ///
    /// The two differ only on lines with characters outside the Basic Multilingual Plane, which count 2 here.
    /// Invalid UTF-8 bytes count one each, as they do for the scalar column.
    package func utf16Column(ofByteOffset byteOffset: Int) -> Int {
        let target = min(max(byteOffset, 0), bytes.count)
        var start = target
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        var units = 0
        var index = start
        while index < target {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0xF0...0xF4: length = 4
            case 0xE0...0xEF: length = 3
            case 0xC2...0xDF: length = 2
            default: length = 1
            }
            // A truncated or malformed sequence counts its first byte as one unit, like the scalar column.
            if length > 1, index + length <= target,
                bytes[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
            {
                units += length == 4 ? 2 : 1
                index += length
            } else {
                units += 1
                index += 1
            }
        }
        return units + 1
    }

    /// The 1-based UTF-16 column of a location (see `utf16Column(ofByteOffset:)`).
    package func utf16Column(of location: SourceLocation) -> Int {
        utf16Column(ofByteOffset: location.byteOffset)
    }
}
