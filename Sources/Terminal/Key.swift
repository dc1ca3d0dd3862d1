/// The keys the preview acts on, and so the vocabulary the terminal front decodes into: one from the
/// decoder to `update`.
package enum Key: Sendable, Equatable {
    case tab, shiftTab, left, right, up, down, pageUp, pageDown, home, end, enter, space, escape
    /// Ctrl-L (form feed, 0x0C), which full-screen programs take as a request to repaint.
    case controlL
    /// A printable character other than space.
    case char(Character)

    /// The key for a typed character: space is `.space`, anything else `.char`.
    package init(typed character: Character) {
        self = character == " " ? .space : .char(character)
    }
}

/// Mouse buttons, the wheel counting as two buttons (4 and 5) as terminals report it.
package enum MouseButton: Sendable, Equatable {
    case left, middle, right, wheelUp, wheelDown
}
