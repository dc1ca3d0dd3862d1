import ModalModel
import Screen
@_spi(Kernel) import TextKernel
import TextLayout

/// Draws modals as a self-contained HTML page, as an app shows them: a system font, sizes in CSS pixels
/// relative to a 17 px body, real colours, links and buttons.
///
/// The text and its looks are the runs that apps get (`MessageRun.runs(of:)`), so the page and an
/// `AttributedString` of the same modal cannot disagree. The page holds inline CSS only: no script, and nothing
/// that the browser would fetch. Every text and attribute value is escaped; a link gets an `href` only when
/// the link policy allows its target (`ModalAction.hyperlinkTarget`), and is shown as text otherwise.
package enum HTMLRenderer {
    /// The body font size in CSS pixels, against which `font_size` values are drawn (Apple's body text size).
    package static let bodyFontCSSPixelSize = 17

    /// The page up to its body: the document type, the head with its style sheet, and the `<body>` tag.
    package static func pageStart(title: String, options: HTMLPageOptions, extraStyleSheet: String = "") -> String {
        // The tool's own words are English; each modal's text keeps whatever language it is in.
        var out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        appendEscaped(title, into: &out)
        out += "</title>\n<style>\n"
        out += styleSheet(options)
        out += extraStyleSheet
        out += "</style>\n</head>\n<body class=\"theme-\(options.theme.rawValue)\">\n"
        return out
    }

    /// The start of a page's `main` with its heading, which a screen reader lists; it is not drawn, so that the
    /// picture stays the phone's.
    package static func mainStart(heading: String) -> String {
        "<main>\n<h1 class=\"visually-hidden\">\(escaped(heading))</h1>\n"
    }

    /// The end of what `mainStart(heading:)` starts.
    package static let mainEnd = "</main>\n"

    /// The page's closing tags.
    package static let pageEnd = "</body></html>\n"

    /// Writes a row of phone pages, one for each modal at `indices` of `modals` (labelled `2/4` when there are
    /// several) in each of the options' themes, handing `output` one page at a time. `idPrefix` keeps the
    /// pages' element ids apart when several rows share one HTML page.
    package static func writePages(
        of modals: [Modal], indices: [Int], options: HTMLPageOptions, idPrefix: String = "",
        output: (String) -> Void
    ) {
        var out = "<div class=\"pages\">\n"
        for index in indices {
            for theme in options.drawnThemes {
                var label = modals.count > 1 ? "\(index + 1)/\(modals.count)" : nil
                if options.drawsBothThemes { label = (label.map { $0 + " " } ?? "") + theme.rawValue }
                appendPage(
                    of: modals[index], label: label, index: index, theme: theme, options: options,
                    idPrefix: idPrefix, into: &out)
                output(out)
                out = ""
            }
        }
        output("</div>\n")
    }

    /// Appends one phone page holding one modal, in the options' theme.
    package static func appendPage(
        of modal: Modal, label: String?, index: Int, options: HTMLPageOptions, into out: inout String
    ) {
        appendPage(of: modal, label: label, index: index, theme: options.theme, options: options, into: &out)
    }

    /// Appends one phone page holding one modal in `theme`: a card on the page, or with `options.device` a
    /// screen of the device's size with a backdrop, the dialog centred on it, and the fold at its foot.
    static func appendPage(
        of modal: Modal, label: String?, index: Int, theme: HTMLTheme, options: HTMLPageOptions,
        idPrefix: String = "", into out: inout String
    ) {
        let isRightToLeft = ParagraphDirection(modal.direction).resolved(for: modal.message) == .rightToLeft
        out += "<section class=\"page theme-" + theme.rawValue + (options.device == nil ? "\"" : " device\"")
        out += " style=\"width:\(options.clampedViewportCSSPixelWidth)px\" data-modal=\"\(index)\""
        out += " data-theme=\"\(theme.rawValue)\">\n"
        if let label { out += "<p class=\"page-label\">\(label)</p>\n" }
        if let device = options.device {
            out += "<div class=\"screen\" style=\"height:\(device.cssPixelHeight)px\">"
        }
        let titleID = "\(idPrefix)modal-\(index)-\(theme.rawValue)-title"
        let firstLine = firstLineScalars(of: modal.message)
        out += "<div class=\"modal\" role=\"dialog\" dir=\(isRightToLeft ? "\"rtl\"" : "\"ltr\"")"
        // A dialog is named by its first line, as a screen reader announces an alert by its title; a message
        // that starts with a blank line has none to point at.
        let isNamedByFirstLine = firstLine.contains { !$0.properties.isWhitespace }
        if isNamedByFirstLine {
            out += " aria-labelledby=\"\(titleID)\">\n"
        } else {
            out += " aria-label=\"modal \(index + 1)\">\n"
        }
        let card = options.drawnCard(in: theme)
        appendMessage(
            of: modal, isRightToLeft: isRightToLeft, card: card, marksLowContrast: options.marksLowContrast,
            titleID: isNamedByFirstLine ? titleID : nil, scrolls: options.device != nil, into: &out)
        appendButtons(of: modal, card: card, marksLowContrast: options.marksLowContrast, into: &out)
        out += "</div>\n"
        if let device = options.device {
            out += "</div>\n<p class=\"fold\">fold: \(device.cssPixelWidth)×\(device.cssPixelHeight) screen</p>\n"
        }
        out += "</section>\n"
    }

    /// The scalars of `message` before its first line feed.
    private static func firstLineScalars(of message: String) -> Substring.UnicodeScalarView {
        let scalars = Substring(message).unicodeScalars
        return scalars[..<(scalars.firstIndex(of: "\n") ?? scalars.endIndex)]
    }

    private static func appendMessage(
        of modal: Modal, isRightToLeft: Bool, card: ModalCard, marksLowContrast: Bool, titleID: String?,
        scrolls: Bool, into out: inout String
    ) {
        out += "<p class=\"message"
        // Each paragraph of an `auto` message takes its own direction, as layout gives it (UAX #9 P2, P3).
        if modal.direction == .auto { out += " plaintext" }
        out += "\""
        // On a device screen a long message scrolls inside the dialog, so the keyboard must reach it too.
        if scrolls { out += " tabindex=\"0\"" }
        out += " style=\"text-align:"
        switch modal.textAlignment {
        case .left: out += "left"
        case .center: out += "center"
        case .right: out += "right"
        case .start: out += isRightToLeft ? "right" : "left"
        case .end: out += isRightToLeft ? "left" : "right"
        }
        if let maxLines = modal.maxLines, maxLines > 0 {
            out += ";-webkit-line-clamp:\(maxLines);line-clamp:\(maxLines)\" data-max-lines=\"\(maxLines)"
        }
        out += "\">"
        var openTitleID = titleID
        if let titleID { out += "<span class=\"title\" id=\"\(titleID)\">" }
        for run in MessageRun.runs(of: modal) {
            guard openTitleID != nil, let feed = run.text.unicodeScalars.firstIndex(of: "\n") else {
                appendRun(run, card: card, marksLowContrast: marksLowContrast, into: &out)
                continue
            }
            // The first line ends inside this run: the run is drawn in two parts with the title closed between.
            var head = run
            head.text = String(run.text.unicodeScalars[..<feed])
            var tail = run
            tail.text = String(run.text.unicodeScalars[feed...])
            if !head.text.isEmpty { appendRun(head, card: card, marksLowContrast: marksLowContrast, into: &out) }
            out += "</span>"
            openTitleID = nil
            appendRun(tail, card: card, marksLowContrast: marksLowContrast, into: &out)
        }
        if openTitleID != nil { out += "</span>" }
        out += "</p>\n"
    }

    private static func appendRun(
        _ run: MessageRun, card: ModalCard, marksLowContrast: Bool, into out: inout String
    ) {
        let attributes = run.attributes
        let shown = card.text(
            color: attributes.foregroundColor, backgroundColor: attributes.backgroundColor,
            isLink: attributes.link != nil, fontSize: attributes.fontSize, isBold: attributes.isBold)
        let mark = marksLowContrast && shown.isTooLow ? shown : nil
        var element: String?
        var classes: [String] = []
        if let link = attributes.link {
            // The verdict apps read decides; `isSafeHref` only stands behind it.
            if case .hyperlink(let target) = link.verdict, isSafeHref(target) {
                element = "a"
                out += "<a href=\""
                appendEscaped(ControlCharacters.singleLine(target), into: &out)
                out += "\""
            } else {
                element = "span"
                out += "<span"
                classes.append("inert-link")
                // An app action is tappable in the app and keeps the link colour; a refused target is text
                // there, so it is drawn as text, marked, with the reason on hover.
                if link.verdict == .refused {
                    classes.append("refused")
                    if mark == nil { out += " title=\"not a link: the link policy refuses this target\"" }
                } else {
                    classes.append("app-action")
                    if mark == nil { out += " title=\"app action, handed to the app\u{2019}s router\"" }
                }
            }
        }
        if mark != nil { classes.append(lowContrastClass) }
        // A background without a text colour gets black or white, whichever reads better, as on a terminal:
        // the card's text colour could vanish on it.
        let textColor = attributes.foregroundColor ?? attributes.backgroundColor.map { _ in shown.foreground }
        let hasLook =
            attributes.isBold || attributes.isItalic || attributes.isUnderlined || attributes.isStruckThrough
            || textColor != nil || attributes.backgroundColor != nil || attributes.fontSize != nil
        if element == nil, hasLook || mark != nil {
            element = "span"
            out += "<span"
        }
        if !classes.isEmpty { out += " class=\"\(classes.joined(separator: " "))\"" }
        if let link = attributes.link {
            out += " data-action=\""
            appendEscaped(ControlCharacters.singleLine(link.action.text), into: &out)
            out += "\" data-link=\"\(link.styleIndex)\""
        }
        if let mark { appendLowContrastTitle(mark, into: &out) }
        if hasLook {
            out += " style=\""
            if attributes.isBold { out += "font-weight:700;" }
            if attributes.isItalic { out += "font-style:italic;" }
            if attributes.isUnderlined || attributes.isStruckThrough {
                out += "text-decoration-line:"
                if attributes.isUnderlined { out += "underline" }
                if attributes.isUnderlined && attributes.isStruckThrough { out += " " }
                if attributes.isStruckThrough { out += "line-through" }
                out += ";"
            }
            if let color = textColor {
                out += "color:"
                appendCSS(color, into: &out)
                out += ";"
            }
            if let color = attributes.backgroundColor {
                out += "background-color:"
                appendCSS(color, into: &out)
                out += ";"
            }
            if let size = attributes.fontSize {
                out += "font-size:"
                out += cssFontSize(size)
                out += "px;"
            }
            out += "\""
        }
        if element != nil { out += ">" }
        appendEscaped(run.text, into: &out)
        if let element { out += "</\(element)>" }
    }

    private static func appendButtons(
        of modal: Modal, card: ModalCard, marksLowContrast: Bool, into out: inout String
    ) {
        guard !modal.buttons.isEmpty else { return }
        // The row follows the modal's `dir`, so a right-to-left modal has its first button at the right.
        // Three or more actions stack, one a row, as UIAlertController and Material dialogs lay them out.
        out += modal.buttons.count >= 3 ? "<div class=\"buttons stacked\">" : "<div class=\"buttons\">"
        for (index, button) in modal.buttons.enumerated() {
            let shown = card.label(of: button)
            out += "<button type=\"button\""
            if marksLowContrast, shown.isTooLow {
                out += " class=\"\(lowContrastClass)\""
                appendLowContrastTitle(shown, into: &out)
            }
            out += " data-button=\"\(index)\" data-action=\""
            appendEscaped(ControlCharacters.singleLine(button.action.text), into: &out)
            out += "\""
            if button.backgroundColor != nil || button.foregroundColor != nil {
                out += " style=\""
                if let color = button.backgroundColor {
                    out += "background-color:"
                    appendCSS(color, into: &out)
                    out += ";"
                }
                // A background without a text colour gets black or white, whichever reads better, as on a
                // terminal: the card's button text colour could vanish on it.
                if let color = button.foregroundColor ?? button.backgroundColor.map({ _ in shown.foreground }) {
                    out += "color:"
                    appendCSS(color, into: &out)
                    out += ";"
                }
                out += "\""
            }
            out += ">"
            appendEscaped(ControlCharacters.singleLine(button.label), into: &out)
            out += "</button>"
        }
        out += "</div>\n"
    }

    /// The class of text and buttons marked for contrast under WCAG AA on the card.
    package static let lowContrastClass = "low-contrast"

    /// ` title="contrast 1.00:1 on the card, below the 3:1 WCAG AA asks for large text"`.
    private static func appendLowContrastTitle(_ contrast: CardContrast, into out: inout String) {
        out += " title=\"contrast \(CardContrast.written(contrast.ratio)) (\(contrast.foreground.hexRGB) on "
        out += "\(contrast.background.hexRGB)), below the \(contrast.writtenRequirement) WCAG AA asks"
        out += contrast.isLarge ? " for large text\"" : " for text\""
    }

    /// Whether a link target may be an `href`: a second guard behind the link policy, so that no scheme that
    /// runs code can ever reach one, whatever spelling or leading blanks it hides behind.
    static func isSafeHref(_ target: String) -> Bool {
        let prefix = target.unicodeScalars.lazy.filter { $0.value > 0x20 }.prefix(12)
        let scheme = String(String.UnicodeScalarView(prefix)).lowercased()
        return !ModalAction.unsafeURLSchemes.contains { scheme.hasPrefix($0 + ":") }
    }

    /// Appends `text` with `&`, `<`, `>`, `"` and `'` escaped, so it is safe as element text and as an attribute
    /// value in double or single quotes. The stretches between those bytes are appended whole: a page is
    /// mostly text that needs no escaping.
    package static func appendEscaped(_ text: String, into out: inout String) {
        var source = text
        let escapedAny = source.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let entity: String
                switch bytes[index] {
                case 0x26: entity = "&amp;"
                case 0x3C: entity = "&lt;"
                case 0x3E: entity = "&gt;"
                case 0x22: entity = "&quot;"
                case 0x27: entity = "&#39;"
                default: continue
                }
                // The five are ASCII, so every stretch between them is whole UTF-8.
                if start < index {
                    out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                }
                out += entity
                start = index + 1
            }
            if start > 0, start < bytes.count {
                out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
            }
            return start > 0
        }
        if !escapedAny { out += text }
    }

    /// `text` escaped as `appendEscaped(_:into:)` escapes it.
    package static func escaped(_ text: String) -> String {
        var out = ""
        appendEscaped(text, into: &out)
        return out
    }

    /// A colour as CSS: `#rrggbb` when opaque, else `#rrggbbaa` (CSS Color 4), so alpha reaches the browser.
    static func appendCSS(_ color: ModalColor, into out: inout String) {
        out += color.hexText
    }

    /// A font size as CSS pixels, clamped to the sizes a browser draws (a modal built in code is not validated),
    /// and the body size when it is not a number.
    static func cssFontSize(_ points: Double) -> String {
        guard !points.isNaN else { return String(bodyFontCSSPixelSize) }
        let drawable = FontSizeLimits.drawablePoints
        return PlainDecimal.text(min(max(points, drawable.lowerBound), drawable.upperBound))
    }

    /// The page's style sheet: a system font stack, each theme's colours as custom properties (so that light and
    /// dark pages can share one sheet), phone pages side by side.
    // A device screen draws rows of a stand-in app under its backdrop: a dark screen dimmed is still black,
    // and the rows are what show that the dialog sits on a dimmed app.
    package static func styleSheet(_ options: HTMLPageOptions) -> String {
        var out = ":root{color-scheme:\(options.drawsBothThemes ? "light dark" : options.theme.rawValue)}\n"
        for theme in options.drawnThemes {
            out += themeProperties(theme, options: options, selector: ".theme-\(theme.rawValue)")
        }
        return out + """
            body{margin:0;background:var(--page);color:var(--page-text);\
            font-family:-apple-system,BlinkMacSystemFont,"SF Pro Text","Segoe UI",Roboto,"Noto Sans",\
            "Helvetica Neue",Arial,sans-serif,"Apple Color Emoji","Noto Color Emoji","Segoe UI Emoji";\
            font-size:\(bodyFontCSSPixelSize)px;line-height:1.35}
            .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);\
            white-space:nowrap}
            .pages{display:flex;flex-direction:row;flex-wrap:nowrap;align-items:flex-start;gap:24px;\
            padding:\(pagesMarginCSSPixels)px;width:max-content}
            .page{box-sizing:border-box;flex:none;padding:24px 16px;background:var(--screen);color:var(--page-text);\
            border:1px solid var(--edge);border-radius:28px}
            .page-label{margin:0 0 8px;font-size:13px;color:var(--secondary);text-align:center}
            .modal{background:var(--card);color:var(--text);border-radius:14px;padding:20px 16px 16px;\
            box-shadow:0 2px 12px rgba(0,0,0,.18)}
            .message{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
            .message.plaintext{unicode-bidi:plaintext}
            .message[data-max-lines]{display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden}
            .message a,.message .inert-link{color:var(--accent);text-decoration-line:underline}
            .message .inert-link.refused{color:inherit;text-decoration-line:none;border-bottom:1px dashed currentColor;\
            cursor:help}
            .message .inert-link.refused::after{content:"\\2298" / "";font-size:13px;vertical-align:super}
            .buttons{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
            .buttons.stacked{flex-direction:column;flex-wrap:nowrap}
            .buttons button{flex:1 1 auto;min-width:0;overflow-wrap:anywhere;font:inherit;font-weight:600;\
            padding:10px 14px;border:0;border-radius:10px;background:var(--button);color:var(--button-text);\
            cursor:pointer}
            .pages:has(.device){padding:0}
            .page.device{padding:0;border:0;border-radius:0;background:var(--page)}
            .device .page-label{margin:8px 0}
            .screen{position:relative;box-sizing:border-box;display:flex;align-items:center;\
            justify-content:center;padding:24px 20px;overflow:hidden;background-color:var(--screen);\
            background-image:linear-gradient(rgba(0,0,0,.4),rgba(0,0,0,.4)),\
            repeating-linear-gradient(transparent 0 20px,var(--edge) 20px 64px,transparent 64px 76px);\
            background-size:100% 100%,calc(100% - 32px) 100%;background-position:0 0,16px 0;\
            background-repeat:no-repeat}
            .device .modal{box-sizing:border-box;width:100%;max-height:100%;display:flex;flex-direction:column;\
            min-height:0}
            .device .message{flex:0 1 auto;min-height:0;overflow-y:auto;overscroll-behavior:contain}
            .device .message[data-max-lines]{display:-webkit-box;overflow:hidden}
            .device .buttons{flex:none}
            .fold{margin:0;border-top:2px dashed var(--secondary);padding-top:2px;font-size:13px;\
            color:var(--secondary);text-align:center}

            """ + narrowWindowRule(options)
    }

    /// The colours of `theme` as the custom properties the style sheet draws with, set on `selector`; a page
    /// that follows the reader's system sets the dark ones on its light pages under a media query.
    package static func themeProperties(_ theme: HTMLTheme, options: HTMLPageOptions, selector: String) -> String {
        let colors = ThemeColors(theme: theme, card: options.drawnCard(in: theme))
        var out = selector + "{--page:\(colors.page);--screen:\(colors.screen);--edge:\(colors.edge);"
        out += "--page-text:\(colors.pageText);--secondary:\(colors.secondary);--card:\(colors.card);"
        out += "--text:\(colors.text);--accent:\(colors.accent);--button:\(colors.button);"
        out += "--button-text:\(colors.buttonText);--error:\(colors.error)}\n"
        return out
    }

    /// The margin around the row of phone pages.
    private static let pagesMarginCSSPixels = 16

    /// In a window no wider than the phone page, the page loses its margin and frame and becomes the window,
    /// so that a phone-width window shows a card page without scrolling sideways.
    private static func narrowWindowRule(_ options: HTMLPageOptions) -> String {
        guard options.device == nil else { return "" }
        let framedCSSPixelWidth = options.clampedViewportCSSPixelWidth + 2 * pagesMarginCSSPixels
        return "@media (max-width:\(framedCSSPixelWidth - 1)px){.pages{padding:\(pagesMarginCSSPixels)px 0}"
            + ".page{border-left:0;border-right:0;border-radius:0}}\n"
    }
}

/// The colours of one page in one theme, as CSS: the theme's around the modal, the card's on it.
private struct ThemeColors {
    var page: String
    var screen: String
    var edge: String
    var pageText: String
    var secondary: String
    var error: String
    var card: String
    var text: String
    var accent: String
    var button: String
    var buttonText: String

    init(theme: HTMLTheme, card: ModalCard) {
        // The greys and the red are the tool's own text, so each reads at WCAG AA (4.5:1) on the page and on
        // the tinted diagnostic boxes.
        switch theme {
        case .light:
            page = "#e9e9ee"
            screen = "#f2f2f7"
            edge = "#c7c7cc"
            pageText = "#000000"
            secondary = "#515154"
            error = "#a50011"
        case .dark:
            page = "#1c1c1e"
            screen = "#000000"
            edge = "#3a3a3c"
            pageText = "#ffffff"
            secondary = "#a1a1a8"
            error = "#ff6961"
        }
        self.card = card.color.hexRGB
        text = card.textColor.hexRGB
        accent = card.linkColor.hexRGB
        button = card.buttonColor.hexRGB
        buttonText = card.buttonTextColor.hexRGB
    }
}
