import TestSupport
import Testing

@testable import TextLayout

/// The text cut at every break opportunity (allowed or mandatory), end of text excluded.
private func pieces(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let actions = LineBreaker.breakActions(scalars)
    var result: [String] = []
    var current = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
        if index > 0 && actions[index] != .prohibited {
            result.append(String(current))
            current = String.UnicodeScalarView()
        }
        current.append(scalar)
    }
    if !current.isEmpty { result.append(String(current)) }
    return result
}

@Suite struct LineBreakTests {
    /// The scalar-wise breaker takes ASCII through one table by state and byte, without the property table,
    /// and letters after a letter without even that; the byte-wise one never does either. On texts where
    /// letters meet joiners, marks, numbers, brackets, prefixes and other scripts, they must agree at every
    /// scalar.
    @Test func asciiTakenByStateAndByteBreaksAsThePropertyTableSays() {
        let pool: [String] = [
            "a", "Z", "q", "word", "\u{200D}", "\u{301}", "1", "(", ")", "$", "%", " ", "-", "\u{5D0}", "\u{5BE}",
            "日", "\u{1F1EF}", "\u{1F1F5}", "\u{200B}", "\"", "\u{A0}", "/", ".", "\u{261D}", "\u{1F3FB}", "\n",
            // Next to the letters in ASCII, and bytes outside it whose low bits spell letters.
            "@", "[", "`", "{", "lettersinarowpastaword", "\u{E1}", "\u{FA}", "\u{161}", "\u{3041}",
        ]
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<TestScale.rounds(20_000, quick: 3_000) {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) { text += pool.randomElement(using: &generator)! }
            let scalars = Array(text.unicodeScalars)
            let byteWise = LineBreaker.utf8BreakActions(text)
            var offsets: [Int] = []
            var offset = 0
            for scalar in scalars {
                offsets.append(offset)
                offset += String(scalar).utf8.count
            }
            offsets.append(offset)
            expectEqual(LineBreaker.breakActions(scalars), offsets.map { byteWise[$0] }, "\(text.debugDescription)")
        }
    }

    @Test func contractShapeOfTheResult() {
        expectEqual(LineBreaker.breakActions([]), [.mandatory])
        expectEqual(LineBreaker.breakActions(["a"]), [.prohibited, .mandatory])
        let actions = LineBreaker.breakActions(Array("a b\nc".unicodeScalars))
        expectEqual(actions, [.prohibited, .prohibited, .allowed, .prohibited, .mandatory, .mandatory])
    }

    @Test func spacesBreakAfterTheRun() {
        expectEqual(pieces("hello  world"), ["hello  ", "world"])
    }

    @Test func hardBreaks() {
        expectEqual(
            LineBreaker.breakActions(Array("a\r\nb".unicodeScalars)),
            [
                .prohibited, .prohibited, .prohibited, .mandatory, .mandatory,
            ])
        expectEqual(LineBreaker.breakActions(Array("a\rb".unicodeScalars))[2], .mandatory)
        expectEqual(LineBreaker.breakActions(Array("a\u{2028}b".unicodeScalars))[2], .mandatory)
        expectEqual(LineBreaker.breakActions(Array("a\u{85}b".unicodeScalars))[2], .mandatory)
    }

    @Test func ideographsBreakBetweenEachOther() {
        expectEqual(pieces("中文字"), ["中", "文", "字"])
        expectEqual(pieces("aコンピュータ"), ["a", "コ", "ン", "ピュー", "タ"])  // small ュ and ー are CJ → NS
    }

    @Test func japaneseClosingPunctuationNeverStartsALine() {
        expectEqual(pieces("です。次"), ["で", "す。", "次"])
        expectEqual(pieces("はい、そう"), ["は", "い、", "そ", "う"])
        expectEqual(pieces("「本」です"), ["「本」", "で", "す"])  // nor does opening punctuation end one
        expectEqual(pieces("待って！"), ["待っ", "て！"])  // small っ is CJ, resolved to NS (LB1)
    }

    @Test func pricesStayWhole() {
        expectEqual(pieces("costs $100.00 today"), ["costs ", "$100.00 ", "today"])
        expectEqual(pieces("12,345.67%"), ["12,345.67%"])
        expectEqual(pieces("(12)%"), ["(12)%"])
        expectEqual(pieces("$(12)"), ["$(12)"])  // PR × OP only before a number (LB25)
        expectEqual(pieces("$(a)"), ["$", "(a)"])
    }

    @Test func parenthesesStayWithTheirWords() {
        expectEqual(pieces("(parentheses) here"), ["(parentheses) ", "here"])
        expectEqual(pieces("book(s)."), ["book(s)."])  // LB30
        expectEqual(pieces("say (\"hi\") now"), ["say ", "(\"hi\") ", "now"])
    }

    @Test func urlsBreakOnlyAfterSlashesAndHyphens() {
        // "/" is SY and "?" is EX: no break before them, a break after them before letters.
        expectEqual(pieces("https://example.com/a-b?c=1"), ["https://", "example.com/", "a-", "b?", "c=1"])
        expectEqual(pieces("example.com/x"), ["example.com/", "x"])  // IS × AL keeps the domain whole
    }

    @Test func hyphenatedWords() {
        expectEqual(pieces("well-known"), ["well-", "known"])
        expectEqual(pieces("-5"), ["-5"])  // HY × NU
        expectEqual(pieces("a—b"), ["a", "—", "b"])  // B2 around an em dash
        expectEqual(pieces("a——b"), ["a", "——", "b"])  // B2 × B2
    }

    @Test func emojiModifiersAndJoinersStayWithTheirBase() {
        expectEqual(pieces("👋🏻👋"), ["👋🏻", "👋"])
        expectEqual(pieces("👨‍👩‍👧‍👦👍"), ["👨‍👩‍👧‍👦", "👍"])
        expectEqual(pieces("a\u{200D}中"), ["a\u{200D}中"])  // LB8a: no break after ZWJ
        expectEqual(pieces("\u{1FC00}🏻"), ["\u{1FC00}🏻"])  // LB30b: unassigned pictograph takes a modifier
    }

    @Test func flagsPairUp() {
        expectEqual(pieces("🇯🇵🇺🇸🇫"), ["🇯🇵", "🇺🇸", "🇫"])
    }

    @Test func combiningMarksFollowTheirBase() {
        expectEqual(pieces("e\u{301} a\u{308}"), ["e\u{301} ", "a\u{308}"])
        expectEqual(pieces(" \u{301}x"), [" ", "\u{301}x"])  // LB10: a mark after a space is AL
    }

    @Test func glueAndWordJoinerPreventBreaks() {
        expectEqual(pieces("a\u{A0}b c"), ["a\u{A0}b ", "c"])
        expectEqual(pieces("中\u{2060}文"), ["中\u{2060}文"])
        expectEqual(pieces("a\u{200B}b"), ["a\u{200B}", "b"])  // ZW is a break opportunity
    }

    @Test func quotationAndExclamation() {
        expectEqual(pieces("Wait!\" he"), ["Wait!\" ", "he"])
    }

    @Test func utf8ActionsSitOnScalarStarts() {
        let text = "é 中"
        let actions = LineBreaker.utf8BreakActions(text)
        expectEqual(actions.count, text.utf8.count + 1)
        // é is 2 bytes, space 1, 中 3: the break before 中 is at byte 3.
        expectEqual(actions, [.prohibited, .prohibited, .prohibited, .allowed, .prohibited, .prohibited, .mandatory])
    }

    @Test func utf8ActionsSurviveMalformedInput() {
        let bytes: [UInt8] = [0x61, 0xE4, 0xB8, 0x20, 0xF4, 0x90, 0x80, 0x80, 0xC3]
        var actions = [BreakAction](repeating: .mandatory, count: bytes.count + 1)
        bytes.withUnsafeBufferPointer { input in
            actions.withUnsafeMutableBufferPointer { LineBreaker.utf8BreakActions(input, into: $0) }
        }
        expectEqual(actions.first, .prohibited)
        expectEqual(actions.last, .mandatory)
        expectEqual(actions[3], .prohibited)  // before the space, after the broken sequence read as U+FFFD
        expectEqual(actions[4], .allowed)  // after the space
    }

    @Test func intoBufferMatchesArrayResult() {
        let scalars = Array("Hello, 世界! $5 (ok) 👋🏻".unicodeScalars)
        var buffer = [BreakAction](repeating: .mandatory, count: scalars.count + 1)
        scalars.withUnsafeBufferPointer { input in
            buffer.withUnsafeMutableBufferPointer { LineBreaker.breakActions(input, into: $0) }
        }
        expectEqual(buffer, LineBreaker.breakActions(scalars))
    }
}
