import ModalModel
import TextLayout

/// The looks of the words both messages keep, compared attribute by attribute over the resolved runs.
///
/// Only kept words are compared: an added word has no old look, and the white space between words is left
/// out, so that a style grown over one more space is not reported as a change of what reads.
enum StyleComparison {
    static func changes(
        oldRuns: [MessageRun], newRuns: [MessageRun], oldWords: [MessageWord], newWords: [MessageWord],
        matches: [(old: Int, new: Int)], newMessage: String
    ) -> [StyleChange] {
        var oldCursor = RunCursor(runs: oldRuns)
        var newCursor = RunCursor(runs: newRuns)
        var found: [Piece] = []
        // The open piece of each attribute, which a next piece with the same values continues.
        var open: [LookAttribute: Int] = [:]
        for (matchIndex, match) in matches.enumerated() {
            let oldWord = oldWords[match.old]
            let newWord = newWords[match.new]
            var position = 0
            while position < newWord.utf16Length {
                let before = oldCursor.run(at: oldWord.utf16Offset + position)
                let after = newCursor.run(at: newWord.utf16Offset + position)
                let step =
                    min(
                        before.utf16End - oldWord.utf16Offset, after.utf16End - newWord.utf16Offset, newWord.utf16Length
                    ) - position
                if !LookAttribute.lookAlike(before.attributes, after.attributes) {
                    for attribute in LookAttribute.allCases {
                        let oldValue = attribute.value(in: before.attributes)
                        let newValue = attribute.value(in: after.attributes)
                        guard oldValue != newValue else { continue }
                        let newStart = newWord.utf16Offset + position
                        if let index = open[attribute], found[index].oldValue == oldValue,
                            found[index].newValue == newValue,
                            found[index].newEnd == newStart
                                || (position == 0 && found[index].endsWord && found[index].matchIndex == matchIndex - 1
                                    && matches[matchIndex - 1].old == match.old - 1
                                    && matches[matchIndex - 1].new == match.new - 1)
                        {
                            found[index].newEnd = newStart + step
                            found[index].oldEnd = oldWord.utf16Offset + position + step
                            found[index].matchIndex = matchIndex
                            found[index].endsWord = position + step == newWord.utf16Length
                        } else {
                            open[attribute] = found.count
                            found.append(
                                Piece(
                                    attribute: attribute, oldValue: oldValue, newValue: newValue,
                                    newStart: newStart, newEnd: newStart + step,
                                    oldStart: oldWord.utf16Offset + position,
                                    oldEnd: oldWord.utf16Offset + position + step, matchIndex: matchIndex,
                                    endsWord: position + step == newWord.utf16Length))
                        }
                    }
                }
                position += step
            }
        }
        if found.isEmpty { return [] }
        found.sort { ($0.newStart, $0.attribute.order) < ($1.newStart, $1.attribute.order) }
        let units = Array(newMessage.utf16)
        return found.map { piece in
            StyleChange(
                text: String(decoding: units[piece.newStart..<piece.newEnd], as: UTF16.self),
                newUTF16Range: piece.newStart..<piece.newEnd, oldUTF16Range: piece.oldStart..<piece.oldEnd,
                attribute: piece.attribute, oldValue: piece.oldValue, newValue: piece.newValue)
        }
    }

    private struct Piece {
        var attribute: LookAttribute
        var oldValue: String?
        var newValue: String?
        var newStart: Int
        var newEnd: Int
        var oldStart: Int
        var oldEnd: Int
        var matchIndex: Int
        var endsWord: Bool
    }
}

/// Finds the run at increasing UTF-16 offsets, moving only forward.
private struct RunCursor {
    let runs: [MessageRun]
    var index = 0

    init(runs: [MessageRun]) { self.runs = runs }

    mutating func run(at utf16Offset: Int) -> (attributes: RunAttributes, utf16End: Int) {
        while index < runs.count - 1, runs[index].utf16Range.utf16End <= utf16Offset { index += 1 }
        return (runs[index].attributes, runs[index].utf16Range.utf16End)
    }
}

extension LookAttribute {
    /// The attribute's place in `allCases`, for a stable order of changes at one place.
    var order: Int { LookAttribute.allCases.firstIndex(of: self) ?? 0 }
}
