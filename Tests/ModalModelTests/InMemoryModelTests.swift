import Foundation
import ModalModel
import PositionedJSON
import TestSupport
import Testing

struct Coupon: Codable, Equatable {
    var code: String
    var amount: Int
}

/// Decoding through other decoders, command data, in-memory validation, colours and ranges from strings.
@Suite struct InMemoryModelTests {
    @Test func foundationDecoderAppliesTheFormatRulesAndNamesCodeAndPointer() throws {
        struct Response: Codable { var modal: Modal }
        let json = #"{"modal":{"msg":"Hi 🎉","styles":[{"apply_to":{"from":0,"length":9}}]}}"#
        do {
            _ = try JSONDecoder().decode(Response.self, from: Data(json.utf8))
            Issue.record("an out-of-bounds range decoded")
        } catch let DecodingError.dataCorrupted(context) {
            expect(context.debugDescription.contains("range-out-of-bounds"))
            expect(context.debugDescription.contains("/modal/styles/0/apply_to/length"))
            let violation = try #require(context.underlyingError as? ModalRuleViolation)
            expectEqual(violation.diagnostics.map(\.code), ["range-out-of-bounds"])
        }
    }

    @Test func foundationRoundTripEqualsTheModalDecoder() throws {
        let bytes = try #require(readFileBytes(repositoryRoot + "/samples/app-command.json"))
        let document = try #require(ModalDecoder.decode(bytes).document)
        let viaFoundation = try JSONDecoder().decode(ModalDocument.self, from: Data(bytes))
        expectEqual(viaFoundation.modals, document.modals)
        let encoded = try JSONEncoder().encode(document)
        expectEqual(ModalDecoder.decode(Array(encoded)).document?.modals, document.modals)
    }

    @Test func wrongTypesThrowInsteadOfTrapping() {
        for json in [#"{"msg":5}"#, #"[1]"#, #"{"msg":"a","buttons":[{"label":" ","action":"close"}]}"#, "null"] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Modal.self, from: Data(json.utf8)) }
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ModalColor.self, from: Data(#""gren""#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ModalAction.self, from: Data(#""a b""#.utf8)) }
    }

    @Test func commandDataEncodesAndDecodesAnyCodable() throws {
        let action = try ModalAction.command(
            scheme: "kash", name: "applyCoupon", data: Coupon(code: "SPRING24", amount: 5))
        expectEqual(
            action.text, "kash://invoke/cmd/applyCoupon/data/%7B%22code%22%3A%22SPRING24%22%2C%22amount%22%3A5%7D")
        let parsed = try ModalAction.parse(action.text).action
        expectEqual(parsed, action)
        expect(try parsed.commandData(as: Coupon.self) == Coupon(code: "SPRING24", amount: 5))
    }

    @Test func jsonLiteralsCompareNumbersByValue() {
        let literal: JSONValue = ["code": "SPRING24", "amount": 5, "ok": true, "none": nil, "list": [1.5, "x"]]
        let parsed = try? JSONParser.parse(
            Array(#"{"code":"SPRING24","amount":5.0,"ok":true,"none":null,"list":[15e-1,"x"]}"#.utf8)
        ).get().value
        expectEqual(parsed, literal)
        expectEqual(JSONValue.number(JSONNumber(double: 5, exactInteger: nil)), 5)
        expectEqual(Set<JSONValue>([5, 5.0]).count, 1)
    }

    @Test func validateCatchesWhatOnlyDecodingCaughtBefore() {
        let modal = Modal(
            message: "Sale 🎉",
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 40), fontStyle: .bold)],
            buttons: [
                ModalButton(label: " ", action: .close),
                ModalButton(label: "Go", action: .openURL("https://example.com/a b")),
                ModalButton(label: "Settings", action: .custom("open settings")),
            ])
        let found = modal.validate().map { "\($0.severity.rawValue) \($0.code) \($0.pointer)" }
        expectEqual(
            found,
            [
                "error range-out-of-bounds /styles/0/apply_to/length", "error empty-label /buttons/0/label",
                "error invalid-action /buttons/1/action", "error invalid-action /buttons/2/action",
            ])
    }

    @Test func validateWarnsAtAGraphemeSplitWithTheCodePointHint() throws {
        let message = "Cafe\u{301} 🎉 now"
        // Counting Characters, as String.count does: "é" is Character 3, one Character long, but two UTF-16 units.
        let start = message.distance(from: message.startIndex, to: message.firstIndex(of: "é")!)
        let byCharacters = Modal(
            message: message,
            styles: [ModalStyle(range: UTF16Range(utf16Offset: start, utf16Length: 1), fontStyle: .bold)])
        let diagnostics = byCharacters.validate()
        let json = #"{"msg":"Cafe\u0301 🎉 now","styles":[{"apply_to":{"from":3,"length":1},"font_style":"bold"}]}"#
        let fromJSON = ModalDecoder.decode(Array(json.utf8)).diagnostics
        expectEqual(diagnostics.map(\.code), ["range-splits-grapheme"])
        expectEqual(diagnostics.map(\.pointer), ["/styles/0/apply_to/length"])
        expectEqual(diagnostics.map(\.hint), fromJSON.map(\.hint))
        expectEqual(diagnostics.first?.message.contains("U+0301"), true)
    }

    @Test func colorsSayWhyTheyFailAndKeepAlpha() throws {
        expect(try ModalColor(hex: "#ff8800") == ModalColor(red: 255, green: 136, blue: 0))
        expect(try ModalColor(hex: "#FF880080").hexText == "#ff880080")
        expectEqual(ModalColor(red: 1, green: 2, blue: 3).hexText, "#010203")
        expectEqual("\(ModalColor(red: 1, green: 2, blue: 3, alpha: 4))", "#01020304")
        do {
            _ = try ModalColor.parse("#12345")
        } catch {
            expectEqual(error.reason, "\"#12345\" has 5 hex digits; use 3, 4, 6 or 8")
        }
        do {
            _ = try ModalColor.parse("gren")
        } catch {
            expectEqual(error.reason, "did you mean 'green'?")
        }
    }

    @Test func rangesFromStringIndicesAndSubstrings() throws {
        let message = "🎉 Spring sale: 春のセール, 🎉 again"
        let range = try UTF16Range(of: "🎉", in: message, occurrence: 1)
        expectEqual(range, UTF16Range(utf16Offset: 23, utf16Length: 2))
        expect(try UTF16Range(of: "sale", in: message) == UTF16Range(utf16Offset: 10, utf16Length: 4))
        #expect(
            throws: UTF16RangeError("\"🎉\" occurs 2 times in the message, so there is no occurrence 2 (0 is the first)")
        ) {
            try UTF16Range(of: "🎉", in: message, occurrence: 2)
        }
        #expect(throws: UTF16RangeError.self) { try UTF16Range(of: "", in: message) }
        // Never inside a grapheme cluster: the "e" of "e\u{301}" is not an occurrence of "e".
        expect(try UTF16Range(of: "e", in: "Cafe\u{301} e") == UTF16Range(utf16Offset: 6, utf16Length: 1))
        let indices = try #require(message.range(of: "春のセール"))
        let fromIndices = UTF16Range(indices, in: message)
        expectEqual(fromIndices, UTF16Range(utf16Offset: 16, utf16Length: 5))
        expectEqual(String(message.unicodeScalars[try fromIndices.stringRange(in: message)]), "春のセール")
        #expect(throws: UTF16RangeError.self) {
            try UTF16Range(utf16Offset: 1, utf16Length: 2).stringRange(in: message)
        }
    }

    @Test func directionDecodesAndBadValuesSuggest() {
        expectEqual(
            ModalDecoder.decode(Array(#"{"msg":"שלום","direction":"rtl"}"#.utf8)).document?.modals.first?.direction,
            .rightToLeft)
        let bad = ModalDecoder.decode(Array(#"{"msg":"a","direction":"rtl2"}"#.utf8))
        expectEqual(bad.diagnostics.map(\.code), ["invalid-direction"])
        expectEqual(bad.diagnostics.first?.hint, "did you mean 'rtl'?")
        expectEqual(bad.diagnostics.first?.pointer, "/direction")
    }
}
