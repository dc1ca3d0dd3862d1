import HTMLRendering
import ModalModel
import PositionedJSON
import Screen

/// The card that modals are drawn and checked on, as `--theme` and `--card` or a config's `theme` and `card`
/// choose it: a theme's card, or a card of one colour.
///
/// Without either there is no card: the HTML page takes the light theme's, and `validate` checks no contrast
/// on a card, since it cannot know which one the app has.
package struct CardChoice: Sendable, Equatable {
    /// The theme asked for, if any.
    package var theme: HTMLTheme?
    /// The card colour asked for, if any; it wins over the theme's card colour.
    package var color: ModalColor?

    /// Creates a choice.
    package init(theme: HTMLTheme? = nil, color: ModalColor? = nil) {
        self.theme = theme
        self.color = color
    }

    /// Whether anything was asked for.
    package var isEmpty: Bool { theme == nil && color == nil }

    /// The card asked for; nil when nothing was.
    package var card: ModalCard? { color.map(ModalCard.init(color:)) ?? theme?.card }

    /// The page theme around the card: the one asked for, else the one the card's colour reads as.
    package var pageTheme: HTMLTheme { theme ?? (card?.isDark == true ? .dark : .light) }

    /// The HTML page options for this card at `viewportCSSPixelWidth`.
    package func htmlPage(viewportCSSPixelWidth: Int) -> HTMLPageOptions {
        HTMLPageOptions(viewportCSSPixelWidth: viewportCSSPixelWidth, theme: pageTheme, card: card)
    }

    /// This choice when it asks for anything, else `fallback`: the command line's card replaces the config's
    /// whole, so that `--theme dark` never draws on a config's light `card`.
    package func or(_ fallback: CardChoice?) -> CardChoice { isEmpty ? fallback ?? self : self }

    /// The colour `text` gives a card, or why it gives none: any colour of the format, opaque.
    package static func color(parsing text: String) -> Result<ModalColor, CardColorError> {
        let color: ModalColor
        do {
            color = try ModalColor.parse(text)
        } catch {
            return .failure(CardColorError(reason: error.reason))
        }
        guard color.alpha == 255 else {
            return .failure(
                CardColorError(reason: "a card is opaque; drop the alpha and write \(JSONWriter.quoted(color.hexRGB))"))
        }
        return .success(color)
    }
}

/// Why a text is not a card colour, with the fix.
package struct CardColorError: Error, Sendable, Equatable {
    /// What is wrong and what to write instead.
    package var reason: String
}
