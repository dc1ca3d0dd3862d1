import LanguageServer
import LanguageServerProtocol
import ModalModel
import PositionedJSON
import TestSupport
import Testing

@Suite struct PositionTests {
    // "a🎉é" then the letter x: bytes a(1) 🎉(4) é(2) x(1); UTF-16 a(1) 🎉(2) é(1) x(1).
    let text = "line one\r\na🎉éx\rlast"

    @Test func byteOffsetsBecomePositionsInEitherEncoding() {
        let bytes = Array(text.utf8)
        let lines = LineTable(bytes)
        expectEqual(lines.lineStarts, [0, 10, 19])
        let x = Array("line one\r\na🎉é".utf8).count
        expectEqual(lines.position(ofByteOffset: x, in: bytes, encoding: .utf16), Position(line: 1, character: 4))
        expectEqual(lines.position(ofByteOffset: x, in: bytes, encoding: .utf8), Position(line: 1, character: 7))
        expectEqual(lines.byteOffset(of: Position(line: 1, character: 4), in: bytes, encoding: .utf16), x)
        expectEqual(lines.byteOffset(of: Position(line: 1, character: 7), in: bytes, encoding: .utf8), x)
    }

    @Test func positionsInsideACharacterOrPastALineAreClamped() {
        let bytes = Array(text.utf8)
        let lines = LineTable(bytes)
        // Between the two halves of 🎉's surrogate pair: the pair's start.
        expectEqual(lines.byteOffset(of: Position(line: 1, character: 2), in: bytes, encoding: .utf16), 11)
        // Inside 🎉's UTF-8 bytes: its start.
        expectEqual(lines.byteOffset(of: Position(line: 1, character: 3), in: bytes, encoding: .utf8), 11)
        // Past the end of a line: its end, before the line break.
        expectEqual(lines.byteOffset(of: Position(line: 0, character: 99), in: bytes, encoding: .utf16), 8)
        expectEqual(lines.byteOffset(of: Position(line: 9, character: 0), in: bytes, encoding: .utf16), bytes.count)
    }

    @Test func theEncodingIsTheClientsFirstSupportedOne() {
        expectEqual(PositionEncoding.negotiated(offered: []), .utf16)
        expectEqual(PositionEncoding.negotiated(offered: ["utf-32", "utf-8", "utf-16"]), .utf8)
        expectEqual(PositionEncoding.negotiated(offered: ["utf-16", "utf-8"]), .utf16)
    }

    @Test func incrementalChangesApplyInOrder() throws {
        var document = TextDocument(uri: "file:///a.json", version: 1, text: "{\"msg\": \"🎉 hi\"}")
        let change: JSONValue = [
            "range": ["start": ["line": 0, "character": 12], "end": ["line": 0, "character": 14]],
            "text": "yo\nthere",
        ]
        let second: JSONValue = [
            "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 5]], "text": "you",
        ]
        try document.apply(changes: [change, second], version: 2, encoding: .utf16)
        expectEqual(String(decoding: document.bytes, as: UTF8.self), "{\"msg\": \"🎉 yo\nyou\"}")
        expectEqual(document.version, 2)
        try document.apply(changes: [["text": "[]"]], version: 3, encoding: .utf16)
        expectEqual(document.bytes, Array("[]".utf8))
    }
}
