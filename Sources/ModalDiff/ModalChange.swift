/// One difference a user would see between two versions of a modal.
public enum ModalChange: Sendable, Equatable {
    /// Message words removed, added or replaced by others at one place.
    case text(TextEdit)
    /// The white space between the words changed (line breaks, spacing), and no word did.
    case spacing
    /// Text kept on both sides whose look changed in one attribute.
    case style(StyleChange)
    /// A button at `index` of the new modal that the old one did not have.
    case buttonAdded(index: Int, ButtonFacts)
    /// A button at `index` of the old modal that the new one lacks.
    case buttonRemoved(index: Int, ButtonFacts)
    /// A button kept at `index` whose label, colours or action changed.
    case button(ButtonChange)
    /// How the message is laid out: its alignment, direction or line limit.
    case layout(LayoutChange)
}

/// Words removed from the old message and added to the new one at the same place; either may be empty.
public struct TextEdit: Sendable, Equatable {
    /// The removed words as the old message has them, white space between them included.
    public var removedText: String
    /// Where they lay in the old message, in UTF-16 units; empty (at the place) when nothing was removed.
    public var oldUTF16Range: Range<Int>
    /// The added words as the new message has them.
    public var addedText: String
    /// Where they lie in the new message.
    public var newUTF16Range: Range<Int>
    /// Whether this is a whole stretch reported as replaced because the word search passed its bound.
    public var isCoarse: Bool

    /// Creates an edit.
    public init(
        removedText: String, oldUTF16Range: Range<Int>, addedText: String, newUTF16Range: Range<Int>,
        isCoarse: Bool = false
    ) {
        self.removedText = removedText
        self.oldUTF16Range = oldUTF16Range
        self.addedText = addedText
        self.newUTF16Range = newUTF16Range
        self.isCoarse = isCoarse
    }
}

/// One attribute of kept text that changed, over a stretch of words.
public struct StyleChange: Sendable, Equatable {
    /// The text whose look changed, as the new message has it.
    public var text: String
    /// Where it lies in the new message, in UTF-16 units.
    public var newUTF16Range: Range<Int>
    /// Where the same text lay in the old message.
    public var oldUTF16Range: Range<Int>
    /// Which attribute.
    public var attribute: LookAttribute
    /// Its old value, written as in the format; nil for the default.
    public var oldValue: String?
    /// Its new value.
    public var newValue: String?

    /// Creates a style change.
    public init(
        text: String, newUTF16Range: Range<Int>, oldUTF16Range: Range<Int>, attribute: LookAttribute,
        oldValue: String?, newValue: String?
    ) {
        self.text = text
        self.newUTF16Range = newUTF16Range
        self.oldUTF16Range = oldUTF16Range
        self.attribute = attribute
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

/// What a user sees of a button, written as the format writes it.
public struct ButtonFacts: Sendable, Equatable {
    /// The label.
    public var label: String
    /// The action's wire text.
    public var action: String
    /// `bg_color`, nil when the UI's default.
    public var backgroundColor: String?
    /// `fg_color`, nil when the UI's default.
    public var foregroundColor: String?

    /// Creates the facts of a button.
    public init(label: String, action: String, backgroundColor: String?, foregroundColor: String?) {
        self.label = label
        self.action = action
        self.backgroundColor = backgroundColor
        self.foregroundColor = foregroundColor
    }

    /// The value of one property.
    public func value(of property: ButtonProperty) -> String? {
        switch property {
        case .label: label
        case .action: action
        case .backgroundColor: backgroundColor
        case .foregroundColor: foregroundColor
        }
    }
}

/// A property of a button, by its key in the format.
public enum ButtonProperty: String, Sendable, CaseIterable {
    case label, action
    case backgroundColor = "bg_color"
    case foregroundColor = "fg_color"
}

/// One property of a button kept at the same index that changed.
public struct ButtonChange: Sendable, Equatable {
    /// The button's index, the same on both sides.
    public var index: Int
    /// The new button's label, to name it by.
    public var label: String
    /// Which property.
    public var property: ButtonProperty
    /// The old value; nil for the default.
    public var oldValue: String?
    /// The new value.
    public var newValue: String?

    /// Creates a button change.
    public init(index: Int, label: String, property: ButtonProperty, oldValue: String?, newValue: String?) {
        self.index = index
        self.label = label
        self.property = property
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

/// A modal-wide setting, by its key in the format.
public enum LayoutProperty: String, Sendable, CaseIterable {
    case textAlign = "text_align"
    case direction
    case maxLines = "max_lines"
}

/// A modal-wide setting that changed.
public struct LayoutChange: Sendable, Equatable {
    /// Which setting.
    public var property: LayoutProperty
    /// The old value; nil when unset.
    public var oldValue: String?
    /// The new value.
    public var newValue: String?

    /// Creates a layout change.
    public init(property: LayoutProperty, oldValue: String?, newValue: String?) {
        self.property = property
        self.oldValue = oldValue
        self.newValue = newValue
    }
}
