import HTMLRendering
import ModalModel
import Renderers
import Screen
import TestSupport
import Testing

/// The structure a screen reader and axe-core need, and the phone screen of `device`, as markup: the page's
/// language, title, main and heading; each modal a dialog named by its first line; the stacked buttons; the
/// light and dark pages side by side. Tests/html checks what Chromium and axe-core make of it.
@Suite struct HTMLAccessibleMarkupTests {
    static func page(_ modals: [Modal], options: HTMLPageOptions = HTMLPageOptions()) -> String {
        HTMLRendererTests.html(modals, options: options)
    }

    /// The text of the element with `id`, tags dropped.
    static func textOfElement(_ id: String, in page: String) -> String? {
        guard let start = page.firstRange(of: "id=\"\(id)\">") else { return nil }
        var depth = 1
        var index = start.upperBound
        var text = ""
        while index < page.endIndex, depth > 0 {
            if page[index...].hasPrefix("</span>") {
                depth -= 1
                index = page.index(index, offsetBy: 7)
                continue
            }
            if page[index...].hasPrefix("<span") { depth += 1 }
            if page[index] == "<" {
                index = page[index...].firstIndex(of: ">").map { page.index(after: $0) } ?? page.endIndex
                continue
            }
            text.append(page[index])
            index = page.index(after: index)
        }
        return text
    }

    @Test func thePageHasALanguageTitleMainAndHeading() {
        let page = Self.page([Modal(message: "Hello")])
        expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head>"))
        expect(page.contains("<title>ModalKit preview</title>"))
        expect(page.contains("<main>\n<h1 class=\"visually-hidden\">ModalKit preview</h1>\n<div class=\"pages\">"))
        expect(page.contains("</main>\n</body></html>\n"))
    }

    /// The first line ends inside a bold run: the name stops at the line feed and the run goes on after it.
    @Test func eachModalIsADialogNamedByItsFirstLine() throws {
        let modal = Modal(
            message: "Terms of Service\nRead them.",
            styles: [ModalStyle(range: UTF16Range(utf16Offset: 9, utf16Length: 10), fontStyle: .bold)])
        let page = Self.page([modal, Modal(message: "Second")])
        expect(
            page.contains("<div class=\"modal\" role=\"dialog\" dir=\"ltr\" aria-labelledby=\"modal-0-light-title\">"))
        expectEqual(Self.textOfElement("modal-0-light-title", in: page), "Terms of Service")
        expectEqual(Self.textOfElement("modal-1-light-title", in: page), "Second")
        expect(HTMLRendererTests.text(of: HTMLRendererTests.body(page)).contains("Terms of Service\nRead them."))
        expect(xmlWellFormednessError(HTMLRendererTests.body(page)) == nil)
    }

    @Test func aMessageStartingWithABlankLineIsNamedByItsNumber() {
        let page = Self.page([Modal(message: "\nbody"), Modal(message: "  \nbody")])
        expect(page.contains("role=\"dialog\" dir=\"ltr\" aria-label=\"modal 1\">"))
        expect(page.contains("role=\"dialog\" dir=\"ltr\" aria-label=\"modal 2\">"))
        expect(!page.contains("aria-labelledby"))
    }

    @Test func threeOrMoreButtonsStackAndTwoShareARow() {
        func buttons(_ count: Int) -> [ModalButton] {
            (0..<count).map { ModalButton(label: "B\($0)", action: .close) }
        }
        let page = Self.page([
            Modal(message: "two", buttons: buttons(2)), Modal(message: "three", buttons: buttons(3)),
            Modal(message: "six", buttons: buttons(6)),
        ])
        expectEqual(page.ranges(of: "<div class=\"buttons\">").count, 1)
        expectEqual(page.ranges(of: "<div class=\"buttons stacked\">").count, 2)
    }

    @Test func aDeviceDrawsAScreenOfItsSizeWithTheFold() {
        for device in HTMLDevice.allCases {
            var options = HTMLPageOptions(viewportCSSPixelWidth: 1000)
            options.device = device
            let page = Self.page([Modal(message: "Hi")], options: options)
            expect(
                page.contains("<section class=\"page theme-light device\" style=\"width:\(device.cssPixelWidth)px\""))
            expect(page.contains("<div class=\"screen\" style=\"height:\(device.cssPixelHeight)px\">"))
            expect(
                page.contains("<p class=\"fold\">fold: \(device.cssPixelWidth)×\(device.cssPixelHeight) screen</p>"))
            // The message scrolls inside the dialog there, so the keyboard can reach it.
            expect(page.contains("<p class=\"message plaintext\" tabindex=\"0\" style=\"text-align:"))
            expect(xmlWellFormednessError(HTMLRendererTests.body(page)) == nil)
        }
        expectEqual(
            HTMLDevice.allCases.map { "\($0.cssPixelWidth)x\($0.cssPixelHeight)" },
            [
                "320x568", "375x667", "390x844", "414x896",
            ])
        expect(!Self.page([Modal(message: "Hi")]).contains("tabindex"))
    }

    @Test func bothThemesDrawEachModalTwiceWithIdsApart() {
        var options = HTMLPageOptions()
        options.drawsBothThemes = true
        let page = Self.page([Modal(message: "One"), Modal(message: "Two")], options: options)
        let sections = page.ranges(of: "<section class=\"page theme-").map { page[$0.upperBound...].prefix(5) }
        expectEqual(sections, ["light", "dark\"", "light", "dark\""])
        for id in ["modal-0-light-title", "modal-0-dark-title", "modal-1-light-title", "modal-1-dark-title"] {
            expectEqual(page.ranges(of: "id=\"\(id)\"").count, 1)
        }
        expect(
            page.contains("<p class=\"page-label\">1/2 light</p>")
                && page.contains("<p class=\"page-label\">2/2 dark</p>"))
        // Each side takes its own theme's card.
        expect(page.contains(".theme-light{") && page.contains("--card:\(ModalCard.light.color.hexRGB);"))
        expect(page.contains(".theme-dark{") && page.contains("--card:\(ModalCard.dark.color.hexRGB);"))
        expect(page.contains("color-scheme:light dark"))
    }
}
