import ModalModel
import TextLayout

/// Compares two versions of a modal as users see them: message words, the looks of the resolved runs, the
/// buttons and the layout settings. Two spellings of one effect (a style split in two, an explicit default,
/// another key order) give the same runs and so no change.
public enum ModalComparison {
    /// What changed from `old` to `new`, in message order, then buttons, then layout; empty when users would see
    /// the same. `maxEdits` bounds the word search (`WordMatching`).
    public static func changes(
        from old: Modal, to new: Modal, maxEdits: Int = WordMatching.defaultMaxEdits
    ) -> [ModalChange] {
        if old == new { return [] }
        var changes: [ModalChange] = []
        if old.message != new.message || old.styles != new.styles {
            changes += messageChanges(from: old, to: new, maxEdits: maxEdits)
        }
        changes += buttonChanges(from: old.buttons, to: new.buttons)
        changes += layoutChanges(from: old, to: new)
        return changes
    }

    private static func messageChanges(from old: Modal, to new: Modal, maxEdits: Int) -> [ModalChange] {
        let oldWords = MessageWord.words(of: old.message)
        let newWords = MessageWord.words(of: new.message)
        // Words compare as numbers: the search compares each pair many times.
        var numbers: [Substring: Int] = [:]
        func number(_ word: MessageWord) -> Int {
            if let known = numbers[word.text] { return known }
            let next = numbers.count
            numbers[word.text] = next
            return next
        }
        let oldNumbers = oldWords.map(number)
        let newNumbers = newWords.map(number)
        let matching = WordMatching.matching(oldNumbers, newNumbers, maxEdits: maxEdits)

        var changes: [ModalChange] = []
        var oldNext = 0
        var newNext = 0
        var oldPlace = 0
        var newPlace = 0
        func closeGap(upToOld oldEnd: Int, new newEnd: Int) {
            if oldNext < oldEnd || newNext < newEnd {
                let removed = span(of: oldWords[oldNext..<oldEnd], in: old.message, place: oldPlace)
                let added = span(of: newWords[newNext..<newEnd], in: new.message, place: newPlace)
                changes.append(
                    .text(
                        TextEdit(
                            removedText: removed.text, oldUTF16Range: removed.range, addedText: added.text,
                            newUTF16Range: added.range,
                            isCoarse: matching.isCoarse && oldNext < oldEnd && newNext < newEnd)))
            }
        }
        for match in matching.matches {
            closeGap(upToOld: match.old, new: match.new)
            oldNext = match.old + 1
            newNext = match.new + 1
            oldPlace = oldWords[match.old].utf16End
            newPlace = newWords[match.new].utf16End
        }
        closeGap(upToOld: oldWords.count, new: newWords.count)
        if changes.isEmpty, old.message != new.message { changes.append(.spacing) }

        let styleChanges = StyleComparison.changes(
            oldRuns: MessageRun.runs(of: old), newRuns: MessageRun.runs(of: new), oldWords: oldWords,
            newWords: newWords, matches: matching.matches, newMessage: new.message)
        // Text edits and style changes read in message order together.
        var merged: [ModalChange] = []
        var styleIndex = 0
        for change in changes {
            if case .text(let edit) = change {
                while styleIndex < styleChanges.count,
                    styleChanges[styleIndex].newUTF16Range.lowerBound < edit.newUTF16Range.lowerBound
                {
                    merged.append(.style(styleChanges[styleIndex]))
                    styleIndex += 1
                }
            }
            merged.append(change)
        }
        merged += styleChanges[styleIndex...].map(ModalChange.style)
        return merged
    }

    /// The text from the first to the last of `words` and its UTF-16 range; empty at `place` when none.
    private static func span(
        of words: ArraySlice<MessageWord>, in message: String, place: Int
    ) -> (text: String, range: Range<Int>) {
        guard let first = words.first, let last = words.last else { return ("", place..<place) }
        return (String(message[first.text.startIndex..<last.text.endIndex]), first.utf16Offset..<last.utf16End)
    }

    private static func buttonChanges(from old: [ModalButton], to new: [ModalButton]) -> [ModalChange] {
        var changes: [ModalChange] = []
        for index in 0..<max(old.count, new.count) {
            guard index < new.count else {
                changes.append(.buttonRemoved(index: index, facts(of: old[index])))
                continue
            }
            guard index < old.count else {
                changes.append(.buttonAdded(index: index, facts(of: new[index])))
                continue
            }
            let before = facts(of: old[index])
            let after = facts(of: new[index])
            for property in ButtonProperty.allCases where before.value(of: property) != after.value(of: property) {
                changes.append(
                    .button(
                        ButtonChange(
                            index: index, label: after.label, property: property, oldValue: before.value(of: property),
                            newValue: after.value(of: property))))
            }
        }
        return changes
    }

    /// A button's facts as the format writes them.
    public static func facts(of button: ModalButton) -> ButtonFacts {
        ButtonFacts(
            label: button.label, action: button.action.text, backgroundColor: button.backgroundColor?.description,
            foregroundColor: button.foregroundColor?.description)
    }

    /// The layout settings as layout resolves them: `auto` takes the message's direction, and `start` and `end`
    /// the side that direction gives them, so an explicit default or a spelled-out side is no change.
    private static func layoutChanges(from old: Modal, to new: Modal) -> [ModalChange] {
        var changes: [ModalChange] = []
        let oldDirection = ParagraphDirection(old.direction).resolved(for: old.message)
        let newDirection = ParagraphDirection(new.direction).resolved(for: new.message)
        let oldSide = side(of: old.textAlignment, in: oldDirection)
        let newSide = side(of: new.textAlignment, in: newDirection)
        if oldSide != newSide {
            changes.append(.layout(LayoutChange(property: .textAlign, oldValue: oldSide, newValue: newSide)))
        }
        if oldDirection != newDirection {
            changes.append(
                .layout(
                    LayoutChange(
                        property: .direction, oldValue: written(oldDirection), newValue: written(newDirection))))
        }
        // Zero or less is refused by the validator; a modal built in code with it draws every line.
        let oldLimit = old.maxLines.flatMap { $0 > 0 ? $0 : nil }
        let newLimit = new.maxLines.flatMap { $0 > 0 ? $0 : nil }
        if oldLimit != newLimit {
            changes.append(
                .layout(
                    LayoutChange(
                        property: .maxLines, oldValue: oldLimit.map(String.init), newValue: newLimit.map(String.init))))
        }
        return changes
    }

    private static func side(of alignment: ModalTextAlignment, in direction: WritingDirection) -> String {
        switch alignment {
        case .left, .center, .right: alignment.rawValue
        case .start: direction == .leftToRight ? "left" : "right"
        case .end: direction == .leftToRight ? "right" : "left"
        }
    }

    private static func written(_ direction: WritingDirection) -> String {
        direction == .leftToRight ? "ltr" : "rtl"
    }
}
