import ModalModel
import Reporting
import Screen
import TestSupport
import Testing

/// `card-low-contrast`: text and labels measured against what is under them on the app's card.
@Suite struct CardContrastCheckTests {
    static func check(_ json: String, on card: ModalCard) throws -> [Diagnostic] {
        let bytes = Array(json.utf8)
        let document = try #require(ModalDecoder.decode(bytes).document)
        return CardContrastCheck.diagnostics(for: document, bytes: bytes, card: card)
    }

    static func welcome() throws -> String {
        try #require(readFile(repositoryRoot + "/samples/welcome.json"))
    }

    /// Regression: the `#fff` title of samples/welcome.json was invisible on the light card and called valid.
    @Test func theWhiteTitleOfWelcomeIsReportedOnTheLightCard() throws {
        let found = try Self.check(Self.welcome(), on: .light)
        expectEqual(found.count, 1)
        let warning = try #require(found.first)
        expectEqual(warning.code, "card-low-contrast")
        expectEqual(warning.severity, .warning)
        expect(warning.location.line == 12 && warning.location.column == 18)
        expectEqual(warning.pointer, "/0/styles/0/color")
        expect(warning.message.contains("has a contrast of 1.00:1"), "\(warning.message)")
        expect(warning.message.contains("#ffffff on the card #ffffff"), "\(warning.message)")
        // Bold at 25 px is large text, held to 3:1.
        expect(warning.message.contains("below the 3:1 WCAG AA asks for large text"), "\(warning.message)")
        expectEqual(warning.hint?.contains("#000000 reaches 21.00:1"), true)
    }

    @Test func welcomeReadsWellOnTheDarkCard() throws {
        expect(try Self.check(Self.welcome(), on: .dark).isEmpty)
    }

    @Test func aWhiteCardGivesWhatTheLightThemeGives() throws {
        let white = ModalCard(color: ModalColor(red: 255, green: 255, blue: 255))
        expect(try Self.check(Self.welcome(), on: white) == Self.check(Self.welcome(), on: .light))
        expect(white.textColor == ModalCard.light.textColor && !white.isDark)
        expect(ModalCard(color: ModalColor(red: 0, green: 0, blue: 0)).isDark)
    }

    @Test func normalTextNeedsFourAndAHalfAndLargeTextThree() throws {
        // #949494 on white is 3.03:1: enough for large text, not for body text.
        let json = """
            {"msg":"Big small","styles":[
              {"apply_to":{"from":0,"length":3},"font_size":24,"color":"#949494"},
              {"apply_to":{"from":4,"length":5},"color":"#949494"}]}
            """
        let found = try Self.check(json, on: .light)
        expectEqual(found.map(\.pointer), ["/styles/1/color"])
        expectEqual(found.first?.message.contains("3.03:1, below the 4.5:1 WCAG AA asks for text"), true)
        expect(CardContrast.isLarge(fontSize: 24, isBold: false))
        expect(!CardContrast.isLarge(fontSize: 23.9, isBold: false))
        expect(CardContrast.isLarge(fontSize: 18.7, isBold: true))
        expect(!CardContrast.isLarge(fontSize: 18.6, isBold: true))
        expect(!CardContrast.isLarge(fontSize: nil, isBold: true))
    }

    @Test func textIsMeasuredOnItsOwnBackgroundNotTheCard() throws {
        // White on a dark highlight reads on the light card; black on it does not, whatever the card.
        let json = """
            {"msg":"ok bad","styles":[
              {"apply_to":{"from":0,"length":2},"color":"#ffffff","bg_color":"#202020"},
              {"apply_to":{"from":3,"length":3},"color":"#000000","bg_color":"#202020"}]}
            """
        for card in [ModalCard.light, .dark] {
            let found = try Self.check(json, on: card)
            expectEqual(found.map(\.pointer), ["/styles/1/color"])
            expectEqual(found.first?.message.contains("#000000 on its bg_color #202020"), true)
        }
    }

    @Test func aBackgroundWithoutAColourGetsReadableTextAndNoWarning() throws {
        let json = ##"{"msg":"33% off","styles":[{"apply_to":{"from":0,"length":7},"bg_color":"#fff1b8"}]}"##
        expect(try Self.check(json, on: .dark).isEmpty)
        let shown = ModalCard.dark.text(
            color: nil, backgroundColor: ModalColor(red: 255, green: 241, blue: 184), isLink: false, fontSize: nil,
            isBold: false)
        expectEqual(shown.foreground, ModalColor(red: 0, green: 0, blue: 0))
    }

    @Test func aButtonLabelIsMeasuredOnTheButtonColour() throws {
        let json = """
            [{"msg":"Hi","buttons":[
              {"label":"Pale","action":"close","fg_color":"#ffffff","bg_color":"#ffd60a"},
              {"label":"Grey","action":"close","fg_color":"#8e8e93"},
              {"label":"Fine","action":"close","bg_color":"#ffd60a"}]}]
            """
        let found = try Self.check(json, on: .light)
        expectEqual(found.map(\.pointer), ["/0/buttons/0/fg_color", "/0/buttons/1/fg_color"])
        expectEqual(found.first?.location.line, 2)
        expectEqual(found.last?.message.contains("on the card's button colour #e5e5ea"), true)
    }

    /// The themes' own colours must pass the rule they are measured by.
    @Test func theThemesOwnTextLinksAndButtonsReachAA() {
        for card in [ModalCard.light, .dark] {
            for color in [card.textColor, card.linkColor] {
                expect(ColorContrast.ratio(color, card.color) >= 4.5, "\(color) on \(card.color)")
            }
            expect(ColorContrast.ratio(card.buttonTextColor, card.buttonColor) >= 4.5)
        }
        for gray: UInt8 in [0x60, 0x77, 0x88, 0xa0] {
            let card = ModalCard(color: ModalColor(red: gray, green: gray, blue: gray))
            expect(ColorContrast.ratio(card.linkColor, card.color) >= 4.5, "link on \(card.color)")
            expect(ColorContrast.ratio(card.buttonTextColor, card.buttonColor) >= 4.5, "label on \(card.color)")
        }
    }
}

/// The `theme` and `card` settings of `.modalkit.json`.
@Suite struct CardConfigTests {
    @Test func themeAndCardAreRead() throws {
        let config = try ValidationConfig.parse(Array(##"{"theme": "dark", "card": "#fafafa"}"##.utf8), directory: "")
            .get()
        expectEqual(config.card.theme, .dark)
        expectEqual(config.card.color, ModalColor(red: 250, green: 250, blue: 250))
        expectEqual(config.card.card, ModalCard(color: ModalColor(red: 250, green: 250, blue: 250)))
        expect(ValidationConfig.settingNames.contains("theme") && ValidationConfig.settingNames.contains("card"))
    }

    @Test func badValuesAreErrorsWithLineColumnAndFix() {
        let bytes = Array("{\n  \"theme\": \"sepia\",\n  \"card\": \"#ffffff80\"\n}".utf8)
        guard case .failure(let error) = ValidationConfig.parse(bytes, directory: "") else {
            Issue.record("a bad theme and card were accepted")
            return
        }
        expectEqual(error.diagnostics.map(\.code), ["config-invalid", "config-invalid"])
        expectEqual(error.diagnostics[0].message, "theme must be one of light, dark")
        expect(error.diagnostics[0].location.line == 2 && error.diagnostics[0].location.column == 12)
        expect(error.diagnostics[1].location.line == 3 && error.diagnostics[1].location.column == 11)
        expectEqual(error.diagnostics[1].hint, "a card is opaque; drop the alpha and write \"#ffffff\"")
    }

    @Test func theCommandLineCardReplacesTheConfigsWhole() {
        let config = CardChoice(theme: nil, color: ModalColor(red: 255, green: 255, blue: 255))
        expectEqual(CardChoice(theme: .dark).or(config), CardChoice(theme: .dark))
        expectEqual(CardChoice().or(config), config)
        expect(CardChoice().card == nil)
        expectEqual(CardChoice(color: ModalColor(red: 0, green: 0, blue: 0)).pageTheme, .dark)
    }
}
