import Foundation
import ModalModel
import TextLayout

#if canImport(SwiftUI)
    import SwiftUI
#endif

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension AttributeScopes {
    /// Everything a modal can say about its text, as `AttributedString` attributes, next to Foundation's own.
    ///
    /// The `modal…` attributes carry the modal's values exactly (colours with alpha, sizes in points, typed
    /// actions), so that an edited attributed string still converts back to a modal with those values (an
    /// unchanged one converts back to exactly its modal: see `Modal(attributedString:)`). Where the platform has
    /// standard attributes for the same thing (Foundation's `link`, and SwiftUI's colours, font and decorations on
    /// Apple platforms), those are set as well, so that standard text views show the text without reading this
    /// scope.
    public struct ModalKitAttributes: AttributeScope {
        /// Whether the text is bold.
        public let modalBold: ModalBoldAttribute
        /// Whether the text is italic.
        public let modalItalic: ModalItalicAttribute
        /// Whether the text is underlined.
        public let modalUnderline: ModalUnderlineAttribute
        /// Whether the text is struck through.
        public let modalStrikethrough: ModalStrikethroughAttribute
        /// The text colour.
        public let modalForegroundColor: ModalForegroundColorAttribute
        /// The background colour.
        public let modalBackgroundColor: ModalBackgroundColorAttribute
        /// The font size in points.
        public let modalFontSize: ModalFontSizeAttribute
        /// The action of a link over the text.
        public let modalAction: ModalActionAttribute
        /// The index in `Modal.styles` of the style the link came from; runs with the same index are one link.
        public let modalLinkStyleIndex: ModalLinkStyleIndexAttribute
        /// Foundation's attributes (`link` is set for URL actions).
        public let foundation: FoundationAttributes
        #if canImport(SwiftUI)
            /// SwiftUI's attributes (colours, font, underline and strikethrough), set on Apple platforms.
            public let swiftUI: SwiftUIAttributes
        #endif
    }
}

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension AttributeScopes.ModalKitAttributes {
    /// Bold text (`font_style` bold or bold_italic).
    public enum ModalBoldAttribute: AttributedStringKey {
        public typealias Value = Bool
        public static let name = "ModalKit.bold"
    }

    /// Italic text (`font_style` italic or bold_italic).
    public enum ModalItalicAttribute: AttributedStringKey {
        public typealias Value = Bool
        public static let name = "ModalKit.italic"
    }

    /// Underlined text (`underline`, or `font_style` underline).
    public enum ModalUnderlineAttribute: AttributedStringKey {
        public typealias Value = Bool
        public static let name = "ModalKit.underline"
    }

    /// Struck-through text (`strikethrough`, or `font_style` strikethrough).
    public enum ModalStrikethroughAttribute: AttributedStringKey {
        public typealias Value = Bool
        public static let name = "ModalKit.strikethrough"
    }

    /// The text colour (`color`), with its alpha.
    public enum ModalForegroundColorAttribute: AttributedStringKey {
        public typealias Value = ModalModel.ModalColor
        public static let name = "ModalKit.foregroundColor"
    }

    /// The background colour (`bg_color`), with its alpha.
    public enum ModalBackgroundColorAttribute: AttributedStringKey {
        public typealias Value = ModalModel.ModalColor
        public static let name = "ModalKit.backgroundColor"
    }

    /// The font size in points (`font_size`).
    public enum ModalFontSizeAttribute: AttributedStringKey {
        public typealias Value = Double
        public static let name = "ModalKit.fontSize"
    }

    /// The typed action of a link (`link`).
    public enum ModalActionAttribute: AttributedStringKey {
        public typealias Value = ModalModel.ModalAction
        public static let name = "ModalKit.action"
    }

    /// Which `styles` entry a link came from, so that neighbouring links with the same action stay apart.
    public enum ModalLinkStyleIndexAttribute: AttributedStringKey {
        public typealias Value = Int
        public static let name = "ModalKit.linkStyleIndex"
    }
}

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension AttributeDynamicLookup {
    /// Gives `attributedString.modalBold` and the other attributes of `ModalKitAttributes` as properties.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.ModalKitAttributes, T>) -> T
    {
        self[T.self]
    }
}
