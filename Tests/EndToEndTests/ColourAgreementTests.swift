import TestSupport
import Testing

/// What the preview shows in a 256-colour terminal is what `render --color 256` prints: the same palette
/// entry for every background colour, read back from tmux's own record of the screen (`capture-pane -e`).
@Suite(.serialized, .threadOfItsOwn) struct ColourAgreementTests {
    /// Sample colours spread over the cube, with the tints and near-greys where the two mappings used to
    /// part (`#00000f` was 16 in render and 232 in the preview).
    static let samples: [String] = {
        var hex = ["#00000f", "#0f0f1e", "#767878", "#7f7a7a", "#1e1e28", "#ff8800", "#3366ff", "#eeeeee"]
        for i in 0..<24 {
            let (r, g, b) = ((i * 53 + 7) % 256, (i * 97 + 3) % 256, (i * 31 + 11) % 256)
            hex.append("#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
        }
        return hex
    }()

    /// One word per sample, with the sample as its background, so that both outputs also give it the same
    /// readable text colour. (Text colours are not compared here: the preview replaces those that would not
    /// read on its panel, `ModalPanel`; `ColorEdgeAgreementTests` compares both colours in process.)
    static let document: String = {
        var message = ""
        var styles: [String] = []
        for (index, hex) in samples.enumerated() {
            let word = "w\(index)"
            let from = message.utf16.count
            message += word + " "
            let key = "bg_color"
            styles.append(#"{"apply_to":{"from":\#(from),"length":\#(word.utf16.count)},"\#(key)":"\#(hex)"}"#)
        }
        return #"{"msg":"Spring sale \#(message)","styles":[\#(styles.joined(separator: ","))]}"#
    }()

    /// The 256-colour parameters (`38;5;N`, `48;5;N`) in ANSI text, as a set.
    static func paletteParameters(_ text: String) -> Set<String> {
        var found: Set<String> = []
        let characters = Array(text)
        var index = 0
        while index + 5 < characters.count {
            let head = String(characters[index..<index + 5])
            if head == "38;5;" || head == "48;5;" {
                var end = index + 5
                while end < characters.count, characters[end].isNumber { end += 1 }
                found.insert(String(characters[index..<end]))
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    @Test func previewColoursEqualRenderColours() throws {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        let tmux = TmuxHarness(json: Self.document, width: 80, height: 24, term: "xterm-256color")
        defer { tmux.stop() }
        expect(tmux.waitForScreen(containing: "1/1"), "the preview never showed the modal")
        let everyShown = Self.paletteParameters(tmux.screen(escapes: true))
        let rendered = TmuxHarness.shell(
            "\(TmuxHarness.quote(TmuxHarness.modalkitPath)) render --format ansi --color 256 --width 60 "
                + TmuxHarness.quote(tmux.filePath))
        expectEqual(rendered.status, 0)
        let everyPrinted = Self.paletteParameters(rendered.output)
        expect(everyPrinted.count >= Self.samples.count / 2, "render printed too few colours: \(everyPrinted)")
        // The preview's panel on a terminal that did not say its background: #1a1a1a (ramp 234) under
        // white text (231).
        let panel: Set<String> = ["48;5;234", "38;5;231"]
        let shown = everyShown.subtracting(panel)
        let printed = everyPrinted.subtracting(panel)
        expectEqual(
            shown, printed,
            "only in the preview: \(shown.subtracting(printed)); only in render: \(printed.subtracting(shown))")
    }
}
