import Screen

/// The colours of an HTML page: a light or a dark phone.
public enum HTMLTheme: String, Sendable, CaseIterable {
    /// Dark text on a white card.
    case light
    /// Light text on a near-black card.
    case dark

    /// The card of this theme: `ModalCard.light` or `ModalCard.dark`.
    public var card: ModalCard {
        switch self {
        case .light: .light
        case .dark: .dark
        }
    }
}
