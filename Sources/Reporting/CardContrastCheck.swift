import ModalModel
import PositionedJSON
import Screen
import TextLayout

/// Warnings about text and button labels that an app's card would make hard to read: contrast under WCAG
/// AA (4.5:1, or 3:1 for large text) against what is really under them on that card (`ModalCard`).
///
/// A white title is fine on a dark sheet and invisible on a light one, and a terminal shows neither, so the
/// check runs only when `validate` is told the card (`--theme`, `--card`, or a config's `theme`/`card`).
package enum CardContrastCheck {
    /// The `card-low-contrast` warnings for a valid document drawn on `card`.
    package static func diagnostics(for document: ModalDocument, bytes: [UInt8], card: ModalCard) -> [Diagnostic] {
        guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else { return [] }
        let source = SourceText(bytes: bytes)
        var found: [Diagnostic] = []
        func warn(_ message: String, pointer: String, hint: String) {
            let node = JSONPointer.node(at: JSONPointer.components(pointer), in: root)
            found.append(
                Diagnostic(
                    severity: .warning, code: .cardLowContrast, message: message,
                    location: source.location(ofByteOffset: node?.byteOffset ?? 0), pointer: pointer, hint: hint))
        }
        for (index, modal) in document.modals.enumerated() {
            let base = document.isArray ? "/\(index)" : ""
            checkText(of: modal, base: base, card: card, warn: warn)
            checkButtons(of: modal, base: base, card: card, warn: warn)
        }
        return found.sorted { $0.location < $1.location }
    }

    /// Each stretch of the message under AA, once per pair of styles its colours come from (the last style
    /// that sets each wins, as in rendering).
    static func checkText(
        of modal: Modal, base: String, card: ModalCard, warn: (String, String, String) -> Void
    ) {
        var seen: Set<String> = []
        for span in StyledText(modal: modal).spans where span.range.utf16Length > 0 {
            let attributes = span.style.attributes
            let shown = card.text(
                color: attributes.color, backgroundColor: attributes.backgroundColor, isLink: attributes.link != nil,
                fontSize: attributes.fontSize, isBold: attributes.isBold)
            guard shown.isTooLow else { continue }
            let start = span.range.utf16Offset
            let textStyle = modal.lastStyleIndex(setting: \.color, at: start)
            let backgroundStyle = modal.lastStyleIndex(setting: \.backgroundColor, at: start)
            // Without an author's colour the text is the card's own or black or white, which reach AA; a style
            // is named so that a finding can always be placed.
            guard let placed = textStyle ?? backgroundStyle else { continue }
            guard seen.insert("\(textStyle ?? -1) \(backgroundStyle ?? -1) \(shown.isLarge)").inserted else { continue }
            let what: String
            if let textStyle, let backgroundStyle, textStyle != backgroundStyle {
                what = "the text where styles \(textStyle) and \(backgroundStyle) overlap"
            } else {
                what = "the text of style \(placed)"
            }
            let foreground = describe(attributes.color, shown: shown.foreground) ?? "black or white"
            let under =
                attributes.backgroundColor.map { "its bg_color " + (describe($0, shown: shown.background) ?? "") }
                ?? "the card \(card.color.hexRGB)"
            let size = shown.isLarge ? "large text" : "text"
            warn(
                "\(what): \(foreground) on \(under) has a contrast of \(CardContrast.written(shown.ratio)), "
                    + "below the \(shown.writtenRequirement) WCAG AA asks for \(size)",
                base + "/styles/\(placed)/" + (textStyle != nil ? "color" : "bg_color"),
                "choose a colour that reaches \(shown.writtenRequirement) on \(shown.background.hexRGB) "
                    + "(\(best(on: shown.background))), give the text a bg_color it contrasts with, or leave out "
                    + "color for the app's text colour")
        }
    }

    /// Each button whose label is under AA on its own colour, or on the card's button colour.
    static func checkButtons(
        of modal: Modal, base: String, card: ModalCard, warn: (String, String, String) -> Void
    ) {
        for (number, button) in modal.buttons.enumerated() {
            let shown = card.label(of: button)
            guard shown.isTooLow else { continue }
            let pointer = base + "/buttons/\(number)/" + (button.foregroundColor != nil ? "fg_color" : "bg_color")
            let foreground = describe(button.foregroundColor, shown: shown.foreground) ?? "black or white"
            let under =
                button.backgroundColor.map { "its bg_color " + (describe($0, shown: shown.background) ?? "") }
                ?? "the card's button colour \(card.buttonColor.hexRGB)"
            warn(
                "button \(number): \(foreground) on \(under) has a contrast of \(CardContrast.written(shown.ratio)), "
                    + "below the \(shown.writtenRequirement) WCAG AA asks for text",
                pointer,
                "choose an fg_color that reaches \(shown.writtenRequirement) on \(shown.background.hexRGB) "
                    + "(\(best(on: shown.background))), or leave out fg_color for black or white on a bg_color")
        }
    }

    /// A colour as the modal writes it, with what it is drawn as when translucent: `#ffffff80 (#7f7f7f on the
    /// card)`; nil for nil.
    static func describe(_ color: ModalColor?, shown: ModalColor) -> String? {
        guard let color else { return nil }
        return color.alpha == 255 ? color.hexRGB : "\(color.hexText) (\(shown.hexRGB) as drawn)"
    }

    /// `#000000 reaches 21.00:1`: black or white, whichever reads better on `background`.
    static func best(on background: ModalColor) -> String {
        let color = CellStyleMapping.readable(on: background)
        return "\(color.hexRGB) reaches \(CardContrast.written(ColorContrast.ratio(color, background)))"
    }
}
