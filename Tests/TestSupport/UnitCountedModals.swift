import ModalModel
import PositionedJSON

/// Modals whose styles cover whole words, written once per unit a server may count offsets in, for the
/// range-unit inference round.
///
/// The messages mix ASCII words with the text that makes the units differ: accented words precomposed and
/// decomposed (combining marks), emoji with and without skin tones, ZWJ sequences, flags, keycaps and CJK.
package struct UnitCountedModal {
    /// The message.
    package var message: String
    /// The covered words, as indices into `message` (the intended styling).
    package var wordRanges: [Range<String.Index>]

    /// The intended ranges in the format's UTF-16 units.
    package var utf16Ranges: [UTF16Range] { wordRanges.map { UTF16Range($0, in: message) } }

    /// The `(from, length)` pairs a server counting in `unit` writes.
    package func offsets(in unit: RangeUnit) -> [(from: Int, length: Int)] {
        wordRanges.map { range in
            switch unit {
            case .utf16:
                let view = message.utf16
                return (
                    view.distance(from: view.startIndex, to: range.lowerBound),
                    view.distance(from: range.lowerBound, to: range.upperBound)
                )
            case .codePoints:
                let view = message.unicodeScalars
                return (
                    view.distance(from: view.startIndex, to: range.lowerBound),
                    view.distance(from: range.lowerBound, to: range.upperBound)
                )
            case .graphemeClusters:
                return (
                    message.distance(from: message.startIndex, to: range.lowerBound),
                    message.distance(from: range.lowerBound, to: range.upperBound)
                )
            case .utf8Bytes:
                let view = message.utf8
                return (
                    view.distance(from: view.startIndex, to: range.lowerBound),
                    view.distance(from: range.lowerBound, to: range.upperBound)
                )
            }
        }
    }

    /// The modal as a JSON document with offsets counted in `unit`.
    package func json(in unit: RangeUnit) -> String {
        let styles = offsets(in: unit).enumerated().map { index, pair in
            let look = index % 2 == 0 ? "\"font_style\": \"bold\"" : "\"link\": \"https://example.com/\(index)\""
            return "{\"apply_to\": {\"from\": \(pair.from), \"length\": \(pair.length)}, \(look)}"
        }
        return "{\"msg\": \(JSONWriter.quoted(message)), \"styles\": [" + styles.joined(separator: ", ") + "]}"
    }

    /// A random modal: 8 to 30 words, one to eight styles (as many as the benchmark corpus has) from a word of letters to the same or one of the next two
    /// such words, across whatever lies between.
    package static func random(using generator: inout some RandomNumberGenerator) -> UnitCountedModal {
        var message = ""
        var words: [(utf8Start: Int, utf8End: Int)] = []
        let count = Int.random(in: 8...30, using: &generator)
        for index in 0..<count {
            if index > 0 { message += Bool.random(using: &generator) && index % 5 == 0 ? "\n" : " " }
            let start = message.utf8.count
            let word = Self.word(using: &generator)
            message += word
            // Styles start and end at words of letters, as bold text and links do; emoji and CJK lie between.
            if word.first!.isLetter && word.last!.isLetter
                && !word.unicodeScalars.contains(where: \.properties.isIdeographic)
            {
                words.append((start, message.utf8.count))
            }
            if Int.random(in: 0..<8, using: &generator) == 0 {
                message += [",", ".", "!", ":"].randomElement(using: &generator)!
            }
        }
        // Indices are made once the message is complete: those of a string that has since grown are not valid.
        let utf8 = message.utf8
        var styles: [Range<String.Index>] = []
        var taken: Set<Int> = []
        for _ in 0..<Int.random(in: 1...8, using: &generator) where !words.isEmpty {
            let first = Int.random(in: 0..<words.count, using: &generator)
            let last = min(words.count - 1, first + Int.random(in: 0...2, using: &generator))
            guard taken.insert(first).inserted else { continue }
            styles.append(
                utf8.index(
                    utf8.startIndex, offsetBy: words[first].utf8Start)..<utf8.index(
                        utf8.startIndex, offsetBy: words[last].utf8End))
        }
        return UnitCountedModal(message: message, wordRanges: styles)
    }

    static func word(using generator: inout some RandomNumberGenerator) -> String {
        // Mostly ASCII words, as in most promotional text, with the characters that make the units differ.
        switch Int.random(in: 0..<40, using: &generator) {
        case 0..<26: Self.ascii.randomElement(using: &generator)!
        case 26, 27: Self.accented.randomElement(using: &generator)!
        case 28, 29: String(Self.accented.randomElement(using: &generator)!.decomposedForTest)
        case 30, 31: Self.emoji.randomElement(using: &generator)!
        case 32: Self.zwj.randomElement(using: &generator)!
        case 33: Self.flags.randomElement(using: &generator)!
        case 34, 35: Self.cjk.randomElement(using: &generator)!
        case 36, 37: Self.ascii.randomElement(using: &generator)! + Self.emoji.randomElement(using: &generator)!
        default: Self.accented.randomElement(using: &generator)! + " " + Self.ascii.randomElement(using: &generator)!
        }
    }

    static let ascii = [
        "today", "only", "tap", "here", "deals", "sale", "off", "your", "order", "shipped", "free", "trial",
        "upgrade", "now", "limited", "offer", "points", "reward", "update", "account", "settings", "open", "new",
        "message", "from", "team", "weekend", "discount", "20%", "$5", "save", "more", "join", "us",
    ]
    static let accented = [
        "café", "naïve", "résumé", "Ångström", "São", "façade", "Tiếng", "Việt", "Zürich", "jalapeño", "crème",
        "brûlée", "Dvořák", "Müller", "Škoda", "Łódź", "élève", "Bogotá", "über", "déjà",
    ]
    static let emoji = [
        "🎉", "😀", "🚀", "🔥", "✨", "☕", "👍🏽", "👋🏻", "💪🏿", "❤️", "1️⃣", "⭐", "🍕",
    ]
    static let zwj = ["👨‍👩‍👧‍👦", "👩‍💻", "🧑‍🚀", "🏳️‍🌈", "🐻‍❄️", "❤️‍🔥"]
    static let flags = ["🇯🇵", "🇺🇸", "🇩🇪", "🇫🇷", "🇧🇷", "🇰🇷"]
    static let cjk = ["今日", "限定", "セール", "お得", "新しい", "注文", "确定", "优惠", "会员", "东京"]
}

extension String {
    /// The string with every precomposed Latin letter above written as base letter plus combining mark.
    fileprivate var decomposedForTest: String {
        var out = ""
        for scalar in unicodeScalars {
            if let (base, mark) = Self.decompositions[scalar] {
                out.unicodeScalars.append(base)
                out.unicodeScalars.append(mark)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// NFD of the accented letters the vocabulary uses (UnicodeData.txt decomposition mappings).
    private static let decompositions: [Unicode.Scalar: (Unicode.Scalar, Unicode.Scalar)] = [
        "é": ("e", "\u{301}"), "ï": ("i", "\u{308}"), "Å": ("A", "\u{30A}"), "ö": ("o", "\u{308}"),
        "ã": ("a", "\u{303}"), "ç": ("c", "\u{327}"), "ü": ("u", "\u{308}"), "ñ": ("n", "\u{303}"),
        "è": ("e", "\u{300}"), "û": ("u", "\u{302}"), "ř": ("r", "\u{30C}"), "Š": ("S", "\u{30C}"),
        "á": ("a", "\u{301}"), "à": ("a", "\u{300}"), "ế": ("ê", "\u{301}"), "ệ": ("ẹ", "\u{302}"),
        "ó": ("o", "\u{301}"),
    ]
}
