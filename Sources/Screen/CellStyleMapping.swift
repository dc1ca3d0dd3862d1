import ModalModel
@_spi(Kernel) import TextKernel
import TextLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the resolved `TextStyle` of message text into the `CellStyle` it is drawn with.
///
/// Colours are composited here, once, so a grid holds only opaque colours: a span's background over the
/// modal's background, and the text colour over that. The modal's background is the terminal's own, which
/// no program can read reliably, so it is assumed to be `assumedBackground` (black: dark terminals are the
/// common case). Unset colours stay nil and are drawn in the terminal's defaults, except the text colour
/// over a background that is set: black or white, whichever contrasts more (`readable(on:)`).
package struct CellStyleMapping: Sendable, Equatable {
    /// The background assumed under the modal when blending translucent colours.
    package static let assumedBackground = ModalColor(red: 0, green: 0, blue: 0)

    /// The message's body font size (see `FontEmphasis.bodyFontSize(of:)`).
    package var bodyFontSize: Double
    /// The opaque background translucent colours are blended over.
    package var background: ModalColor

    /// Creates a mapping.
    package init(bodyFontSize: Double = FontEmphasis.defaultFontSize, background: ModalColor = Self.assumedBackground) {
        self.bodyFontSize = bodyFontSize
        self.background = background
    }

    /// The cell style for text in `style`: attributes as set, headings bold, small print dim, links underlined.
    package func cellStyle(for style: TextStyle) -> CellStyle {
        let attributes = style.attributes
        var cell = CellStyle()
        cell.bold = attributes.isBold
        cell.italic = attributes.isItalic
        cell.underline = attributes.isUnderlined
        cell.strikethrough = attributes.isStruckThrough
        switch FontEmphasis.of(fontSize: attributes.fontSize, bodyFontSize: bodyFontSize) {
        case .heading: cell.bold = true
        case .small: cell.dim = true
        case .body: break
        }
        let under = attributes.backgroundColor.map { $0.blended(over: background) }
        cell.background = under
        cell.foreground =
            attributes.color.map { $0.blended(over: under ?? background) } ?? under.map(Self.readable(on:))
        if let link = attributes.link {
            cell.underline = true
            cell.link = link.hyperlinkTarget.map(ControlCharacters.singleLine)
        }
        return cell
    }

    /// A button's cell style: its colours blended like text colours, and the URL of a URL action as its link.
    package func cellStyle(for button: ModalButton) -> CellStyle {
        var cell = CellStyle()
        let under = button.backgroundColor.map { $0.blended(over: background) }
        cell.background = under
        cell.foreground =
            button.foregroundColor.map { $0.blended(over: under ?? background) } ?? under.map(Self.readable(on:))
        // A button that opens a URL the link policy allows carries it, for renderers that make hyperlinks.
        if case .openURL = button.action { cell.link = button.action.hyperlinkTarget.map(ControlCharacters.singleLine) }
        return cell
    }

    /// Black or white, whichever reads better on `background`: the text colour for a background set without
    /// one. The terminal's own text colour is unknown (light on dark themes, dark on light ones), so leaving
    /// it would make, say, a pale highlight unreadable on a dark terminal. Compares WCAG 2 contrast ratios.
    package static func readable(on background: ModalColor) -> ModalColor {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance =
            0.2126 * linear(background.red) + 0.7152 * linear(background.green) + 0.0722 * linear(background.blue)
        let againstBlack = (luminance + 0.05) / 0.05
        let againstWhite = 1.05 / (luminance + 0.05)
        return againstBlack >= againstWhite
            ? ModalColor(red: 0, green: 0, blue: 0) : ModalColor(red: 255, green: 255, blue: 255)
    }
}
