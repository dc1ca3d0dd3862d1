import ModalModel
@_spi(Kernel) import TextKernel

/// The base direction asked for a message's paragraphs.
package enum ParagraphDirection: Sendable, Equatable, CaseIterable {
    /// The direction of the message's first strong character outside isolates (UAX #9 rules P2–P3 over the whole
    /// message); left to right when there is none.
    case auto
    /// Left to right, whatever the text holds (paragraph embedding level 0).
    case leftToRight
    /// Right to left, whatever the text holds (paragraph embedding level 1).
    case rightToLeft
}

/// A resolved base direction.
package enum WritingDirection: Sendable, Equatable {
    /// Lines start at the left.
    case leftToRight
    /// Lines start at the right.
    case rightToLeft

    /// The paragraph embedding level of UAX #9: 0 or 1.
    var paragraphLevel: UInt8 { self == .rightToLeft ? 1 : 0 }
}

extension ParagraphDirection {
    /// The direction that layout gives `text` (sanitised as layout shows it, so a neutralised control has no
    /// effect, while an isolate matched within its paragraph counts): the forced one, or the first strong
    /// character's, skipping isolated text.
    package func resolved(for text: String) -> WritingDirection {
        switch self {
        case .leftToRight: return .leftToRight
        case .rightToLeft: return .rightToLeft
        case .auto:
            return FirstStrongCharacter.level(of: ShownBidiClasses(text)) == 1 ? .rightToLeft : .leftToRight
        }
    }
}

/// The Bidi_Class of each scalar of a text as layout shows it: a control the untrusted-text policy
/// neutralises has its placeholder's class, while an isolate matched within its paragraph keeps its own.
private struct ShownBidiClasses: Sequence, IteratorProtocol {
    private let text: String
    private var scalars: String.UnicodeScalarView.Iterator
    private var utf8Offset = 0
    /// Found on the first isolate, since most texts hold none.
    private var matchedIsolates: Set<Int>?

    init(_ text: String) {
        self.text = text
        scalars = text.unicodeScalars.makeIterator()
    }

    mutating func next() -> BidiClass? {
        guard let scalar = scalars.next() else { return nil }
        defer { utf8Offset += UTF8.width(scalar) }
        var value = (ControlCharacters.placeholder(for: scalar) ?? scalar).value
        if ControlCharacters.isBidiIsolate(scalar) {
            let matched = matchedIsolates ?? Set(ControlCharacters.matchedIsolateOffsets(inUTF8: text.utf8))
            matchedIsolates = matched
            if matched.contains(utf8Offset) { value = scalar.value }
        }
        // Below U+00AA, once sanitised, only ASCII letters are strong and only LF and CR separate
        // paragraphs; they need no table.
        if value < 0xAA {
            if (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A { return .L }
            return value == 0x0A || value == 0x0D ? .B : .ON
        }
        return BidiPropertyTable.shared.properties(scalarValue: value).bidiClass
    }
}

extension ParagraphDirection {
    /// The paragraph direction a modal's `direction` asks for.
    package init(_ direction: TextDirection) {
        switch direction {
        case .auto: self = .auto
        case .leftToRight: self = .leftToRight
        case .rightToLeft: self = .rightToLeft
        }
    }
}
