import ModalModel

/// What the link policy (`ModalAction.hyperlinkTarget`, the one the terminal and HTML renderers draw by) says a
/// UI may do with a link: open it, hand it to the app's router, or show its text as text.
public enum LinkVerdict: Sendable, Hashable {
    /// A URL (`https:`, `http:`, `mailto:`, `tel:`) or an app command the policy lets a UI open: the target.
    case hyperlink(String)
    /// A built-in or custom action: not a URL; activating the link hands the action to the app's router.
    case appAction
    /// A URL or command the policy refuses (`javascript:`, `data:`, `file:`, any other scheme, a command name
    /// with control characters): never open or route it; the text is shown as plain text.
    case refused

    /// The verdict on `action`.
    public init(_ action: ModalAction) {
        if let target = action.hyperlinkTarget {
            self = .hyperlink(target)
            return
        }
        switch action {
        case .close, .next, .previous, .custom: self = .appAction
        case .openURL, .command: self = .refused
        }
    }
}

extension RunLink {
    /// What the link policy lets a UI do with this link; map only `.hyperlink` and `.appAction` to a tappable link.
    public var verdict: LinkVerdict { LinkVerdict(action) }

    /// Whether a UI may make the link tappable: the policy does not refuse it.
    public var isSafe: Bool { verdict != .refused }

    /// The URL or app command to open, when the policy allows one; nil for app actions and refused links.
    public var hyperlinkTarget: String? {
        if case .hyperlink(let target) = verdict { return target }
        return nil
    }
}
