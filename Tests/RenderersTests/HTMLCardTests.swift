import HTMLRendering
import ModalModel
import Renderers
import Screen
import TestSupport
import Testing
import TextLayout

/// The card under the HTML page: one `ModalCard`, its colours in the style sheet, and FORMAT.md's black or
/// white text on a background set without a colour.
@Suite struct HTMLCardTests {
    static func page(_ path: String, options: HTMLPageOptions) throws -> String {
        let bytes = try #require(readFile(repositoryRoot + "/" + path)).utf8
        let document = try #require(ModalDecoder.decode(Array(bytes)).document)
        return DocumentRenderer.render(
            document, options: DocumentRenderOptions(format: .html, width: 40, html: options))
    }

    /// Regression: "33％オフ" (a `bg_color` of #fff1b8 without `color`) was white on yellow, 1.13:1, in the dark
    /// theme, while ANSI output draws it black.
    @Test(arguments: [HTMLTheme.light, .dark])
    func aBackgroundWithoutAColourGetsBlackOrWhiteTextInEitherTheme(theme: HTMLTheme) throws {
        let page = try Self.page("samples/cjk-promotion.json", options: HTMLPageOptions(theme: theme))
        expect(page.contains("color:#000000;background-color:#fff1b8;\">33％オフ</span>"))
        let ansi = CellStyleMapping().cellStyle(
            for: TextStyle(StyleAttributes(backgroundColor: ModalColor(red: 255, green: 241, blue: 184))))
        expectEqual(ansi.foreground, ModalColor(red: 0, green: 0, blue: 0))
    }

    @Test func theStyleSheetTakesItsColoursFromTheCard() throws {
        for (theme, card) in [(HTMLTheme.light, ModalCard.light), (.dark, .dark)] {
            let sheet = HTMLRenderer.styleSheet(HTMLPageOptions(theme: theme))
            expect(sheet.contains("--card:\(card.color.hexRGB);--text:\(card.textColor.hexRGB);"))
            expect(sheet.contains("--accent:\(card.linkColor.hexRGB);"))
            expect(sheet.contains("--button:\(card.buttonColor.hexRGB);--button-text:\(card.buttonTextColor.hexRGB)"))
        }
        // The light theme's card keeps its white and the dark one its #1c1c1e.
        expect(ModalCard.light.color.hexRGB == "#ffffff" && ModalCard.dark.color.hexRGB == "#1c1c1e")
        let custom = HTMLPageOptions(theme: .light, card: ModalCard(color: ModalColor(red: 32, green: 32, blue: 96)))
        expect(HTMLRenderer.styleSheet(custom).contains("--card:#202060;--text:#ffffff;"))
    }

    @Test func lowContrastIsMarkedOnlyWhenAsked() throws {
        var options = HTMLPageOptions(theme: .light)
        let plain = try Self.page("samples/welcome.json", options: options)
        expect(!plain.contains("low-contrast"))
        options.marksLowContrast = true
        let marked = try Self.page("samples/welcome.json", options: options)
        expect(
            marked.contains(
                "<span class=\"low-contrast\" title=\"contrast 1.00:1 (#ffffff on #ffffff), below the 3:1 WCAG AA "
                    + "asks for large text\""))
        expectEqual(marked.ranges(of: "class=\"low-contrast\"").count, 1)
        options.theme = .dark
        expect(!(try Self.page("samples/welcome.json", options: options)).contains("class=\"low-contrast\""))
    }
}
