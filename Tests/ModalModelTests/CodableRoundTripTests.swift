import ModalModel
@_spi(JSON) import PositionedJSON
import TestSupport
import Testing

/// Every valid sample and a seeded set of generated modals read back equal after encoding, and re-encode
/// to the same bytes.
@Suite struct CodableRoundTripTests {
    static let validSamples = [
        "app-command", "centered-alert", "cjk-promotion", "combining-marks", "emoji-greeting", "error", "link",
        "onboarding", "rtl-notice", "terms-of-service", "welcome", "promotion", "hebrew-brand",
    ]

    @Test(arguments: validSamples)
    func sampleRoundTrips(name: String) throws {
        let bytes = try #require(readFileBytes(repositoryRoot + "/samples/\(name).json"))
        let first = ModalDecoder.decode(bytes)
        let document = try #require(first.document)
        let layouts: [(ModalEncoder.Layout, CanonicalJSONWriter.Layout)] = [(.compact, .compact), (.pretty, .pretty)]
        for (layout, writerLayout) in layouts {
            let encoded = try ModalEncoder(layout: layout).encode(document)
            expectEqual(encoded, CanonicalJSONWriter(layout: writerLayout).bytes(document.wireValue))
            let second = ModalDecoder.decode(encoded)
            expectEqual(second.document, document)
            expectEqual(second.diagnostics.map(\.code), first.diagnostics.map(\.code))
            let again = try ModalEncoder(layout: layout).encode(try #require(second.document))
            expectEqual(again, encoded, "re-encoding is not byte-stable")
        }
    }

    @Test func generatedModalsRoundTrip() throws {
        var random = SeededGenerator(seed: 0x5EED_C0DE)
        for _ in 0..<TestScale.rounds(3_000, quick: 300) {
            let modal = RandomModals.modal(using: &random)
            expect(modal.validate().filter { $0.severity == .error }.isEmpty)
            let encoded = try ModalEncoder().encode(modal)
            expectEqual(encoded, CanonicalJSONWriter().bytes(modal.wireValue))
            expect(
                try ModalEncoder(layout: .pretty).encode(modal)
                    == CanonicalJSONWriter(layout: .pretty).bytes(modal.wireValue))
            let result = ModalDecoder.decode(encoded)
            expectEqual(result.document?.modals, [modal])
            expect(try ModalEncoder().encode(try #require(result.document?.modals.first)) == encoded)
            let throughCodable = try JSONValueDecoder().decode(Modal.self, from: try JSONValueEncoder().encode(modal))
            expectEqual(throughCodable, modal)
        }
    }

    @Test func encoderWritesTheWireKeysInFormatOrder() throws {
        var builder = ModalBuilder(textAlignment: .center, maxLines: 3, direction: .rightToLeft)
        builder.append(
            "Hi",
            StyleAttributes(
                fontStyle: .bold, fontSize: 17.5, color: ModalColor(red: 255, green: 0, blue: 0, alpha: 128)))
        builder.addButton("OK", action: .close, backgroundColor: try ModalColor(hex: "#3478f6"))
        let text = ModalEncoder().encodeToString(builder.modal)
        expectEqual(
            text,
            ##"{"msg":"Hi","styles":[{"apply_to":{"from":0,"length":2},"font_style":"bold","font_size":17.5,"color":"#ff000080"}],"buttons":[{"label":"OK","action":"close","bg_color":"#3478f6"}],"text_align":"center","max_lines":3,"direction":"rtl"}"##
        )
    }

    @Test func encoderEscapesWhatJSONRequiresAndWhatNoReaderCanSee() {
        let modal = Modal(message: "é\"\\\n\u{1B}🎉\u{2028}")
        expectEqual(ModalEncoder().encodeToString(modal), "{\"msg\":\"é\\\"\\\\\\n\\u001b🎉\\u2028\"}")
    }

    @Test func numbersReadBackEqual() throws {
        for size in [6.1, 12.5, 199.99999999999997, 12.000000000000002, 17] {
            let modal = Modal(
                message: "x", styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 1), fontSize: size)])
            expectEqual(ModalDecoder.decode(try ModalEncoder().encode(modal)).document?.modals.first, modal)
        }
        // Sizes outside the format's range are refused by `encode`; written anyway, the numbers still read back.
        for size in [0.1, 1e-7, 1e21, 3.0000000000000004] {
            let modal = Modal(
                message: "x", styles: [ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 1), fontSize: size)])
            let root = try JSONParser.parse(ModalEncoder().encodeUnchecked(modal)).get()
            guard case .object(let members) = root.value, case .array(let styles)? = members.last?.value.value,
                case .object(let style)? = styles.first?.value, case .number(let number)? = style.last?.value.value
            else {
                Issue.record("no font_size written for \(size)")
                continue
            }
            expectEqual(number.double, size)
        }
    }

    @Test func prettyLayoutIndentsByTwo() throws {
        let text = String(
            decoding: try ModalEncoder(layout: .pretty).encode(ModalDocument(modals: [Modal(message: "a")])),
            as: UTF8.self)
        expectEqual(text, "[\n  {\n    \"msg\": \"a\"\n  }\n]\n")
    }
}

/// Random modals from pieces of many scripts, built with `ModalBuilder`.
enum RandomModals {
    static let pieces = [
        "Hello", " ", "world", "🎉", "👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "🇺🇸", "コンピューター", "中文字符", "한국어", "é", "e\u{301}",
        "a\u{308}\u{323}", "مرحبا", "שלום", "नमस्ते", "\n", "café", "1 234,5", "Ω", "⚠️", "🧑🏿‍💻", "$5",
    ]

    static func piece(using random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func attributes(using random: inout SeededGenerator) -> StyleAttributes {
        var attributes = StyleAttributes()
        if Bool.random(using: &random) { attributes.fontStyle = FontStyle.allCases.randomElement(using: &random) }
        if Int.random(in: 0..<4, using: &random) == 0 { attributes.underline = Bool.random(using: &random) }
        if Bool.random(using: &random) {
            attributes.color = ModalColor(
                red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                blue: .random(in: 0...255, using: &random), alpha: Bool.random(using: &random) ? 255 : 128)
        }
        if Int.random(in: 0..<5, using: &random) == 0 {
            attributes.fontSize = Double(Int.random(in: 8...40, using: &random)) / 2
        }
        if Int.random(in: 0..<6, using: &random) == 0 {
            attributes.link = [
                ModalAction.openURL("https://example.com/a?b=1"),
                .command(scheme: "kash", name: "apply Coupon", data: ["code": "X", "n": 2.5]),
                .next, .custom("open_settings"),
            ].randomElement(using: &random)!
        }
        return attributes
    }

    static func modal(using random: inout SeededGenerator) -> Modal {
        var builder = ModalBuilder(
            textAlignment: ModalTextAlignment.allCases.randomElement(using: &random)!,
            maxLines: Bool.random(using: &random) ? nil : Int.random(in: 1...9, using: &random),
            direction: TextDirection.allCases.randomElement(using: &random)!)
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            builder.append(piece(using: &random), attributes(using: &random))
        }
        for index in 0..<Int.random(in: 0...3, using: &random) {
            builder.addButton(
                "Button \(index) \(piece(using: &random))", action: index == 0 ? .close : .custom("b\(index)"))
        }
        return builder.modal
    }
}
