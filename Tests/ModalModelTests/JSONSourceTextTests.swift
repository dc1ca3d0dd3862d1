import ModalModel
import PositionedJSON
import TestSupport
import Testing

@Suite struct JSONSourceTextTests {
    /// (line, column) of every offset `0...bytes.count`, by a separate, deliberately naive reading of the rules.
    static func referenceLocations(_ bytes: [UInt8]) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var length = 1
            if byte >= 0x80 {
                // Decode with the standard library: a well-formed scalar here spans its UTF-8 length.
                for candidate in [4, 3, 2] where index + candidate <= bytes.count {
                    let slice = Array(bytes[index..<(index + candidate)])
                    if let text = String(validating: slice, as: UTF8.self), text.unicodeScalars.count == 1 {
                        length = candidate
                        break
                    }
                }
            }
            for _ in 0..<length { result.append((line, column)) }
            let endsLine = byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
            if endsLine {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        result.append((line, column))
        return result
    }

    @Test func locatesOffsetsOnSimpleLines() {
        let source = SourceText(bytes: Array("ab\ncd".utf8))
        let expected = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
        for (offset, (line, column)) in expected.enumerated() {
            let location = source.location(ofByteOffset: offset)
            expectEqual(location, SourceLocation(line: line, column: column, byteOffset: offset))
        }
    }

    @Test func countsColumnsInScalarsAndInvalidBytesOneEach() {
        let valid = SourceText(bytes: Array("é😀x\n日本y".utf8))
        expectEqual(valid.location(ofByteOffset: 6).column, 3)  // x after 2-byte é and 4-byte 😀
        expectEqual(valid.location(ofByteOffset: 14).column, 3)  // y after two 3-byte scalars
        expectEqual(valid.location(ofByteOffset: 14).line, 2)
        expectEqual(valid.location(ofByteOffset: 13).column, 2)
        // Inside a scalar: the scalar's own column.
        expectEqual(valid.location(ofByteOffset: 4).column, 2)

        let invalid = SourceText(bytes: [0x61, 0xE3, 0x81, 0x62, 0xFF, 0x63])
        expectEqual(invalid.location(ofByteOffset: 3).column, 4)
        expectEqual(invalid.location(ofByteOffset: 5).column, 6)
    }

    @Test func endsLinesAtLFCRLFAndLoneCR() {
        let bytes = Array("a\r\nb\rc\n\r\nd\r".utf8)
        let source = SourceText(bytes: bytes)
        let expectedLines = [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
        for offset in 0...bytes.count {
            expectEqual(source.location(ofByteOffset: offset).line, expectedLines[offset], "offset \(offset)")
        }
        expectEqual((1...6).map { source.lineText($0) }, ["a", "b", "c", "", "d", ""])
        expectEqual(source.lineText(7), "")
        expectEqual(source.lineText(0), "")
    }

    @Test func endOfFileIsAValidOffsetAndOthersClamp() {
        let source = SourceText(bytes: Array("ab\n".utf8))
        expectEqual(source.location(ofByteOffset: 3), SourceLocation(line: 2, column: 1, byteOffset: 3))
        expectEqual(source.location(ofByteOffset: 99), SourceLocation(line: 2, column: 1, byteOffset: 3))
        expectEqual(source.location(ofByteOffset: -5), SourceLocation(line: 1, column: 1, byteOffset: 0))
        expectEqual(SourceText(bytes: []).location(ofByteOffset: 0), SourceLocation(line: 1, column: 1, byteOffset: 0))
    }

    @Test func decodesLineTextLeniently() {
        let source = SourceText(bytes: [0x61, 0x0A, 0x62, 0xC3, 0x28, 0xE2, 0x82, 0xAC, 0x0D, 0x0A, 0x63])
        expectEqual(source.lineText(1), "a")
        expectEqual(source.lineText(2), "b\u{FFFD}(€")
        expectEqual(source.lineText(3), "c")
    }

    @Test func lineIndexAgreesWithTheDirectWalkAcrossCheckpoints() {
        // Long lines, CRLF, lone CR, multi-byte and invalid bytes, spread over several 4 KB checkpoints.
        var generator = SeededGenerator(seed: 42)
        let pieces: [[UInt8]] = [
            Array("{\"msg\": ".utf8), Array("日本語".utf8), Array("😀".utf8), [0x0D, 0x0A], [0x0D], [0x0A],
            Array(String(repeating: "x", count: 300).utf8), [0xC3, 0x28], [0xFF], Array("é".utf8), [0x80],
        ]
        var bytes: [UInt8] = []
        while bytes.count < 14_000 { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
        let source = SourceText(bytes: bytes)
        let index = LineIndex(source)
        let reference = Self.referenceLocations(bytes)
        for offset in stride(from: 0, through: bytes.count, by: 1) {
            let (line, column) = reference[offset]
            let indexed = index.location(ofByteOffset: offset)
            expect((indexed.line, indexed.column, indexed.byteOffset) == (line, column, offset), "offset \(offset)")
            if offset % 97 == 0 || offset == bytes.count {
                expectEqual(source.location(ofByteOffset: offset), indexed, "offset \(offset)")
            }
        }
        let lineCount = reference.last!.0
        for line in 0...(lineCount + 1) {
            expectEqual(index.lineText(line), source.lineText(line), "line \(line)")
        }
    }

    @Test func mapsDecodedUTF16OffsetsBackToTheSource() throws {
        // {"msg": "a\u001bb😀c\uD83D\uDE00d\n"}
        let text = #"{"msg": "a\u001bb😀c\uD83D\uDE00d\n"}"#
        let source = SourceText(bytes: Array(text.utf8))
        let quote = 8
        let root = try JSONTestHelpers.parse(text).get()
        guard case .object(let members) = root.value else {
            Issue.record("not an object")
            return
        }
        expectEqual(members[0].value.byteOffset, quote)
        // Decoded: a ESC b 😀(2 units) c 😀(2 units) d LF, then the end.
        let expected = [9, 10, 16, 17, 17, 21, 22, 28, 34, 35, 37, 37]
        for (utf16Offset, byteOffset) in expected.enumerated() {
            expectEqual(
                source.byteOffset(ofUTF16Offset: utf16Offset, inStringLiteralAt: quote), byteOffset,
                "UTF-16 offset \(utf16Offset)")
        }
        expectEqual(Array(text.utf8)[37], UInt8(ascii: "\""))
        // Not a string literal: the offset comes back unchanged.
        expectEqual(source.byteOffset(ofUTF16Offset: 3, inStringLiteralAt: 0), 0)
    }
}
