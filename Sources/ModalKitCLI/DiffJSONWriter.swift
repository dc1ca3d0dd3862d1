import ModalDiff
import PositionedJSON

/// `--format json`: the facts of every compared file that differs, as one document for tools:
/// `{"files":[{"path","status","modals":[{"index","status","changes":[…]}],"diagnostics":{"new","gone"}}],
/// "summary":{…}}`. Ranges are UTF-16 offsets `[start, end)`; an unset value is null (the format's default).
enum DiffJSONWriter {
    static let opening = "{\"files\":["

    /// One file's object, or nil for a file whose two sides are the same bytes.
    static func file(_ result: FileDiffResult) -> String? {
        if result.sameBytes, result.trouble == nil { return nil }
        var out = "{\"path\":\(JSONWriter.quoted(result.path)),\"presence\":\"\(result.presence.rawValue)\""
        guard let comparison = result.comparison else {
            return out + ",\"status\":\"trouble\",\"trouble\":\(JSONWriter.quoted(result.trouble ?? ""))}"
        }
        out += ",\"status\":\(comparison.showsChange ? "\"changed\"" : "\"unseen\"")"
        out += ",\"modals\":["
        out += comparison.modals.map(modal).joined(separator: ",")
        out += "],\"diagnostics\":{\"new\":["
        out += comparison.newDiagnostics.map(diagnostic).joined(separator: ",")
        out += "],\"gone\":["
        out += comparison.goneDiagnostics.map(diagnostic).joined(separator: ",")
        return out + "]}}"
    }

    static func closing(files: Int, changed: Int, unseen: Int, trouble: Int) -> String {
        "],\"summary\":{\"files\":\(files),\"changed\":\(changed),\"unseen\":\(unseen),\"trouble\":\(trouble)}}\n"
    }

    private static func modal(_ difference: ModalDifference) -> String {
        switch difference {
        case .added(let index): return "{\"index\":\(index),\"status\":\"added\",\"changes\":[]}"
        case .removed(let index): return "{\"index\":\(index),\"status\":\"removed\",\"changes\":[]}"
        case .changed(let index, let changes):
            return "{\"index\":\(index),\"status\":\"changed\",\"changes\":["
                + changes.map(change).joined(separator: ",") + "]}"
        }
    }

    private static func change(_ change: ModalChange) -> String {
        switch change {
        case .text(let edit):
            return "{\"kind\":\"words\",\"removed\":\(JSONWriter.quoted(edit.removedText)),\"added\":"
                + "\(JSONWriter.quoted(edit.addedText)),\"old_range\":\(range(edit.oldUTF16Range)),\"new_range\":"
                + "\(range(edit.newUTF16Range)),\"coarse\":\(edit.isCoarse)}"
        case .spacing:
            return "{\"kind\":\"spacing\"}"
        case .style(let style):
            return "{\"kind\":\"style\",\"text\":\(JSONWriter.quoted(style.text)),\"attribute\":"
                + "\"\(style.attribute.rawValue)\",\"old\":\(value(style.oldValue)),\"new\":\(value(style.newValue))"
                + ",\"old_range\":\(range(style.oldUTF16Range)),\"new_range\":\(range(style.newUTF16Range))}"
        case .buttonAdded(let index, let facts):
            return "{\"kind\":\"button-added\",\"index\":\(index),\"button\":\(button(facts))}"
        case .buttonRemoved(let index, let facts):
            return "{\"kind\":\"button-removed\",\"index\":\(index),\"button\":\(button(facts))}"
        case .button(let change):
            return "{\"kind\":\"button\",\"index\":\(change.index),\"label\":\(JSONWriter.quoted(change.label))"
                + ",\"property\":\"\(change.property.rawValue)\",\"old\":\(value(change.oldValue)),\"new\":"
                + "\(value(change.newValue))}"
        case .layout(let change):
            return "{\"kind\":\"layout\",\"property\":\"\(change.property.rawValue)\",\"old\":"
                + "\(value(change.oldValue)),\"new\":\(value(change.newValue))}"
        }
    }

    private static func button(_ facts: ButtonFacts) -> String {
        "{\"label\":\(JSONWriter.quoted(facts.label)),\"action\":\(JSONWriter.quoted(facts.action)),\"bg_color\":"
            + "\(value(facts.backgroundColor)),\"fg_color\":\(value(facts.foregroundColor))}"
    }

    private static func diagnostic(_ facts: DiagnosticFacts) -> String {
        "{\"severity\":\"\(facts.severity)\",\"code\":\(JSONWriter.quoted(facts.code)),\"pointer\":"
            + "\(JSONWriter.quoted(facts.pointer)),\"message\":\(JSONWriter.quoted(facts.message))}"
    }

    private static func range(_ range: Range<Int>) -> String { "[\(range.lowerBound),\(range.upperBound)]" }

    private static func value(_ text: String?) -> String { text.map(JSONWriter.quoted) ?? "null" }
}
