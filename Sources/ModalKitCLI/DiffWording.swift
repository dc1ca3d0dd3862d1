import ModalDiff
import ModalModel

/// The words every human-facing diff output uses for a change, with the untrusted parts kept apart so that each
/// output escapes them its own way (terminal-safe, Markdown, HTML).
enum DiffWording {
    /// A piece of a line: words of the tool, text from the file, or text removed or added.
    enum Piece: Equatable {
        case plain(String)
        case quoted(String)
        /// Words around a text edit, shown as they read.
        case context(String)
        /// A word of the tool that says something was added (or removed), coloured where the output has colour.
        case marker(String, isAddition: Bool)
        case removed(String)
        case added(String)
    }

    /// How many words of the new message are shown on each side of a text edit.
    static let contextWords = 3

    /// The label of a change (`words`, `style`, `button 2`, `layout`) and the pieces of its line.
    static func line(for change: ModalChange, newMessage: String, words: [MessageWord]) -> (
        label: String, pieces: [Piece]
    ) {
        switch change {
        case .text(let edit):
            var pieces: [Piece] = []
            let before = words.prefix { $0.utf16End <= edit.newUTF16Range.lowerBound }.suffix(contextWords)
            let after = words.drop { $0.utf16Offset < edit.newUTF16Range.upperBound }.prefix(contextWords)
            if !before.isEmpty { pieces.append(.context(before.map(\.text).joined(separator: " ") + " ")) }
            if !edit.removedText.isEmpty { pieces.append(.removed(edit.removedText)) }
            if !edit.addedText.isEmpty { pieces.append(.added(edit.addedText)) }
            if !after.isEmpty { pieces.append(.context(" " + after.map(\.text).joined(separator: " "))) }
            if edit.isCoarse { pieces.append(.plain(" (too many changes to pair word by word)")) }
            return ("words", pieces)
        case .spacing:
            return ("words", [.plain("the same words with other line breaks or spacing")])
        case .style(let style):
            return (
                "style",
                [
                    .quoted(style.text), .plain(" \(style.attribute.rawValue) "), .removed(value(style.oldValue)),
                    .plain(" → "), .added(value(style.newValue)),
                ]
            )
        case .buttonAdded(let index, let facts):
            return ("button \(index + 1)", [.marker("added", isAddition: true), .plain(" ")] + describe(facts))
        case .buttonRemoved(let index, let facts):
            return ("button \(index + 1)", [.marker("removed", isAddition: false), .plain(" ")] + describe(facts))
        case .button(let change):
            let transition: [Piece] = [
                .plain("\(change.property.rawValue) "), .removed(value(change.oldValue)), .plain(" → "),
                .added(value(change.newValue)),
            ]
            // A new label is the change itself; naming the button by it first would say it twice.
            let name: [Piece] = change.property == .label ? [] : [.quoted(change.label), .plain(" ")]
            return ("button \(change.index + 1)", name + transition)
        case .layout(let change):
            return (
                "layout",
                [
                    .plain("\(change.property.rawValue) "), .removed(value(change.oldValue)), .plain(" → "),
                    .added(value(change.newValue)),
                ]
            )
        }
    }

    private static func describe(_ facts: ButtonFacts) -> [Piece] {
        var pieces: [Piece] = [.quoted(facts.label), .plain(" (action "), .quoted(facts.action)]
        if let color = facts.backgroundColor { pieces += [.plain(", bg_color "), .quoted(color)] }
        if let color = facts.foregroundColor { pieces += [.plain(", fg_color "), .quoted(color)] }
        pieces.append(.plain(")"))
        return pieces
    }

    /// A value as shown: the default when unset.
    static func value(_ text: String?) -> String { text ?? "default" }

    /// The one-line summary of a file that users see no change in, or nil when they do.
    static func unseenNote(_ result: FileDiffResult) -> String? {
        guard result.trouble == nil, !result.showsChange, !result.sameBytes else { return nil }
        return "no change users see (the JSON is spelled differently)"
    }

    /// "modal 2" or "modal 2 added".
    static func heading(_ difference: ModalDifference) -> String {
        switch difference {
        case .added(let index): "modal \(index + 1) added"
        case .removed(let index): "modal \(index + 1) removed"
        case .changed(let index, _): "modal \(index + 1)"
        }
    }

    /// The words of the new side's modal at `index`, for context; none when it is gone.
    static func messageAndWords(_ result: FileDiffResult, index: Int) -> (String, [MessageWord]) {
        guard index < result.newModals.count else { return ("", []) }
        let message = result.newModals[index].message
        return (message, MessageWord.words(of: message))
    }

    /// `new warning unknown-key at /0/colour: …`.
    static func diagnosticLine(_ facts: DiagnosticFacts, isNew: Bool) -> String {
        let pointer = facts.pointer.isEmpty ? "" : " at \(facts.pointer)"
        return "\(isNew ? "new" : "gone") \(facts.severity) \(facts.code)\(pointer): \(facts.message)"
    }
}
