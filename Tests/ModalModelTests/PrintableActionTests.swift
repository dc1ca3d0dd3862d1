import ModalModel
import PositionedJSON
import TestSupport
import Testing

/// The byte reader for printable ASCII actions against the general reader: it may decline any text, but
/// a text it takes must be one the general reader parses with no warning, to the same action.
@Suite struct PrintableActionTests {
    static func fast(_ text: String) -> ModalAction? {
        Array(text.utf8).withUnsafeBufferPointer { ModalAction.parsingPrintableASCII($0) }
    }

    /// Why the two readers disagree on `text`, or nil when they agree.
    static func disagreement(_ text: String) -> String? {
        guard let fast = fast(text) else { return nil }
        guard case .success(let general) = ModalAction.parsingInGeneral(text) else {
            return "'\(text)': taken as \(fast), but the general reader refuses it"
        }
        guard general.warnings.isEmpty else {
            return "'\(text)': taken, but the general reader warns \(general.warnings.map(\.code))"
        }
        // `==` on strings accepts canonical equivalents; the forms must match byte for byte.
        guard general.action == fast, Array(general.action.text.utf8) == Array(fast.text.utf8),
            JSONWriter.serialize(general.action.jsonValue) == JSONWriter.serialize(fast.jsonValue)
        else { return "'\(text)': \(fast) against the general reader's \(general.action)" }
        return nil
    }

    @Test func takesTheFormsServersSend() {
        let forms: [(String, ModalAction)] = [
            ("close", .close), ("next", .next), ("prev", .previous),
            ("open_url:https://example.com/x", .openURL("https://example.com/x")),
            ("https://example.com/a?b=1", .openURL("https://example.com/a?b=1")),
            ("HTTP://example.com", .openURL("HTTP://example.com")),
            ("mailto:help@example.com", .openURL("mailto:help@example.com")),
            ("tel:+15551234567", .openURL("tel:+15551234567")),
            ("open_url:myapp:x", .openURL("myapp:x")),
            ("kash://invoke/cmd/refresh", .command(scheme: "kash", name: "refresh", data: nil)),
            ("open_settings", .custom("open_settings")), ("a:b", .custom("a:b")),
            (":x", .custom(":x")), ("1a:b", .custom("1a:b")),
        ]
        for (text, action) in forms {
            expectEqual(Self.fast(text), action, "\(text)")
            expect(Self.disagreement(text) == nil)
        }
        let command = Self.fast("app://invoke/cmd/track/data/%7B%22id%22%3A1%7D")
        guard case .command("app", "track", let data?) = command else {
            Issue.record("the app command with data was not taken: \(String(describing: command))")
            return
        }
        expectEqual(JSONWriter.serialize(data), #"{"id":1}"#)
    }

    /// Each of these earns a warning or a refusal, or needs decoding, which only the general reader gives.
    @Test func declinesWhatTheGeneralReaderWords() {
        let texts = [
            "", " close", "close ", "open settings", "Close", "NEXT", "prev\u{7F}", "caf\u{E9}", "a\u{202E}b",
            "https://", "https:example.com", "http://?q", "open_url:", "open_url:example.com", "tel:",
            "javascript:alert(1)", "open_url:JavaScript:x", "DATA:text/html,x", "myapp://settings",
            "kash://invoke/cmd/", "kash://invoke/run/x", "kash://invoke/cmd/x/extra", "kash://invoke/cmd/a%20b",
            "kash://invoke/cmd/x/data/%7Bnot-json", "kash://invoke/cmd/x/data/%ZZ", "kash://invoke/cmd/x/data/",
        ]
        for text in texts {
            expect(Self.fast(text) == nil, "'\(text)' was taken")
        }
    }

    /// Texts made of the pieces actions are made of, in every order: whatever is taken agrees.
    @Test func randomTextsAgree() {
        let pieces = [
            "close", "Close", "next", "prev", "PREV", "open_url:", "https", "HTTPS", "http", "mailto", "tel",
            "javascript", "Data", "file", "vbscript", "app", "kash", ":", "//", "/", "invoke/", "cmd/", "/data/",
            "data/", "%7B%22id%22%3A1%7D", "%5B1%2C2%5D", "%22x%22", "%7B", "%ZZ", "%", "%20", "example.com", "?",
            "#", "x", "a.b", "+", "-", "1", "_", " ", "\u{7F}", "\u{E9}", "\u{202E}", "\u{1F600}", "\t",
        ]
        let starts = [
            "open_url:", "open_url:https:", "open_url:javascript:", "open_url:FILE:", "https://", "http:",
            "app://invoke/", "app://invoke/cmd/", "kash://invoke/cmd/x/data/", "VBScript:", "myapp:",
        ]
        var generator = SeededGenerator(seed: 0x4143_5449_4F4E)
        let count = TestScale.rounds(200_000, quick: 20_000)
        var taken = 0
        var failures: [String] = []
        for _ in 0..<count {
            // Half the texts start as an action does, so that the deeper forms come up often.
            var text = Bool.random(using: &generator) ? starts.randomElement(using: &generator)! : ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                text += pieces.randomElement(using: &generator)!
            }
            if Self.fast(text) != nil { taken += 1 }
            if let failure = Self.disagreement(text), failures.count < 10 { failures.append(failure) }
        }
        expect(failures.isEmpty, "\(failures)")
        // The test means something only if the byte reader takes a fair share of the texts.
        expect(taken > count / 20, "only \(taken) of \(count) texts were taken")
    }
}
