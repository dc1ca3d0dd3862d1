import TestSupport
import Testing

@testable import TextLayout

/// The UAX #9 conformance files of Unicode 15.0: every case of BidiTest.txt and BidiCharacterTest.txt must give
/// the expected levels and visual order.
///
/// The files are parsed as bytes, not as `String` lines, so that the 15 MB stay quick to read in debug builds.
@Suite struct BidiConformanceTests {
    private static let fixtures = repositoryRoot + "/Tests/TextLayoutTests/Fixtures/Unicode/"

    /// The visual order of a one-line paragraph (L1 and L2), without the characters that X9 removes.
    private static func visualOrder(_ paragraph: BidiParagraph, classes: [BidiClass]) -> [Int] {
        var levels = paragraph.levels
        BidiLineOrder.resetWhitespace(&levels, classes: classes, paragraphLevel: paragraph.paragraphLevel)
        let kept = classes.indices.filter { !BidiParagraph.isRemovedByX9(classes[$0]) }
        return BidiLineOrder.visualOrder(kept.map { levels[$0] }).map { kept[$0] }
    }

    /// The line's levels after L1, -1 for a character that X9 removes (the files write x).
    private static func lineLevels(_ paragraph: BidiParagraph, classes: [BidiClass]) -> [Int] {
        var levels = paragraph.levels
        BidiLineOrder.resetWhitespace(&levels, classes: classes, paragraphLevel: paragraph.paragraphLevel)
        return classes.indices.map { BidiParagraph.isRemovedByX9(classes[$0]) ? -1 : Int(levels[$0]) }
    }

    /// BidiTest.txt, read once for the four parts of its test.
    private static let bidiTestLines = Result { try FixtureLines(fixtures + "BidiTest.txt") }

    /// Every how many cases the files are checked: all at full scale (see `TestScale`).
    private static let caseStride = TestScale.caseStride(quick: 32)

    /// The parts that `bidiTestFile` splits the file into, so that they run in parallel.
    private static let bidiTestParts = 4

    @Test(.tags(.slow), arguments: 0..<bidiTestParts) func bidiTestFile(part: Int) throws {
        let lines = try Self.bidiTestLines.get()
        var classByName: [UInt32: BidiClass] = [:]
        for bidiClass in BidiClass.allCases {
            classByName[FixtureLines.packed(Array(String(describing: bidiClass).utf8)[...])] = bidiClass
        }
        var expectedLevels: [Int] = []
        var expectedOrder: [Int] = []
        var passed = 0
        var cases = 0
        var failures: [String] = []
        for (position, (lineNumber, line)) in lines.lines.enumerated() {
            if line.first == UInt8(ascii: "@") {
                let tokens = FixtureLines.tokens(line.dropFirst(9))
                if line.starts(with: "@Levels:".utf8) {
                    expectedLevels = tokens.map { FixtureLines.level($0) }
                } else if line.starts(with: "@Reorder:".utf8) {
                    expectedOrder = tokens.map { FixtureLines.decimal($0) }
                }
                continue
            }
            // Every part reads the @Levels and @Reorder lines; data lines go round the parts.
            if position % Self.bidiTestParts != part || (position / Self.bidiTestParts) % Self.caseStride != 0 {
                continue
            }
            let fields = line.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard fields.count == 2, let bitsetToken = FixtureLines.tokens(fields[1]).first else {
                throw FixtureError.malformed(line: lineNumber)
            }
            let bitset = FixtureLines.hexadecimal(bitsetToken)
            var classes: [BidiClass] = []
            for token in FixtureLines.tokens(fields[0]) {
                guard let bidiClass = classByName[FixtureLines.packed(token)] else {
                    throw FixtureError.malformed(line: lineNumber)
                }
                classes.append(bidiClass)
            }
            for (bit, level) in [(1, nil), (2, 0), (4, 1)] as [(Int, UInt8?)] where bitset & bit != 0 {
                cases += 1
                let paragraph = BidiParagraph(classes: classes, paragraphLevel: level)
                let levels = Self.lineLevels(paragraph, classes: classes)
                let order = Self.visualOrder(paragraph, classes: classes)
                if levels == expectedLevels && order == expectedOrder {
                    passed += 1
                } else if failures.count < 10 {
                    failures.append("line \(lineNumber) bit \(bit): levels \(levels) order \(order)")
                }
            }
        }
        print("BidiTest.txt part \(part + 1) of \(Self.bidiTestParts): \(passed) cases pass, \(failures.count) fail")
        expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        expect(passed == cases && cases > 180_000 / Self.caseStride)
    }

    @Test(.tags(.slow)) func bidiCharacterTestFile() throws {
        let lines = try FixtureLines(Self.fixtures + "BidiCharacterTest.txt")
        var passed = 0
        var failures: [String] = []
        for (lineNumber, line) in lines.lines where lineNumber % Self.caseStride == 0 {
            let fields = line.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard fields.count == 5 else { throw FixtureError.malformed(line: lineNumber) }
            var scalars: [Unicode.Scalar] = []
            for token in FixtureLines.tokens(fields[0]) {
                guard let scalar = Unicode.Scalar(UInt32(FixtureLines.hexadecimal(token))) else {
                    throw FixtureError.malformed(line: lineNumber)
                }
                scalars.append(scalar)
            }
            let direction = FixtureLines.decimal(fields[1][...])
            let expectedParagraphLevel = FixtureLines.decimal(fields[2][...])
            let expectedLevels = FixtureLines.tokens(fields[3]).map { FixtureLines.level($0) }
            let expectedOrder = FixtureLines.tokens(fields[4]).map { FixtureLines.decimal($0) }
            let level: UInt8? = direction == 2 ? nil : UInt8(direction)
            let paragraph = BidiParagraph(scalars: scalars, paragraphLevel: level)
            let classes = scalars.map { BidiPropertyTable.shared.bidiClass($0) }
            let levels = Self.lineLevels(paragraph, classes: classes)
            let order = Self.visualOrder(paragraph, classes: classes)
            if Int(paragraph.paragraphLevel) == expectedParagraphLevel && levels == expectedLevels
                && order == expectedOrder
            {
                passed += 1
            } else if failures.count < 10 {
                failures.append(
                    "line \(lineNumber): paragraph \(paragraph.paragraphLevel) levels \(levels) order \(order)")
            }
        }
        print("BidiCharacterTest.txt: \(passed) cases pass, \(failures.count) fail")
        expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        expectEqual(passed, (Self.caseStride == 1 ? 91_707 : lines.lines.count { $0.0 % Self.caseStride == 0 }))
    }

    /// Every case of BidiCharacterTest.txt resolved in the smallest parts `BidiParagraph.appendLevels` cuts
    /// gives the levels of resolving it whole.
    @Test(.tags(.slow)) func bidiCharacterTestFileInPieces() throws {
        let lines = try FixtureLines(Self.fixtures + "BidiCharacterTest.txt")
        var cutCases = 0
        var failures: [String] = []
        for (lineNumber, line) in lines.lines where lineNumber % Self.caseStride == 0 {
            let fields = line.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            let scalars = FixtureLines.tokens(fields[0]).compactMap {
                Unicode.Scalar(UInt32(FixtureLines.hexadecimal($0)))
            }
            let direction = FixtureLines.decimal(fields[1][...])
            let whole = BidiParagraph(scalars: scalars, paragraphLevel: direction == 2 ? nil : UInt8(direction))
            for minimumPartCount in [1, 3] {
                var levels: [UInt8] = []
                BidiParagraph.appendLevels(
                    of: scalars, paragraphLevel: whole.paragraphLevel, minimumPartCount: minimumPartCount,
                    to: &levels)
                if levels != whole.levels && failures.count < 10 {
                    failures.append(
                        "line \(lineNumber) in parts of \(minimumPartCount): \(levels) != \(whole.levels)")
                }
            }
            if Self.hasCut(scalars) { cutCases += 1 }
        }
        expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Most cases have a place to cut, so the pieces are really tried.
        expect(cutCases > 20_000 / Self.caseStride)
    }

    /// Random long paragraphs of every bidi class, at both paragraph levels, resolved in pieces and whole.
    @Test func randomParagraphsResolveAlikeInPieces() {
        let alphabet: [Unicode.Scalar] = [
            "a", "b", "Z", "\u{5D0}", "\u{5D1}", "\u{627}", "\u{628}", "1", "2", "\u{661}", "\u{6F1}", "+", "-", "$",
            "%", ",", ".", ":", "/", "\u{301}", "\u{64E}", " ", "\t", "!", "(", ")", "[", "]", "{", "}", "\u{2329}",
            "\u{3009}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200B}", "\u{200E}", "\u{200F}",
            "\u{61C}", "\u{AD}", "\u{FFFD}", "\u{2028}", "\u{3000}", "\u{6F0}", "\u{20AC}",
        ]
        var generator = SeededGenerator(seed: 0xB1D1_9EC5)
        for round in 0..<TestScale.rounds(4_000, quick: 200) {
            let scalars = (0..<Int.random(in: 1...600, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let paragraphLevel = UInt8(round % 2)
            let whole = BidiParagraph(scalars: scalars, paragraphLevel: paragraphLevel).levels
            for minimumPartCount in [1, 7, 50] {
                var levels: [UInt8] = []
                BidiParagraph.appendLevels(
                    of: scalars, paragraphLevel: paragraphLevel, minimumPartCount: minimumPartCount, to: &levels)
                expectEqual(levels, whole, "\(scalars.map { String($0.value, radix: 16) }) level \(paragraphLevel)")
                if levels != whole { return }
            }
        }
    }

    /// Long left-to-right paragraphs with a right-to-left word, number or control here and there, the case
    /// where clean parts get their zeros without the resolver: resolved in pieces and whole.
    @Test func sparseRightToLeftParagraphsResolveAlikeInPieces() {
        let common: [Unicode.Scalar] = [
            "a", "b", "Z", "1", "2", " ", ".", ",", "(", ")", "[", "]", "-", "\u{301}", "\t",
        ]
        let rare: [Unicode.Scalar] = [
            "\u{5D0}", "\u{627}", "\u{661}", "\u{6F1}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200F}",
            "\u{202B}", "\u{202C}", "\u{61C}",
        ]
        var generator = SeededGenerator(seed: 0x5EA2_5E17)
        var zeroedAndResolved = 0
        let rounds = TestScale.rounds(1_500, quick: 100)
        for _ in 0..<rounds {
            let count = Int.random(in: 1...3_000, using: &generator)
            let rareEvery = Int.random(in: 20...600, using: &generator)
            let scalars = (0..<count).map { _ in
                Int.random(in: 0..<rareEvery, using: &generator) == 0
                    ? rare.randomElement(using: &generator)! : common.randomElement(using: &generator)!
            }
            let whole = BidiParagraph(scalars: scalars, paragraphLevel: 0).levels
            if whole.contains(where: { $0 != 0 }) && whole.prefix(count / 2).allSatisfy({ $0 == 0 }) {
                zeroedAndResolved += 1
            }
            for minimumPartCount in [1, 50, 1_000, 100_000] {
                var levels: [UInt8] = []
                BidiParagraph.appendLevels(
                    of: scalars, paragraphLevel: 0, minimumPartCount: minimumPartCount, to: &levels)
                expectEqual(levels, whole, "\(scalars.map { String($0.value, radix: 16) }) parts \(minimumPartCount)")
                if levels != whole { return }
            }
        }
        // Paragraphs with both kinds of stretch were among them: about one in ten.
        expect(zeroedAndResolved * 20 > rounds, "\(zeroedAndResolved) of \(rounds)")
    }

    /// Whether `appendLevels` would cut the paragraph anywhere (two adjacent strong characters at least).
    private static func hasCut(_ scalars: [Unicode.Scalar]) -> Bool {
        let strong = scalars.map { [.L, .R, .AL].contains(BidiPropertyTable.shared.bidiClass($0)) }
        return zip(strong, strong.dropFirst()).contains { $0 && $1 }
    }
}

/// The data lines of a UCD test file as byte slices, with their 1-based line numbers (comments and blank lines
/// left out).
private struct FixtureLines {
    var lines: [(Int, ArraySlice<UInt8>)] = []

    init(_ path: String) throws {
        let bytes = Array(try readTextFile(path).utf8)
        var lineNumber = 0
        for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            lineNumber += 1
            let data = line.prefix { $0 != UInt8(ascii: "#") }
            if data.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
            lines.append((lineNumber, data))
        }
    }

    /// The tokens of a field, split at spaces and tabs.
    static func tokens(_ field: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        field.split(whereSeparator: { $0 == 32 || $0 == 9 || $0 == 13 })
    }

    /// Up to four ASCII bytes in one number, to look class names up without building strings.
    static func packed(_ token: ArraySlice<UInt8>) -> UInt32 {
        token.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func decimal(_ token: ArraySlice<UInt8>) -> Int {
        token.reduce(0) { $0 * 10 + Int($1) - 48 }
    }

    static func hexadecimal(_ token: ArraySlice<UInt8>) -> Int {
        token.reduce(0) { $0 * 16 + Int($1 <= 57 ? $1 - 48 : ($1 | 0x20) - 87) }
    }

    /// A level, or -1 for x.
    static func level(_ token: ArraySlice<UInt8>) -> Int {
        token.first == UInt8(ascii: "x") ? -1 : decimal(token)
    }
}
