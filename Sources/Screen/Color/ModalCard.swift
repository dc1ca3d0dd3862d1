import ModalModel

/// The surface an app draws a modal on, and the colours the app itself draws on it: the card, its text,
/// its links and its buttons.
///
/// The format has no background of its own, so what a colour looks like depends on the card under it. The
/// HTML page draws on this card, and `validate --theme`/`--card` measures contrast against it, so the page
/// shows what the validator measured.
public struct ModalCard: Sendable, Hashable {
    /// The card's own colour, opaque.
    public var color: ModalColor
    /// The colour of text that sets no `color`.
    public var textColor: ModalColor
    /// The colour of a link that sets no `color`.
    public var linkColor: ModalColor
    /// The background of a button that sets no `bg_color`.
    public var buttonColor: ModalColor
    /// The label colour of a button that sets neither `fg_color` nor `bg_color`.
    public var buttonTextColor: ModalColor

    /// Creates a card from all its colours. A translucent card colour is blended over black, as the renderers
    /// blend what has nothing under it; the other colours over the card (a button's label over the button).
    public init(
        color: ModalColor, textColor: ModalColor, linkColor: ModalColor, buttonColor: ModalColor,
        buttonTextColor: ModalColor
    ) {
        let opaque = color.blended(over: CellStyleMapping.assumedBackground)
        self.color = opaque
        self.textColor = textColor.blended(over: opaque)
        self.linkColor = linkColor.blended(over: opaque)
        self.buttonColor = buttonColor.blended(over: opaque)
        self.buttonTextColor = buttonTextColor.blended(over: self.buttonColor)
    }

    /// A white card with black text, as a phone in light mode shows a sheet.
    ///
    /// Its link blue is darker than iOS's `#007aff`, which reaches only 4.02:1 on white and 3.2:1 on the
    /// button grey, under the 4.5:1 WCAG AA asks for text.
    public static let light = ModalCard(
        color: ModalColor(red: 255, green: 255, blue: 255), textColor: ModalColor(red: 0, green: 0, blue: 0),
        linkColor: ModalColor(red: 0, green: 98, blue: 204), buttonColor: ModalColor(red: 229, green: 229, blue: 234),
        buttonTextColor: ModalColor(red: 0, green: 98, blue: 204))

    /// A near-black card with white text, as a phone in dark mode shows a sheet.
    ///
    /// Its link blue is lighter than iOS's `#0a84ff`, which reaches only 3.82:1 on the button grey.
    public static let dark = ModalCard(
        color: ModalColor(red: 28, green: 28, blue: 30), textColor: ModalColor(red: 255, green: 255, blue: 255),
        linkColor: ModalColor(red: 64, green: 156, blue: 255), buttonColor: ModalColor(red: 44, green: 44, blue: 46),
        buttonTextColor: ModalColor(red: 64, green: 156, blue: 255))

    /// A card of `color` (blended over black if translucent) with the app's colours chosen for it: black or
    /// white text, whichever contrasts more; the light or dark card's link colour that goes with that text, or
    /// the text colour where the link colour would not reach 4.5:1; a button a step off the card.
    public init(color: ModalColor) {
        let opaque = color.blended(over: CellStyleMapping.assumedBackground)
        let text = CellStyleMapping.readable(on: opaque)
        let theme = text == Self.light.textColor ? Self.light : Self.dark
        // Mid-tone cards suit neither theme's blue, and an app on them keeps its links readable first.
        let link =
            ColorContrast.ratio(theme.linkColor, opaque) >= CardContrast.minimumRatio ? theme.linkColor : text
        // The button a step off the card towards its text, as both themes' button greys are; on a mid-tone card
        // that step would take the text under AA, so it goes the other way there.
        let toward = ModalColor(red: text.red, green: text.green, blue: text.blue, alpha: 26).blended(over: opaque)
        let away = ModalColor(red: 255 - text.red, green: 255 - text.green, blue: 255 - text.blue, alpha: 26)
        let button =
            ColorContrast.ratio(text, toward) >= CardContrast.minimumRatio ? toward : away.blended(over: opaque)
        let label = ColorContrast.ratio(link, button) >= CardContrast.minimumRatio ? link : text
        self.init(color: opaque, textColor: text, linkColor: link, buttonColor: button, buttonTextColor: label)
    }

    /// Whether the card is dark: its text is white.
    public var isDark: Bool { CellStyleMapping.readable(on: color) != Self.light.textColor }

    /// What text with these attributes shows on this card: its colour and the colour under it, as the HTML page
    /// draws them. A `bg_color` without a `color` gets black or white text (`CellStyleMapping.readable(on:)`),
    /// as on a terminal; text without either gets the card's text or link colour.
    package func text(
        color: ModalColor?, backgroundColor: ModalColor?, isLink: Bool, fontSize: Double?, isBold: Bool
    ) -> CardContrast {
        let under = backgroundColor.map { $0.blended(over: self.color) } ?? self.color
        let shown =
            color.map { $0.blended(over: under) }
            ?? (backgroundColor != nil ? CellStyleMapping.readable(on: under) : isLink ? linkColor : textColor)
        return CardContrast(
            foreground: shown, background: under, isLarge: CardContrast.isLarge(fontSize: fontSize, isBold: isBold))
    }

    /// What a button's label shows on this card: its colour and the button's colour under it.
    package func label(of button: ModalButton) -> CardContrast {
        let under = button.backgroundColor.map { $0.blended(over: color) } ?? buttonColor
        let shown =
            button.foregroundColor.map { $0.blended(over: under) }
            ?? (button.backgroundColor != nil ? CellStyleMapping.readable(on: under) : buttonTextColor)
        // An app draws button labels at body size, semibold: not large text.
        return CardContrast(foreground: shown, background: under, isLarge: false)
    }
}
