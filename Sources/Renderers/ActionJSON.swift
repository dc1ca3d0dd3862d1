import ModalModel
import Screen

/// Actions as JSON objects, for the JSON layout and for any other output that reports what a button does.
public enum ActionJSON {
    /// The action as a compact JSON object:
    /// `{"type":"close"}`, `{"type":"next"}`, `{"type":"prev"}`, `{"type":"url","url":"…"}`,
    /// `{"type":"command","scheme":"…","name":"…","data":<JSON>|null}` or `{"type":"custom","name":"…"}`.
    ///
    /// URLs, schemes and names have controls replaced by their placeholders; command data is kept as sent,
    /// with any control in its strings escaped.
    public static func encode(_ action: Action) -> String {
        switch action {
        case .close: return #"{"type":"close"}"#
        case .next: return #"{"type":"next"}"#
        case .previous: return #"{"type":"prev"}"#
        case .openURL(let url): return #"{"type":"url","url":"# + quoted(url) + "}"
        case .custom(let name): return #"{"type":"custom","name":"# + quoted(name) + "}"
        case .command(let scheme, let name, let data):
            return #"{"type":"command","scheme":"# + quoted(scheme) + #","name":"# + quoted(name) + #","data":"#
                + (data.map { JSONText.serialize($0) } ?? "null") + "}"
        }
    }

    /// A string from the message as a JSON literal, controls shown as placeholders.
    static func quoted(_ text: String) -> String { JSONText.quoted(SafeText.sanitised(text)) }
}
