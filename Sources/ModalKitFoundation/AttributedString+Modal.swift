import Foundation
import ModalModel
import TextLayout

#if canImport(SwiftUI)
    import SwiftUI
#endif

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension AttributedString {
    /// The modal's message with its styles as attributes of `AttributeScopes.ModalKitAttributes`.
    ///
    /// The text is the runs' display text (`MessageRun.runs(of:)`): controls are shown as placeholders of the same
    /// UTF-16 length (U+2400 to U+2421 for C0 controls and DEL, U+FFFD for C1 controls and bidi overrides), so
    /// every UTF-16 offset of the original message still points at the same character. Each placeholder keeps
    /// the character it stands for, so `Modal(attributedString:)` gives the original characters back, after an
    /// edit too; a placeholder typed or pasted from elsewhere stays what it is. Only
    /// attributes that are on or set are stored; a missing one means the default (not bold, no colour, body size).
    /// Every run also records the modal's message, styles and direction, so that `Modal(attributedString:)` gives
    /// exactly that modal back while the string is unchanged.
    public init(modal: Modal) {
        self.init()
        let source = ModalTextSource(message: modal.message, styles: modal.styles, direction: modal.direction)
        let message = modal.message.utf16
        for run in MessageRun.runs(of: modal) {
            let container = Self.container(for: run.attributes, source: source)
            let start = message.index(message.startIndex, offsetBy: run.utf16Range.utf16Offset)
            let end = message.index(start, offsetBy: run.utf16Range.utf16Length)
            let original = Substring(message[start..<end])
            guard original != Substring(run.text) else {
                self.append(AttributedString(run.text, attributes: container))
                continue
            }
            for piece in ReplacedText.pieces(original: original, shown: run.text) {
                var attributes = container
                attributes[ReplacedTextAttribute.self] = piece.replaced
                self.append(AttributedString(piece.shown, attributes: attributes))
            }
        }
    }

    private static func container(for attributes: RunAttributes, source: ModalTextSource) -> AttributeContainer {
        typealias Keys = AttributeScopes.ModalKitAttributes
        var container = AttributeContainer()
        container[ModalTextSourceAttribute.self] = source
        if attributes.isBold { container[Keys.ModalBoldAttribute.self] = true }
        if attributes.isItalic { container[Keys.ModalItalicAttribute.self] = true }
        if attributes.isUnderlined { container[Keys.ModalUnderlineAttribute.self] = true }
        if attributes.isStruckThrough { container[Keys.ModalStrikethroughAttribute.self] = true }
        container[Keys.ModalForegroundColorAttribute.self] = attributes.foregroundColor
        container[Keys.ModalBackgroundColorAttribute.self] = attributes.backgroundColor
        container[Keys.ModalFontSizeAttribute.self] = attributes.fontSize
        if let link = attributes.link {
            container[Keys.ModalActionAttribute.self] = link.action
            container[Keys.ModalLinkStyleIndexAttribute.self] = link.styleIndex
            // Foundation's `link` makes standard text views open the URL on a tap, so it is set only for a URL
            // the link policy lets a UI open: never for `javascript:` or `file:`.
            if case .openURL = link.action, let target = link.hyperlinkTarget { container.link = URL(string: target) }
        }
        #if canImport(SwiftUI)
            StandardAttributes.add(attributes, to: &container)
        #endif
        return container
    }
}

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension Modal {
    /// A modal whose message and styles say what the attributed string says in `AttributeScopes.ModalKitAttributes`.
    ///
    /// A string from `AttributedString(modal:)` that is unchanged gives that modal's message (control characters
    /// and all), styles (in order, overlapping and empty ones too, so link style indices stay) and direction back
    /// exactly. A string written by hand or edited is read from its attributes instead, with the placeholders of
    /// control characters turned back into those characters: each run with attributes becomes one style over its UTF-16 range. Links become styles of their own, one
    /// per link: runs with the same `modalLinkStyleIndex` and action are one link spanning from the first to the
    /// last (as `AttributedString(modal:)` writes them, the text between is covered by later links), and so are
    /// neighbouring runs with the same action and no index. A run with only Foundation's `link` becomes a link that opens that URL. Buttons,
    /// alignment and the line limit are not part of an attributed string and are given here.
    public init(
        attributedString: AttributedString, buttons: [ModalButton] = [], textAlignment: ModalTextAlignment = .start,
        maxLines: Int? = nil
    ) {
        if let source = Self.unchangedSource(of: attributedString) {
            self.init(
                message: source.message, styles: source.styles, buttons: buttons, textAlignment: textAlignment,
                maxLines: maxLines, direction: source.direction)
            return
        }
        typealias Keys = AttributeScopes.ModalKitAttributes
        var attributeStyles: [ModalStyle] = []
        var message = String.UnicodeScalarView()
        // Each link's pieces, keyed by its style index when it has one.
        var links: [(styleIndex: Int?, action: ModalAction, start: Int, end: Int)] = []
        var linkByStyleIndex: [Int: Int] = [:]
        var utf16Offset = 0
        for run in attributedString.runs {
            let scalars = attributedString.unicodeScalars[run.range]
            let length = scalars.reduce(0) { $0 + $1.utf16.count }
            defer { utf16Offset += length }
            if let replaced = run[ReplacedTextAttribute.self] {
                message.append(contentsOf: replaced.restoring(scalars))
            } else {
                message.append(contentsOf: scalars)
            }
            guard length > 0 else { continue }
            let range = UTF16Range(utf16Offset: utf16Offset, utf16Length: length)
            let bold = run[Keys.ModalBoldAttribute.self] ?? false
            let italic = run[Keys.ModalItalicAttribute.self] ?? false
            let style = ModalStyle(
                range: range,
                fontStyle: bold ? (italic ? .boldItalic : .bold) : (italic ? .italic : nil),
                underline: run[Keys.ModalUnderlineAttribute.self] == true ? true : nil,
                strikethrough: run[Keys.ModalStrikethroughAttribute.self] == true ? true : nil,
                fontSize: run[Keys.ModalFontSizeAttribute.self], color: run[Keys.ModalForegroundColorAttribute.self],
                backgroundColor: run[Keys.ModalBackgroundColorAttribute.self])
            if style != ModalStyle(range: range) { attributeStyles.append(style) }
            let action = run[Keys.ModalActionAttribute.self] ?? run.link.map { .openURL($0.absoluteString) }
            guard let action else { continue }
            let styleIndex = run[Keys.ModalLinkStyleIndexAttribute.self]
            // A piece continues an indexed link with the same index and action, or an unindexed link that ends
            // right here with the same action.
            let continued =
                styleIndex.flatMap { linkByStyleIndex[$0] }
                ?? (links.last.map { $0.styleIndex == nil && $0.end == utf16Offset } == true ? links.count - 1 : nil)
            if let continued, links[continued].action == action, links[continued].styleIndex == styleIndex {
                links[continued].end = utf16Offset + length
            } else {
                if let styleIndex { linkByStyleIndex[styleIndex] = links.count }
                links.append((styleIndex, action, utf16Offset, utf16Offset + length))
            }
        }
        // A link's style spans all its pieces. Links keep the order of their original styles, so that where one
        // link lies inside another the inner (later) one still wins, as it did in the original modal; links
        // with no index keep their order of appearance, after the indexed ones.
        let ordered = links.enumerated().sorted {
            ($0.element.styleIndex ?? Int.max, $0.offset) < ($1.element.styleIndex ?? Int.max, $1.offset)
        }
        let linkStyles = ordered.map {
            ModalStyle(
                range: UTF16Range(utf16Offset: $0.element.start, utf16Length: $0.element.end - $0.element.start),
                link: $0.element.action)
        }
        self.init(
            message: String(message), styles: linkStyles + attributeStyles, buttons: buttons,
            textAlignment: textAlignment, maxLines: maxLines)
    }

    /// The modal text `attributedString` was made from, when it still says exactly what that text says: an edit
    /// of its characters or attributes, or text appended from elsewhere, makes the attributes decide.
    private static func unchangedSource(of attributedString: AttributedString) -> ModalTextSource? {
        guard let source = attributedString.runs.first?[ModalTextSourceAttribute.self] else { return nil }
        let original = Modal(message: source.message, styles: source.styles, direction: source.direction)
        return AttributedString(modal: original) == attributedString ? source : nil
    }
}

/// What an attributed string made from a modal cannot say by its attributes alone: the message as sent, before
/// controls became placeholders, and the styles as listed, before they were resolved into runs.
struct ModalTextSource: Hashable, Sendable {
    var message: String
    var styles: [ModalStyle]
    var direction: TextDirection
}

/// The `ModalTextSource` of every run of `AttributedString(modal:)`; in no scope, since it is no formatting.
@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
enum ModalTextSourceAttribute: AttributedStringKey {
    typealias Value = ModalTextSource
    static let name = "ModalKit.source"
}

#if canImport(SwiftUI)
    /// The standard attributes of Apple platforms for what a run says, so that `Text` shows it as it is.
    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
    private enum StandardAttributes {
        static func add(_ attributes: RunAttributes, to container: inout AttributeContainer) {
            // Keys spelled out: with UIKit or AppKit also imported, `container.foregroundColor` is ambiguous.
            typealias SwiftUIKeys = AttributeScopes.SwiftUIAttributes
            container[SwiftUIKeys.ForegroundColorAttribute.self] = attributes.foregroundColor.map(swiftUIColor)
            container[SwiftUIKeys.BackgroundColorAttribute.self] = attributes.backgroundColor.map(swiftUIColor)
            if attributes.isUnderlined { container[SwiftUIKeys.UnderlineStyleAttribute.self] = .single }
            if attributes.isStruckThrough { container[SwiftUIKeys.StrikethroughStyleAttribute.self] = .single }
            // 17 points is the body size of Apple's text styles, used where the modal sets no size.
            var font = Font.system(
                size: CGFloat(attributes.fontSize ?? 17), weight: attributes.isBold ? .bold : .regular)
            if attributes.isItalic { font = font.italic() }
            container[SwiftUIKeys.FontAttribute.self] = font
            var intent: InlinePresentationIntent = []
            if attributes.isBold { intent.insert(.stronglyEmphasized) }
            if attributes.isItalic { intent.insert(.emphasized) }
            if attributes.isStruckThrough { intent.insert(.strikethrough) }
            if !intent.isEmpty {
                container[AttributeScopes.FoundationAttributes.InlinePresentationIntentAttribute.self] = intent
            }
        }

        static func swiftUIColor(_ color: ModalModel.ModalColor) -> SwiftUI.Color {
            SwiftUI.Color(
                .sRGB, red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255,
                opacity: Double(color.alpha) / 255)
        }
    }
#endif
