import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// Parsing and conversion APIs throw a typed error that says what is wrong and how to fix it.
@Suite struct FailureStyleTests {
    func colorError(_ make: () throws(ColorParseError) -> ModalColor) -> ColorParseError? {
        do {
            _ = try make()
            return nil
        } catch {
            return error
        }
    }

    /// The bug: `ModalColor(hex: "red")` said `"red" is not a colour: did you mean 'red'?`.
    @Test func aNameWhereHexIsWantedIsToldApartFromNotAColour() throws {
        let name = try #require(colorError { () throws(ColorParseError) in try ModalColor(hex: "red") })
        expectEqual(
            "\(name)",
            ##""red" is a colour name, not hex: ModalColor(hex:) takes "#RGB", "#RRGGBB" or "#RRGGBBAA": write "#ff0000", or use ModalColor.parse("red") for names"##
        )
        let typo = try #require(colorError { () throws(ColorParseError) in try ModalColor(hex: "gren") })
        expectEqual("\(typo)", ##""gren" is not a colour: did you mean "#008000", the hex of 'green'?"##)
        let parsedTypo = try #require(colorError { () throws(ColorParseError) in try ModalColor.parse("gren") })
        expectEqual("\(parsedTypo)", #""gren" is not a colour: did you mean 'green'?"#)
        expect(try ModalColor.parse("red") == ModalColor(red: 255, green: 0, blue: 0))
    }

    /// What each initialiser suggests, it then accepts: a suggestion the caller must translate again is no fix.
    @Test(arguments: [
        "gren", "bleu", "rde", "whte", "blak", "orang", "purpel", "ff880", "0xff8800", "ff8800", "#ff88f",
    ])
    func everySuggestionIsAcceptedWhereItWasGiven(text: String) throws {
        let fromHex = try #require(colorError { () throws(ColorParseError) in try ModalColor(hex: text) })
        for suggestion in Self.suggestions(in: fromHex.reason) {
            #expect(throws: Never.self, "hex: \(text) -> \(suggestion)") { try ModalColor(hex: suggestion) }
        }
        let fromParse = try #require(colorError { () throws(ColorParseError) in try ModalColor.parse(text) })
        for suggestion in Self.suggestions(in: fromParse.reason) {
            #expect(throws: Never.self, "parse: \(text) -> \(suggestion)") { try ModalColor.parse(suggestion) }
        }
    }

    /// The texts a reason offers to write instead: after "did you mean", "write" or "add the '#':".
    static func suggestions(in reason: String) -> [String] {
        guard let offer = ["did you mean ", "write it as ", "add the '#': "].compactMap({ reason.range(of: $0) }).first
        else { return [] }
        let rest = reason[offer.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return [] }
        return [String(rest.dropFirst().prefix { $0 != quote })]
    }

    /// One rule for `#`, as the format has it: required by `ModalColor(hex:)` and `parse` alike.
    @Test func theHashIsRequiredEverywhere() throws {
        let fromHex = try #require(colorError { () throws(ColorParseError) in try ModalColor(hex: "ff8800") })
        let fromParse = try #require(colorError { () throws(ColorParseError) in try ModalColor.parse("ff8800") })
        expectEqual(fromHex.reason, ##"add the '#': "#ff8800""##)
        expectEqual(fromParse, fromHex)
        expect(try ModalColor(hex: "#ff8800") == ModalColor.parse("#ff8800"))
        let decoded = ModalDecoder.decode(
            #"{"msg":"a","styles":[{"apply_to":{"from":0,"length":1},"color":"ff8800"}]}"#)
        expectEqual(decoded.diagnostics.first?.hint, ##"add the '#': "#ff8800""##)
    }

    /// The bug: errors ordered lowest, so `severity <= .warning` meant "a warning or worse".
    @Test func severityOrdersTheMostSevereHighest() {
        expect(Severity.note < .warning && Severity.warning < .error)
        expectEqual([Severity.warning, .error, .note].max(), .error)
        expectEqual([Severity.warning, .error, .note].sorted(), [.note, .warning, .error])
        expectEqual([Severity.error, .warning, .note].filter { $0 >= .warning }, [.error, .warning])
    }

    @Test func actionParsingThrowsTheReasonAndTheFix() throws {
        expect(try ModalAction.parse("close").action == .close)
        let error = try #require(throws: ActionError.self) { try ModalAction.parse(" close") }
        expectEqual(error.code, "invalid-action")
        expectEqual("\(error)", "the action has leading or trailing white space [invalid-action]; remove the spaces")
    }

    struct Coupon: Codable, Equatable {
        var code: String
    }

    /// The bug: `commandData(as:)` both threw and returned nil, so a missing payload looked like a decoded one.
    @Test func commandDataThrowsWhyThereIsNone() throws {
        let command = try ModalAction.command(scheme: "kash", name: "apply", data: Coupon(code: "SPRING24"))
        expect(try command.commandData(as: Coupon.self) == Coupon(code: "SPRING24"))
        let notACommand = try #require(throws: ActionError.self) { try ModalAction.close.commandData(as: Coupon.self) }
        expectEqual(notACommand.message, "'close' is not an app command, so it has no data")
        let noData = try #require(throws: ActionError.self) {
            try ModalAction.command(scheme: "kash", name: "apply", data: nil).commandData(as: Coupon.self)
        }
        expectEqual(noData.message, "the app command 'apply' has no data")
        expectEqual(noData.hint?.contains("kash://invoke/cmd/apply/data/"), true)
        let wrongShape = try #require(throws: ActionError.self) {
            try ModalAction.command(scheme: "kash", name: "apply", data: ["amount": 5]).commandData(as: Coupon.self)
        }
        expectEqual(wrongShape.code, "invalid-action-data")
        expect(wrongShape.message.hasPrefix("the data of the app command 'apply' does not decode as Coupon"))
    }

    @Test func aStyleFromAStringRangeCountsUTF16ForYou() throws {
        let message = "🎉 Spring sale: 春のセール"
        let range = try #require(message.range(of: "春のセール"))
        let style = ModalStyle(range: range, in: message, fontStyle: .bold, color: try ModalColor(hex: "#e4572e"))
        expectEqual(style.range, UTF16Range(utf16Offset: 16, utf16Length: 5))
        expectEqual(style.fontStyle, .bold)
        expect(Modal(message: message, styles: [style]).validate().isEmpty)
    }

    @Test func jsonParsingThrowsTheDiagnosticWithItsPosition() throws {
        expect(try JSONValue(parsing: Array(#"{"id": [1, 2]}"#.utf8))["id"] == [1, 2])
        let violation = try #require(throws: ModalRuleViolation.self) {
            try JSONValue(parsing: Array("{\n  \"id\": [1, 2,]\n}".utf8))
        }
        let diagnostic = try #require(violation.diagnostics.first)
        expect(diagnostic.code.hasPrefix("json-"))
        expectEqual(diagnostic.location.line, 2)
    }

    /// The bug: `print` of a range showed `ModalModel.UTF16Range(utf16Offset: 3, utf16Length: 5)`.
    @Test func publicValuesPrintCleanly() {
        expectEqual("\(UTF16Range(utf16Offset: 3, utf16Length: 5))", "{from: 3, length: 5}")
        expectEqual("\(ModalColor(red: 255, green: 136, blue: 0))", "#ff8800")
    }
}
