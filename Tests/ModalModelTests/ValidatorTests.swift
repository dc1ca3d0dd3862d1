import PositionedJSON
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import ModalModel

/// Decodes a document given as text.
func decode(_ text: String) -> DecodeResult { ModalDecoder.decode(Array(text.utf8)) }

/// The diagnostics as "line:col severity code pointer" strings, for compact assertions.
func summary(_ result: DecodeResult) -> [String] {
    result.diagnostics.map {
        "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.code) \($0.pointer)"
    }
}

@Suite struct DocumentShapeTests {
    @Test func arrayOfModalsDecodes() throws {
        let result = decode(#"[{"msg":"Hi","buttons":[{"label":"OK","action":"close"}]},{"msg":"Two"}]"#)
        expect(result.diagnostics.isEmpty)
        let document = try #require(result.document)
        expectEqual(document.modals.map(\.message), ["Hi", "Two"])
        expectEqual(document.modals[0].buttons, [ModalButton(label: "OK", action: .close)])
        expect(document.isArray)
    }

    @Test func singleModalObjectIsADocumentOfOne() throws {
        let document = try #require(decode(#"{"msg":"Alone"}"#).document)
        expectEqual(document.modals.count, 1)
        expect(!document.isArray)
    }

    @Test func emptyArrayWarns() {
        let result = decode("[]")
        expectEqual(summary(result), ["1:1 warning document-empty "])
        expectEqual(result.document?.modals, [])
    }

    @Test func scalarDocumentIsAnError() {
        let result = decode("\n  \"hello\"")
        expectEqual(summary(result), ["2:3 error document-type "])
        expect(result.document == nil)
    }

    @Test func syntaxErrorsComeFromTheParserWithAPosition() {
        let result = decode("[{\"msg\": \"a\",}]")
        expectEqual(result.diagnostics.count, 1)
        expectEqual(result.diagnostics.first?.code, "json-syntax")
        expectEqual(result.diagnostics.first?.location.line, 1)
    }
}

@Suite struct ModalKeyTests {
    @Test func missingMessageIsAnErrorAtTheObject() {
        let result = decode("[\n  {\"buttons\": []}\n]")
        expectEqual(summary(result), ["2:3 error missing-key /0"])
    }

    @Test func misspeltMessageKeyIsSuggested() {
        let result = decode(#"[{"mgs":"Hi"}]"#)
        expectEqual(summary(result), ["1:2 error missing-key /0", "1:3 warning unknown-key /0/mgs"])
        let unknown = result.diagnostics.first { $0.code == "unknown-key" }
        expectEqual(unknown?.hint, "did you mean 'msg'?")
        let missing = result.diagnostics.first { $0.code == "missing-key" }
        expectEqual(missing?.hint?.contains("\"mgs\""), true)
    }

    @Test func aliasKeysAreSuggested() {
        let result = decode(#"[{"msg":"Hi","buttons":[{"title":"OK","action":"close"}]}]"#)
        let unknown = result.diagnostics.first { $0.code == "unknown-key" }
        expectEqual(unknown?.hint, "did you mean 'label'?")
        expectEqual(unknown?.pointer, "/0/buttons/0/title")
    }

    @Test func duplicateKeyWarnsAndTheLastWins() throws {
        let result = decode("{\"msg\":\"first\",\n\"msg\":\"second\"}")
        expectEqual(summary(result), ["2:1 warning duplicate-key /msg"])
        expectEqual(result.document?.modals.first?.message, "second")
    }

    @Test func messageMustBeAString() {
        expectEqual(summary(decode(#"[{"msg": 42}]"#)), ["1:10 error wrong-type /0/msg"])
    }

    @Test func textAlignAndMaxLines() throws {
        let modal = try #require(decode(#"{"msg":"x","text_align":"center","max_lines":3.0}"#).document?.modals.first)
        expectEqual(modal.textAlignment, .center)
        expectEqual(modal.maxLines, 3)
        let bad = decode(#"{"msg":"x","text_align":"centre","max_lines":0}"#)
        expectEqual(bad.diagnostics.map(\.code), ["invalid-text-align", "invalid-max-lines"])
        expectEqual(bad.diagnostics.first?.hint, "did you mean 'center'?")
    }
}

@Suite struct RangeTests {
    func style(_ message: String, _ from: String, _ length: String) -> DecodeResult {
        decode(#"{"msg":""# + message + #"","styles":[{"apply_to":{"from":"# + from + #","length":"# + length + "}}]}")
    }

    @Test func validRangeDecodes() throws {
        let modal = try #require(style("Hello", "1", "3.0").document?.modals.first)
        expectEqual(modal.styles.first?.range, UTF16Range(utf16Offset: 1, utf16Length: 3))
    }

    @Test func rangeRules() {
        expectEqual(style("Hello", "-1", "2").diagnostics.map(\.code), ["range-negative"])
        expectEqual(style("Hello", "1", "2.5").diagnostics.map(\.code), ["range-not-integer"])
        expectEqual(style("Hello", "1e300", "2").diagnostics.map(\.code), ["range-overflow"])
        expectEqual(style("Hello", "9223372036854775000", "9000").diagnostics.map(\.code), ["range-overflow"])
        expectEqual(style("Hello", "3", "3").diagnostics.map(\.code), ["range-out-of-bounds"])
        expectEqual(style("Hello", "6", "0").diagnostics.map(\.code), ["range-out-of-bounds"])
        expectEqual(style("Hello", "5", "0").diagnostics.map(\.code), ["range-empty"])
        expectEqual(style("Hello", "\"1\"", "2").diagnostics.first?.hint, "write the number without quotes: 1")
    }

    @Test func outOfBoundsPointsAtTheLengthWithItsPointer() {
        let result = style("Hello", "3", "3")
        expectEqual(result.diagnostics.first?.pointer, "/styles/0/apply_to/length")
        expectEqual(result.diagnostics.first?.message.contains("msg is 5 UTF-16 units long"), true)
    }

    @Test func surrogateSplitIsAnError() {
        // "😀" is two UTF-16 units; offset 1 falls between them.
        let result = style("😀 ok", "1", "2")
        expectEqual(result.diagnostics.map(\.code), ["range-splits-surrogate"])
        expectEqual(result.diagnostics.first?.pointer, "/styles/0/apply_to/from")
        expect(result.document == nil)
    }

    @Test func graphemeSplitIsAWarning() {
        // "e" + U+0301: offset 1 is a scalar boundary inside one grapheme cluster.
        let result = style("e\u{301}tude", "1", "2")
        expectEqual(result.diagnostics.map(\.code), ["range-splits-grapheme"])
        expect(result.document != nil)
    }

    @Test func codePointOffsetsGetASpecificHint() {
        // The server counted code points: "🎉🎉 Sale" — "Sale" starts at code point 3, UTF-16 unit 5.
        let result = style("🎉🎉 Sale", "3", "4")
        // The unit is named too: "ale" plus half an emoji in UTF-16, the whole word "Sale" in code points.
        expectEqual(result.diagnostics.map(\.code), ["range-unit-mismatch", "range-splits-surrogate"])
        let diagnostic = result.diagnostics.first { $0.code == "range-splits-surrogate" }
        expectEqual(diagnostic?.hint?.contains("code points"), true)
        expectEqual(diagnostic?.hint?.contains(#"{"from": 5, "length": 4}"#), true)
    }

    @Test func utf8OffsetsGetASpecificHint() {
        // "Café au lait": "lait" is UTF-8 bytes 9..<13 but UTF-16 units 8..<12.
        let result = style("Café au lait", "9", "4")
        expectEqual(result.diagnostics.map(\.code), ["range-unit-mismatch", "range-out-of-bounds"])
        let diagnostic = result.diagnostics.first { $0.code == "range-out-of-bounds" }
        expectEqual(diagnostic?.hint?.contains("UTF-8"), true)
        expectEqual(diagnostic?.hint?.contains(#"{"from": 8, "length": 4}"#), true)
    }

    /// A sum past `Int.max` is told as an overflow rather than trapping or wrapping round to a small offset; a
    /// huge sum that fits is past the end of the message.
    @Test func hugeNumbersNeverTrap() {
        let cases = [
            ("9223372036854775807", "1", "range-overflow"), ("1", "9223372036854775807", "range-overflow"),
            ("1e18", "1e18", "range-out-of-bounds"),
        ]
        for (from, length, code) in cases {
            let result = style("x", from, length)
            expectEqual(result.diagnostics.map(\.code), [code], "from \(from), length \(length)")
            expect(result.document == nil, "from \(from), length \(length)")
        }
    }
}

@Suite struct StyleAttributeTests {
    @Test func attributesDecode() throws {
        let text =
            #"{"msg":"Hello","styles":[{"apply_to":{"from":0,"length":5},"font_style":"bold_italic","underline":true,"#
            + ##""strikethrough":false,"font_size":25,"color":"#f80","bg_color":"rebeccapurple","link":"https://example.com"}]}"##
        let style = try #require(decode(text).document?.modals.first?.styles.first)
        expectEqual(style.fontStyle, .boldItalic)
        expectEqual(style.underline, true)
        expectEqual(style.strikethrough, false)
        expectEqual(style.fontSize, 25)
        expectEqual(style.color, ModalColor(red: 0xFF, green: 0x88, blue: 0x00))
        expectEqual(style.backgroundColor, ModalColor(red: 0x66, green: 0x33, blue: 0x99))
        expectEqual(style.link, .openURL("https://example.com"))
    }

    @Test func badValuesHaveSpecificHints() {
        let text =
            #"{"msg":"Hello","styles":[{"apply_to":{"from":0,"length":5},"font_style":"bolt","font_size":-3,"#
            + ##""color":"#12345","bg_color":"ff8800","underline":"true"}]}"##
        let result = decode(text)
        expectEqual(
            result.diagnostics.map(\.code),
            [
                "invalid-font-style", "invalid-font-size", "invalid-color", "invalid-color", "wrong-type",
            ])
        expectEqual(
            result.diagnostics.map(\.hint),
            [
                "did you mean 'bold'?", "use a size in points such as 17",
                ##""#12345" has 5 hex digits; use 3, 4, 6 or 8"##,
                ##"add the '#': "#ff8800""##, "write true without quotes",
            ])
    }
}

@Suite struct ButtonTests {
    @Test func buttonRules() {
        let result = decode(#"{"msg":"x","buttons":[{"label":"  ","action":"close"},{"label":"Go"},"OK"]}"#)
        expectEqual(result.diagnostics.map(\.code), ["empty-label", "missing-key", "wrong-type"])
        expectEqual(result.diagnostics.map(\.pointer), ["/buttons/0/label", "/buttons/1", "/buttons/2"])
        expectEqual(result.diagnostics.last?.hint, #"write {"label": "OK", "action": "close"}"#)
    }

    @Test func colouredButtonDecodes() throws {
        let text =
            #"{"msg":"x","buttons":[{"label":"Buy","action":"kash://invoke/cmd/buy/data/%7B%22sku%22%3A7%7D","#
            + ##""bg_color":"#00000080","fg_color":"White"}]}"##
        let button = try #require(decode(text).document?.modals.first?.buttons.first)
        expectEqual(button.backgroundColor, ModalColor(red: 0, green: 0, blue: 0, alpha: 0x80))
        expectEqual(button.foregroundColor, ModalColor(red: 255, green: 255, blue: 255))
        guard case .command(let scheme, let name, let data) = button.action else {
            Issue.record("expected an app command, got \(button.action)")
            return
        }
        expectEqual(scheme, "kash")
        expectEqual(name, "buy")
        expectEqual(data.map(JSONWriter.serialize), #"{"sku":7}"#)
    }
}

@Suite struct ControlCharacterTests {
    @Test func eachControlCharacterWarnsAtItsOwnColumn() {
        // The ESC is written as a \u escape at column 14; the CSI U+009B raw at column 29.
        let result = decode(#"{"msg":"Hello\u001b[2J world\#u{9B}1m"}"#)
        expectEqual(summary(result), ["1:14 warning control-character /msg", "1:29 warning control-character /msg"])
        expectEqual(result.diagnostics.first?.message, "msg contains ESC (U+001B), which is shown as '␛'")
        expect(result.document != nil)
    }

    @Test func bidiOverridesWarn() {
        let result = decode("{\"msg\":\"abc\u{202E}def\"}")
        expectEqual(result.diagnostics.map(\.code), ["control-character"])
        expectEqual(result.diagnostics.first?.hint?.contains("bidi"), true)
    }

    @Test func manyControlCharactersAreCappedWithANote() {
        let result = decode("{\"msg\":\"" + String(repeating: "\\u0007", count: 25) + "\"}")
        expectEqual(result.diagnostics.filter { $0.severity == .warning }.count, 10)
        expectEqual(result.diagnostics.last?.severity, .note)
        expectEqual(result.diagnostics.last?.message, "msg contains 15 more such characters from here on")
    }

    @Test func tabsAndNewlinesAreNotWarnedAbout() {
        expect(decode(#"{"msg":"a\tb\nc\r\nd"}"#).diagnostics.isEmpty)
    }
}

@Suite struct LargeObjectTests {
    /// Regression: known keys are tracked in inline storage; a key past the 127th member must still be found.
    @Test func knownKeyAfterManyUnknownKeysIsFound() throws {
        let unknown = (0..<200).map { #""x\#($0)":\#($0)"# }.joined(separator: ",")
        let result = decode("{" + unknown + #","msg":"late"}"#)
        expectEqual(result.document?.modals.first?.message, "late")
        expectEqual(result.diagnostics.filter { $0.code == "unknown-key" }.count, 200)
    }
}

@Suite struct ControlScanTests {
    /// The word-at-a-time scan agrees with the byte-by-byte one on text in other scripts, where it skips words
    /// that hold no lead byte of a control, whatever the alignment of the sequence it looks for.
    @Test func wordScanAgreesWithTheByteScanInEveryScript() {
        let pool: [String] = [
            "a", " ", "\t", "\n", "é", "â", "Ж", "ש", "ع", "日", "本", "ア", "한", "😀", "\u{2014}", "\u{2028}",
            "\u{200B}", "\u{00A0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "\u{202A}", "\u{202E}",
            "\u{202F}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{20AC}", "\u{200D}", "\u{80}", "\r",
        ]
        var generator = SeededGenerator(seed: 0x5CA9)
        for _ in 0..<TestScale.rounds(20_000, quick: 2_000) {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                pool.randomElement(using: &generator)!
            }.joined()
            var copy = text
            for layout in [false, true] {
                let words = copy.withUTF8 { ControlCharacters.scanWords($0, layout) }
                expectEqual(words, ControlCharacters.scan(text.utf8, layout), "\(text.unicodeScalars.map(\.value))")
            }
        }
    }

    /// The vector- and word-at-a-time scan must agree with a scalar-by-scalar check wherever the character falls.
    @Test func scanFindsEveryUnsafeCharacterAtEveryOffset() {
        for unsafe in ["\u{1B}", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{0}"] {
            for offset in 0..<40 {
                let text = String(repeating: "a", count: offset) + unsafe + String(repeating: "b", count: 40 - offset)
                expect(ControlCharacters.mayNeedReplacing(text, includingLayoutControls: false), "\(offset)")
            }
        }
        expect(
            !ControlCharacters.mayNeedReplacing(
                String(repeating: "plain ascii ", count: 10), includingLayoutControls: false))
        expect(
            !ControlCharacters.mayNeedReplacing("tab\tand\nnewline and é and 😀 and ~", includingLayoutControls: false))
        expect(ControlCharacters.mayNeedReplacing("tab\tand", includingLayoutControls: true))
    }
}

@Suite struct ASCIIRangeTests {
    /// In an ASCII message only CR LF holds two scalars in one grapheme cluster; the ASCII shortcut must
    /// still see a range end between them, and must find nothing wrong elsewhere.
    @Test func rangeEndInsideCRLFIsAGraphemeSplit() {
        let split = decode(#"{"msg":"ab\r\ncd","styles":[{"apply_to":{"from":3,"length":2}}]}"#)
        expectEqual(split.diagnostics.map(\.code), ["range-splits-grapheme"])
        let whole = decode(#"{"msg":"ab\r\ncd","styles":[{"apply_to":{"from":2,"length":2}}]}"#)
        expect(whole.diagnostics.isEmpty)
        let longer = String(repeating: "plain ascii text ", count: 8)
        let fine = decode(#"{"msg":""# + longer + #"","styles":[{"apply_to":{"from":5,"length":50}}]}"#)
        expect(fine.diagnostics.isEmpty)
        // The shortcut's test: a carriage return anywhere, past the eight-byte steps or inside them, ends it.
        expectEqual(UnitPositions.uniformPrefixLength(longer), longer.utf8.count)
        expectEqual(UnitPositions.uniformPrefixLength(longer + "\r"), longer.utf8.count)
        expectEqual(UnitPositions.uniformPrefixLength("abc\rdefghijkl"), 3)
        expectEqual(UnitPositions.uniformPrefixLength("abcdefghij\u{E9}"), 10)
    }
}

@Suite struct ManyRangeProblemsTests {
    /// Regression: 20,000 ranges splitting characters of a long message took tens of seconds, each
    /// description and hint walking the message. Now the first hundred are listed and the rest counted.
    @Test func rangeEndsInsideCharactersAreListedUpToACap() {
        let message = String(repeating: "😀", count: 5_000)
        let styles = (0..<2_000).map { #"{"apply_to":{"from":\#(2 * $0 + 1),"length":2}}"# }.joined(separator: ",")
        let result = decode(#"{"msg":""# + message + #"","styles":["# + styles + "]}")
        expect(result.document == nil, "splitting surrogate pairs is an error, listed or not")
        expectEqual(
            result.diagnostics.filter { $0.code == "range-splits-surrogate" }.count, DocumentDecoder.maxListedBoundaries
        )
        expect(result.diagnostics.contains { $0.code == "range-boundaries" && $0.message.hasPrefix("3900 more") })
    }

    @Test func graphemeSplitNamesTheScalarsOnEachSide() {
        let result = decode(#"{"msg":"Cafe\u0301!","styles":[{"apply_to":{"from":4,"length":2}}]}"#)
        expectEqual(
            result.diagnostics.first?.message,
            "the range starts at UTF-16 offset 4, inside one character (between 'e' (U+0065) and U+0301), so part of it is styled differently"
        )
    }
}

/// Number literals that are not whole, drawn-nothing messages, and link-policy codes as the validator reports them.
@Suite struct HardeningDiagnosticsTests {
    func range(_ from: String) -> DecodeResult {
        decode(#"{"msg":"Hello","styles":[{"apply_to":{"from":\#(from),"length":1},"font_style":"bold"}]}"#)
    }

    /// Regression: `1E-400` said "from 0.0 is too large" and `2.0000000000000001` "from 2.0 is too large".
    @Test func literalsThatRoundToWholeNumbersAreNotWhole() throws {
        for literal in ["1E-400", "2.0000000000000001", "0.00000000000000000000001", "-1e-999"] {
            let diagnostic = try #require(range(literal).diagnostics.first)
            expectEqual(diagnostic.code, "range-not-integer", "\(literal)")
            expectEqual(diagnostic.message, "from \(literal) is not a whole number")
        }
        let large = try #require(range("1e300").diagnostics.first)
        expectEqual(large.code, "range-overflow")
        expectEqual(large.message, "from 1e300 is too large")
        expect(range("2.0").diagnostics.isEmpty)
    }

    @Test func invisibleMessagesWarn() {
        for message in ["\\u200d", "\\ufe0f\\u200d\\ufe0f", "\\u0301\\u0308", "\\u20dd", "\\u200b\\u2060"] {
            let result = decode(#"{"msg":"\#(message)"}"#)
            expectEqual(result.diagnostics.map(\.code), ["message-draws-nothing"], "\(message)")
            expectEqual(result.diagnostics.first?.severity, .warning)
        }
        for message in ["e\\u0301", "\\ud83d\\udc4d\\ufe0f", " ", "", "a\\u200d", "\\u0301x"] {
            expect(decode(#"{"msg":"\#(message)"}"#).diagnostics.isEmpty, "\(message)")
        }
    }

    @Test func linkPolicyCodes() {
        let link = decode(
            #"{"msg":"Click","styles":[{"apply_to":{"from":0,"length":5},"link":"javascript:alert(1)"}]}"#)
        expectEqual(link.diagnostics.map(\.code), ["unsafe-url-scheme"])
        expectEqual(link.diagnostics.first?.severity, .warning)
        expectEqual(link.diagnostics.first?.pointer, "/styles/0/link")
        let button = decode(#"{"msg":"x","buttons":[{"label":"Go","action":"kash://invoke/cmd/%00"}]}"#)
        expectEqual(button.diagnostics.map(\.code), ["unsafe-action-name"])
        expectEqual(button.diagnostics.first?.severity, .error)
    }
}

@Suite struct BidiControlWarningTests {
    @Test func matchedIsolatesDrawNoWarningUnmatchedOnesAndOverridesDo() {
        let matched = decode(#"{"msg":"Hi \u2068Kash Pay\u2069 \u200f!"}"#)
        expect(!matched.diagnostics.contains { $0.code == "control-character" })
        let unmatched = decode(#"{"msg":"a\u2069b\u2066 \u202eevil"}"#)
        expectEqual(unmatched.diagnostics.filter { $0.code == "control-character" }.count, 3)
    }
}
