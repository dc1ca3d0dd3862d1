import ModalModel
import Screen

/// The one JSON line the preview prints when an action ends it.
///
/// `{"modal":I,"button":J,"label":"…","action":{…}}`, or `"link":K` (the style's index) for a link.
/// The action is `ModalAction.jsonValue`, as the JSON layout writes it; `JSONWriter` escapes every control
/// character, so nothing in the line can drive the terminal it is printed to.
enum OutcomeJSON {
    /// The line for activating `focusable` on the modal at `modalIndex` (0-based), without a newline.
    static func line(modalIndex: Int, focusable: Focusable) -> String {
        var out = "{\"modal\":\(modalIndex),"
        switch focusable.kind {
        case .button(let index): out += "\"button\":\(index),"
        case .link(let styleIndex): out += "\"link\":\(styleIndex),"
        }
        out += "\"label\":"
        JSONWriter.writeQuoted(focusable.label, into: &out)
        out += ",\"action\":"
        JSONWriter.write(focusable.action.jsonValue, into: &out)
        out += "}"
        return out
    }
}
