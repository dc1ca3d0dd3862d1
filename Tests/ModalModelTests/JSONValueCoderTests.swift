import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// `JSONValueEncoder` and `JSONValueDecoder` carry any Codable value through `JSONValue` without Foundation.
@Suite struct JSONValueCoderTests {
    struct Order: Codable, Equatable {
        enum Kind: String, Codable { case gift, plain }
        var id: UInt64
        var items: [String]
        var prices: [String: Double]
        var note: String?
        var kind: Kind
        var nested: [[Int8]]
        var flag: Bool
    }

    @Test func nestedValuesRoundTrip() throws {
        let order = Order(
            id: 42, items: ["a", "🎉"], prices: ["a": 1.25], note: nil, kind: .gift, nested: [[1, -2], []],
            flag: true)
        let value = try JSONValueEncoder().encode(order)
        expectEqual(value["id"], 42)
        expectEqual(value["items"], ["a", "🎉"])
        expect(value["note"] == nil)
        expect(try JSONValueDecoder().decode(Order.self, from: value) == order)
    }

    @Test func keysKeepTheOrderTheyWereEncodedIn() throws {
        struct Pair: Encodable {
            var zeta = 1
            var alpha = 2
        }
        expectEqual(
            String(decoding: ModalEncoder().encode(try JSONValueEncoder().encode(Pair())), as: UTF8.self),
            #"{"zeta":1,"alpha":2}"#)
    }

    @Test func lossyNumbersAreRefusedNotTruncated() {
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: 2.5) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(UInt8.self, from: 300) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(String.self, from: 3) }
        expectEqual((try? JSONValueDecoder().decode(Int.self, from: 3.0)), 3)
    }

    @Test func missingKeysThrow() {
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Order.self, from: ["id": 1]) }
    }

    @Test func nonFiniteNumbersCannotBeEncoded() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
    }

    @Test func literalDataPicksTheEnumCase() throws {
        let action = ModalAction.command(scheme: "kash", name: "refresh", data: ["force": true])
        expectEqual(action.text, "kash://invoke/cmd/refresh/data/%7B%22force%22%3Atrue%7D")
    }

    @Test func modelValuesRejectBrokenInputThroughJSONValueDecoder() {
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(ModalButton.self, from: ["label": "", "action": "close"])
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(ModalStyle.self, from: ["apply_to": ["from": -1, "length": 2]])
        }
        expectEqual(
            (try? JSONValueDecoder().decode(ModalColor.self, from: "#ff000080")),
            ModalColor(red: 255, green: 0, blue: 0, alpha: 128))
    }
}
