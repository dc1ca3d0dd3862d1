import PositionedJSON
import TestSupport
import Testing

@testable import ModalModel

@Suite struct ActionParsingTests {
    func parse(_ text: String) -> ModalAction? { try? ModalAction.parse(text).action }
    func failure(_ text: String) -> ActionError? {
        if case .failure(let error) = ModalAction.parsing(text) { return error }
        return nil
    }

    @Test func builtIns() {
        expectEqual(parse("close"), .close)
        expectEqual(parse("next"), .next)
        expectEqual(parse("prev"), .previous)
    }

    @Test func urls() {
        expectEqual(parse("https://example.com/a?b=1"), .openURL("https://example.com/a?b=1"))
        expectEqual(parse("HTTP://example.com"), .openURL("HTTP://example.com"))
        expectEqual(parse("mailto:help@example.com"), .openURL("mailto:help@example.com"))
        expectEqual(parse("tel:+15551234567"), .openURL("tel:+15551234567"))
        expectEqual(parse("open_url:https://example.com"), .openURL("https://example.com"))
        expectEqual(failure("https://")?.code, "invalid-action")
        expectEqual(failure("https://example.com/a b")?.message.contains("%20"), true)
        expectEqual(failure("open_url:")?.code, "invalid-action")
        expectEqual(failure("open_url:example.com")?.message.contains("no scheme"), true)
    }

    @Test func appCommands() {
        expectEqual(parse("kash://invoke/cmd/refresh"), .command(scheme: "kash", name: "refresh", data: nil))
        let data = "%7B%22arg1%22%3A%22value1%22%2C%22n%22%3A%5B1%2C2%5D%7D"
        guard case .command(_, let name, let value) = parse("kash://invoke/cmd/the%20command/data/" + data) else {
            Issue.record("not parsed as a command")
            return
        }
        expectEqual(name, "the command")
        expectEqual(value.map(JSONWriter.serialize), #"{"arg1":"value1","n":[1,2]}"#)
        expectEqual(failure("kash://invoke/cmd/x/data/%7Bnot-json")?.code, "invalid-action-data")
        expectEqual(failure("kash://invoke/cmd/x/data/%ZZ")?.code, "invalid-action-data")
        expectEqual(failure("kash://invoke/cmd/")?.message, "the app command has no name")
        expectEqual(failure("kash://invoke/run/x")?.code, "invalid-action")
        expectEqual(failure("kash://invoke/cmd/x/extra")?.code, "invalid-action")
    }

    @Test func customActions() throws {
        expectEqual(parse("open_settings"), .custom("open_settings"))
        expectEqual(failure("open settings")?.code, "invalid-action")
        expectEqual(failure("")?.code, "invalid-action")
        expectEqual(failure(" close")?.code, "invalid-action")
        let parsed = try ModalAction.parse("Close")
        expectEqual(parsed.action, .custom("Close"))
        expectEqual(parsed.warnings.map(\.code), ["builtin-action-case"])
        let deepLink = try ModalAction.parse("myapp://settings")
        expectEqual(deepLink.action, .custom("myapp://settings"))
        expectEqual(deepLink.warnings.map(\.code), ["unknown-url-scheme"])
    }

    @Test func textRoundTrips() throws {
        let actions: [ModalAction] = [
            .close, .next, .previous, .openURL("https://example.com"), .openURL("myapp:x"),
            .command(scheme: "kash", name: "a b/c", data: .array([JSONNode(value: .string("é"), byteOffset: 0)])),
            .command(scheme: "kash", name: "x", data: nil), .custom("tap_banner"),
        ]
        for action in actions {
            expect(try ModalAction.parse(action.text).action == action, "\(action.text)")
        }
    }

    @Test func jsonEncoding() {
        expectEqual(JSONWriter.serialize(ModalAction.previous.jsonValue), #"{"type":"prev"}"#)
        expectEqual(
            JSONWriter.serialize(ModalAction.openURL("https://x.io").jsonValue), #"{"type":"url","url":"https://x.io"}"#
        )
        expectEqual(
            JSONWriter.serialize(ModalAction.command(scheme: "k", name: "n", data: nil).jsonValue),
            #"{"type":"command","scheme":"k","name":"n","data":null}"#)
        expectEqual(JSONWriter.serialize(ModalAction.custom("go").jsonValue), #"{"type":"custom","name":"go"}"#)
    }
}

@Suite struct ColorParsingTests {
    @Test func forms() {
        expectEqual(ModalColor(cssText: "#f80"), ModalColor(red: 0xFF, green: 0x88, blue: 0))
        expectEqual(ModalColor(cssText: "#F808"), ModalColor(red: 0xFF, green: 0x88, blue: 0, alpha: 0x88))
        expectEqual(ModalColor(cssText: "#ff8800"), ModalColor(red: 0xFF, green: 0x88, blue: 0))
        expectEqual(ModalColor(cssText: "#ff880080"), ModalColor(red: 0xFF, green: 0x88, blue: 0, alpha: 0x80))
        expectEqual(ModalColor(cssText: "RebeccaPurple"), ModalColor(red: 0x66, green: 0x33, blue: 0x99))
        expectEqual(ModalColor(cssText: "transparent")?.alpha, 0)
        for bad in ["#12345", "ff8800", "#gg0000", "", "#", "bluish", "#ff88001"] {
            expect(ModalColor(cssText: bad) == nil, "\(bad)")
        }
    }

    /// Every byte in every place of every hex form: a digit only where it is 0–9, a–f or A–F, with its value.
    @Test func everyByteInEveryPlaceOfTheHexForms() {
        let hexDigits = Array("0123456789abcdef".utf8)
        for length in [3, 4, 6, 8] {
            for place in 1...length {
                for byte in UInt8.min...UInt8.max {
                    var text = [UInt8](repeating: UInt8(ascii: "0"), count: length + 1)
                    text[0] = UInt8(ascii: "#")
                    text[place] = byte
                    let parsed = text.withUnsafeBufferPointer { ModalColor(hexUTF8: $0) }
                    let lower = (0x41...0x46).contains(byte) ? byte | 0x20 : byte
                    guard let value = hexDigits.firstIndex(of: lower) else {
                        expect(parsed == nil, "byte \(byte) at \(place) of \(length)")
                        continue
                    }
                    let nibbles = (length == 3 || length == 4 ? 2 : 1)
                    let channel = (place - 1) / (length == 3 || length == 4 ? 1 : 2)
                    let shift = length == 3 || length == 4 ? 0 : (place % 2 == 1 ? 4 : 0)
                    let expected = nibbles == 2 ? value << 4 | value : value << shift
                    let channels = parsed.map { [$0.red, $0.green, $0.blue, $0.alpha] }
                    expectEqual(channels?[channel], UInt8(expected), "byte \(byte) at \(place) of \(length)")
                }
            }
        }
        expectEqual(ModalColor(cssText: "#ABCDEF"), ModalColor(red: 0xAB, green: 0xCD, blue: 0xEF))
        expectEqual(ModalColor(cssText: "#aBc"), ModalColor(red: 0xAA, green: 0xBB, blue: 0xCC))
    }

    @Test func blendingOverABackground() {
        let half = ModalColor(red: 255, green: 0, blue: 0, alpha: 128)
        expectEqual(
            half.blended(over: ModalColor(red: 0, green: 0, blue: 255)), ModalColor(red: 128, green: 0, blue: 127))
        expectEqual(half.hexRGB, "#ff0000")
    }
}

@Suite struct SuggestionTests {
    @Test func closeWordsAreSuggested() {
        expectEqual(Suggestions.closest(to: "lenght", among: ["from", "length"]), "length")
        expectEqual(Suggestions.closest(to: "Label", among: ["label", "action"]), "label")
        expect(Suggestions.closest(to: "zzz", among: ["from", "length"]) == nil)
        expectEqual(Suggestions.editDistance(Array("ab".unicodeScalars), Array("ba".unicodeScalars)), 1)
    }
}
