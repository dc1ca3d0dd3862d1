import HTMLRendering
import ModalModel
import Renderers
import TestSupport
import Testing
import TextLayout

/// The HTML page as markup: escaping, links, structure. What a browser computes from it is checked by
/// Tests/html (headless Chromium).
@Suite struct HTMLRendererTests {
    static func html(_ modals: [Modal], options: HTMLPageOptions = HTMLPageOptions(), modalIndex: Int? = nil) -> String
    {
        DocumentRenderer.render(
            ModalDocument(modals: modals),
            options: DocumentRenderOptions(format: .html, width: 40, modalIndex: modalIndex, html: options))
    }

    /// The row of pages inside `<main>`, which is well-formed XML: no void elements.
    static func body(_ page: String) -> String {
        guard let start = page.firstRange(of: "<div class=\"pages\">"), let end = page.firstRange(of: "</main>") else {
            return ""
        }
        return String(page[start.lowerBound..<end.lowerBound])
    }

    /// The text of markup: tags dropped, the five entities the renderer writes read back.
    static func text(of markup: String) -> String {
        var out = ""
        var inTag = false
        for character in markup {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                out.append(character)
            }
        }
        return out.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }

    static let hostile = Modal(
        message: "Hi</p></div><script>alert(1)</script> <img src=x onerror=\"alert(2)\"> & 'q' \u{202E}gnp.exe",
        styles: [
            ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 2), fontStyle: .bold),
            ModalStyle(range: UTF16Range(utf16Offset: 3, utf16Length: 5), link: .openURL("javascript:alert(3)")),
        ],
        buttons: [
            ModalButton(
                label: "</button><script>x</script>\u{1B}[31m", action: .openURL("https://e.example/?a=\"><b>"))
        ])

    @Test func hostileTextAndAttributesAreEscaped() {
        let page = Self.html([Self.hostile])
        let body = Self.body(page)
        expect(xmlWellFormednessError(body) == nil)
        expect(!page.contains("<script"))
        expect(!page.contains("<img"))
        expect(!page.contains("\u{202E}") && !page.contains("\u{1B}"))
        expect(body.contains("div&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;img"))
        expect(body.contains("onerror=&quot;alert(2)&quot;&gt; &amp; &#39;q&#39;"))
        expect(body.contains("data-action=\"https://e.example/?a=&quot;&gt;&lt;b&gt;\""))
        expect(body.contains("&lt;/button&gt;&lt;script&gt;x&lt;/script&gt;"))
    }

    @Test func textIsTheRunsOfTheMessage() {
        for modal in [Self.hostile, Fixtures.welcome] {
            let runs = MessageRun.runs(of: modal).map(\.text).joined()
            let body = Self.body(Self.html([modal]))
            let message = body.firstRange(of: "<p class=\"message").flatMap { start in
                body[start.lowerBound...].firstRange(of: "</p>").map { String(body[start.lowerBound..<$0.upperBound]) }
            }
            expectEqual(Self.text(of: message ?? ""), runs)
        }
    }

    @Test func linksGetAnHrefOnlyWhereTheLinkPolicyAllows() {
        let message = "a b c d"
        let modal = Modal(
            message: message,
            styles: [
                ModalStyle(range: UTF16Range(utf16Offset: 0, utf16Length: 1), link: .openURL("https://x.example/p")),
                ModalStyle(range: UTF16Range(utf16Offset: 2, utf16Length: 1), link: .openURL("javascript:alert(1)")),
                ModalStyle(
                    range: UTF16Range(utf16Offset: 4, utf16Length: 1),
                    link: .command(scheme: "javascript", name: "x", data: nil)),
                ModalStyle(
                    range: UTF16Range(utf16Offset: 6, utf16Length: 1),
                    link: .command(scheme: "kash", name: "pay", data: nil)
                ),
            ])
        let body = Self.body(Self.html([modal]))
        expect(body.contains("<a href=\"https://x.example/p\""))
        expect(body.contains("<a href=\"kash://invoke/cmd/pay\""))
        expect(!body.lowercased().contains("href=\"javascript"))
        // Refused targets are drawn as marked text with the reason on hover.
        expectEqual(body.ranges(of: "class=\"inert-link refused\"").count, 2)
        expect(body.contains("title=\"not a link: the link policy refuses this target\""))
        expect(body.contains("data-action=\"open_url:javascript:alert(1)\""))
    }

    @Test func looksBecomeInlineCSS() {
        let modal = Modal(
            message: "Title body",
            styles: [
                ModalStyle(
                    range: UTF16Range(utf16Offset: 0, utf16Length: 5), fontStyle: .boldItalic, underline: true,
                    strikethrough: true, fontSize: 25.5,
                    color: ModalColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x80),
                    backgroundColor: ModalColor(red: 255, green: 204, blue: 0))
            ],
            buttons: [
                ModalButton(label: "Go", action: .next, backgroundColor: ModalColor(red: 0, green: 0, blue: 0))
            ], maxLines: 2)
        let body = Self.body(Self.html([modal]))
        expect(
            body.contains(
                "<span style=\"font-weight:700;font-style:italic;text-decoration-line:underline line-through;"
                    + "color:#11223380;background-color:#ffcc00;font-size:25.5px;\">Title</span>"))
        expect(body.contains("-webkit-line-clamp:2;line-clamp:2"))
        // A background without a text colour gets the more readable of black and white.
        expect(body.contains("style=\"background-color:#000000;color:#ffffff;\">Go</button>"))
    }

    @Test func directionAndAlignment() {
        let arabic = Modal(message: "مرحبا بك", buttons: [ModalButton(label: "نعم", action: .close)])
        let forced = Modal(message: "hello", textAlignment: .end, direction: .rightToLeft)
        let body = Self.body(Self.html([arabic, forced]))
        expect(
            body.contains(
                "<div class=\"modal\" role=\"dialog\" dir=\"rtl\" aria-labelledby=\"modal-0-light-title\">\n"
                    + "<p class=\"message plaintext\" style=\"text-align:right\">"))
        expect(
            body.contains(
                "<div class=\"modal\" role=\"dialog\" dir=\"rtl\" aria-labelledby=\"modal-1-light-title\">\n"
                    + "<p class=\"message\" style=\"text-align:left\">"))
    }

    @Test func severalModalsArePagesInOrderAndOneCanBePicked() {
        let modals = (1...3).map { Modal(message: "modal \($0)") }
        let options = HTMLPageOptions(viewportCSSPixelWidth: 414, theme: .dark)
        let page = Self.html(modals, options: options)
        let body = Self.body(page)
        expect(xmlWellFormednessError(body) == nil)
        let labels = ["1/3", "2/3", "3/3"].map { body.firstRange(of: "<p class=\"page-label\">\($0)</p>")?.lowerBound }
        expect(labels.allSatisfy { $0 != nil })
        expectEqual(labels.compactMap { $0 }, labels.compactMap { $0 }.sorted())
        expectEqual(body.ranges(of: "style=\"width:414px\"").count, 3)
        expect(page.contains("<body class=\"theme-dark\">") && page.contains("color-scheme:dark"))
        let second = Self.body(Self.html(modals, modalIndex: 1))
        expect(second.contains("modal 2") && !second.contains("modal 1") && second.contains("2/3"))
    }

    @Test func theViewportIsClampedToItsRange() {
        let body = Self.body(Self.html([Modal(message: "x")], options: HTMLPageOptions(viewportCSSPixelWidth: 5)))
        expect(body.contains("style=\"width:\(HTMLPageOptions.viewportCSSPixelWidths.lowerBound)px\""))
    }

    @Test func streamedPiecesMakeTheWholePageAndNothingIsFetched() throws {
        let document = ModalDocument(modals: [Self.hostile, Fixtures.welcome, Self.hostile])
        let options = DocumentRenderOptions(format: .html, width: 60)
        var pieces: [String] = []
        try DocumentRenderer.render(document, options: options, limits: RenderLimits()) { pieces.append($0) }
        let whole = DocumentRenderer.render(document, options: options)
        expectEqual(pieces.joined(), whole)
        expect(pieces.count >= 5)  // head, the row's start, three pages, the end
        for fetching in ["<script", "<link", "<img", "<iframe", "url(", "@import"] {
            expect(!whole.contains(fetching))
        }
    }
}
