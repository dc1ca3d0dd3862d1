import PositionedJSON

/// What a button or link does, parsed from its action string.
public enum ModalAction: Sendable, Hashable {
    /// `close`: dismiss the current modal.
    case close
    /// `next`: go to the next modal.
    case next
    /// `prev`: go to the previous modal.
    case previous
    /// Open a URL: `https:`, `http:`, `mailto:` and `tel:` actions, and the `open_url:URL` form.
    case openURL(String)
    /// An app command, `SCHEME://invoke/cmd/NAME[/data/PERCENT-ENCODED-JSON]`.
    case command(scheme: String, name: String, data: JSONValue?)
    /// Any other token: a custom action name that the app registers a receiver for.
    case custom(String)
}
