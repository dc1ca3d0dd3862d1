/// An action button below the message.
public struct Button: Sendable, Hashable {
    /// The visible label (`label`).
    public var label: String
    /// What pressing the button does (`action`).
    public var action: Action
    /// The button's background colour (`bg_color`).
    public var backgroundColor: Color?
    /// The label's colour (`fg_color`).
    public var foregroundColor: Color?

    /// Creates a button.
    public init(label: String, action: Action, backgroundColor: Color? = nil, foregroundColor: Color? = nil) {
        self.label = label
        self.action = action
        self.backgroundColor = backgroundColor
        self.foregroundColor = foregroundColor
    }
}
