@_spi(JSON) import PositionedJSON
import TestSupport
import Testing

@testable import ModalModel

/// Member openings matched as words: exactly `"key":` for a key of the table, nothing else.
@Suite struct MemberHeadTableTests {
    let table = MemberHeadTable(["from", "length", "strikethrough", "a", "a_key_that_is_too_long"])

    /// The field and length matched at the start of `text`, padded so that 16 bytes can be read.
    func match(_ text: String) -> [Int]? {
        let bytes = Array(text.utf8) + [UInt8](repeating: UInt8(ascii: "}"), count: MemberHeadTable.readLength)
        return bytes.withUnsafeBufferPointer { table.match(at: $0.baseAddress!) }.map { [$0.field, $0.length] }
    }

    @Test func bareOpeningsMatchWithTheirFieldAndLength() {
        expectEqual(match(#""from":12"#), [0, 7])
        expectEqual(match(#""length":3}"#), [1, 9])
        // 16 bytes: the longest opening that fits, read to its last byte.
        expectEqual(match(#""strikethrough":true"#), [2, 16])
        expectEqual(match(#""a":"b""#), [3, 4])
    }

    @Test(arguments: [
        #""from" :1"#,  // white space before the colon
        #" "from":1"#,  // or before the key
        #""fro\u006d":1"#,  // an escape
        #""fromage":1"#,  // a longer key that starts with one of the table's
        #""fro":1"#,  // a shorter one
        #""From":1"#,
        #""from",1"#,  // no colon
        #""ab":1"#,
        #""a_key_that_is_too_long":1"#,  // left out of the table: read the long way
        #"from:1"#,
    ])
    func anythingElseDoesNotMatch(_ text: String) {
        expect(match(text) == nil)
    }
}
