/// An action button below the message.
public struct ModalButton: Sendable, Hashable {
    /// The visible label (`label`).
    public var label: String
    /// What pressing the button does (`action`).
    public var action: ModalAction
    /// The button's background colour (`bg_color`).
    public var backgroundColor: ModalColor?
    /// The label's colour (`fg_color`).
    public var foregroundColor: ModalColor?

    /// Creates a button.
    public init(
        label: String, action: ModalAction, backgroundColor: ModalColor? = nil, foregroundColor: ModalColor? = nil
    ) {
        self.label = label
        self.action = action
        self.backgroundColor = backgroundColor
        self.foregroundColor = foregroundColor
    }
}
