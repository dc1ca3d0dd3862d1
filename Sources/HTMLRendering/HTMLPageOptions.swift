import Screen

/// How modals are drawn as HTML: the phone's width, its theme, and the card the modals are drawn on.
public struct HTMLPageOptions: Sendable, Hashable {
    /// The width of one phone page in CSS pixels (375 is a typical phone; 320 and 414 the small and large ends).
    public var viewportCSSPixelWidth: Int
    /// Light or dark colours of the page around the modals.
    public var theme: HTMLTheme
    /// The card the modals are drawn on; nil for the theme's (`HTMLTheme.card`).
    public var card: ModalCard?
    /// The phone screen each modal is drawn on, with a backdrop and the fold; nil draws a card on a grey page.
    public var device: HTMLDevice?
    /// Whether each modal is drawn in the light and the dark theme side by side, `theme` being the page's.
    public var drawsBothThemes = false
    /// Whether text and button labels under WCAG AA's contrast on the card are outlined and titled with their
    /// ratio, as the review page shows the spots that `card-low-contrast` reports.
    package var marksLowContrast = false

    /// The narrowest and widest phone page drawn; a width outside is drawn at the nearer end.
    package static let viewportCSSPixelWidths = 200...2000
    /// The default phone width in CSS pixels.
    @usableFromInline package static let defaultViewportCSSPixelWidth = 375

    /// Creates options.
    public init(
        viewportCSSPixelWidth: Int = defaultViewportCSSPixelWidth, theme: HTMLTheme = .light, card: ModalCard? = nil
    ) {
        self.viewportCSSPixelWidth = viewportCSSPixelWidth
        self.theme = theme
        self.card = card
    }

    /// The card drawn: the one asked for, else the theme's.
    package var drawnCard: ModalCard { card ?? theme.card }

    /// The card drawn in `theme`: the one asked for, else that theme's.
    package func drawnCard(in theme: HTMLTheme) -> ModalCard { card ?? theme.card }

    /// The themes each modal is drawn in, in order.
    package var drawnThemes: [HTMLTheme] { drawsBothThemes ? HTMLTheme.allCases : [theme] }

    /// The width actually drawn: the device's, else the one asked for, within `viewportCSSPixelWidths`.
    var clampedViewportCSSPixelWidth: Int {
        if let device { return device.cssPixelWidth }
        return min(
            max(viewportCSSPixelWidth, Self.viewportCSSPixelWidths.lowerBound), Self.viewportCSSPixelWidths.upperBound)
    }
}
