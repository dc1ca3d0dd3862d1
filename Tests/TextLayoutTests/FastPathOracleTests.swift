import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

@testable import TextLayout

/// Each shortcut of TextLayout (docs/fast-paths.md) against the general path it stands in for: the same input
/// with the shortcut on and with it off (`FastPaths.withOff`) gives the same lines, clusters and widths, one
/// shortcut off at a time and all of them off together.
@Suite struct FastPathOracleTests {
    /// The shortcuts of this module, one at a time and all together.
    static let switchedOff: [[FastPath]] = [
        [.wrapStretches], [.wrapASCIIWord], [.wrapOneSpace], [.sourceRuns], [.graphemeShortcuts],
        [.asciiClusterRuns], FastPath.allCases,
    ]

    /// Pieces that every grapheme rule acts on, beside `WrapShortcutTests.pieces`' mostly ASCII ones: regional
    /// indicators in odd runs, emoji ZWJ sequences and modifiers, Indic conjuncts, Hangul jamo, prepended
    /// concatenation marks, spacing marks, and marks after controls, spaces and line breaks.
    static let graphemePieces: [String] = [
        "\u{1F1EF}\u{1F1F5}\u{1F1FA}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F44D}\u{1F3FD}",
        "\u{915}\u{94D}\u{937}", "\u{915}\u{94D}\u{200D}\u{937}", "\u{1100}\u{1161}\u{11A8}", "\u{AC00}\u{11A8}",
        "\u{600}1", "\u{903}", "a\u{903}", "\t\u{301}", " \u{301}", "\n\u{301}", "\r\n", "\r", "\u{301}\u{301}",
        "e\u{301}\u{302}x", "\u{2764}\u{FE0F}", "1\u{FE0F}\u{20E3}", "\u{AD}", "\u{200B}a",
        "\u{1F3F4}\u{E0067}\u{E007F}",
    ]

    static func randomText(using generator: inout SeededGenerator) -> String {
        var text = WrapShortcutTests.randomText(using: &generator)
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            let piece = graphemePieces.randomElement(using: &generator)!
            var index = text.unicodeScalars.endIndex
            if !text.isEmpty {
                let offset = Int.random(in: 0...text.unicodeScalars.count, using: &generator)
                index = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: offset)
            }
            text.unicodeScalars.insert(contentsOf: piece.unicodeScalars, at: index)
        }
        return text
    }

    static func randomOptions(using generator: inout SeededGenerator) -> WrapOptions {
        WrapOptions(
            width: Int.random(in: 0..<4, using: &generator) == 0
                ? Int.random(in: 1...4, using: &generator) : Int.random(in: 5...40, using: &generator),
            alignment: [nil, .left, .center, .right].randomElement(using: &generator)!,
            maxLines: Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: 1...6, using: &generator) : nil,
            ambiguousIsWide: Bool.random(using: &generator),
            direction: [.auto, .leftToRight, .leftToRight, .rightToLeft].randomElement(using: &generator)!)
    }

    /// Everything wrapping gives for `text`: the lines, and the source's scalars and cluster starts.
    static func wrapped(_ styled: StyledText, _ options: WrapOptions) -> (lines: [LayoutLine], source: WrapSource) {
        (styled.wrap(options: options), WrapSource(styled.text))
    }

    /// Wrapping with any shortcut off gives the lines, scalars and cluster starts it gives with all on.
    @Test(arguments: switchedOff)
    func wrappingIsTheSameWithTheShortcutsOff(_ paths: [FastPath]) {
        var generator = SeededGenerator(seed: 0xFA57_0FF)
        var failures: [String] = []
        for iteration in 0..<TestScale.rounds(3_000, quick: 300) where failures.isEmpty {
            let text = Self.randomText(using: &generator)
            let styles = PropertyWrapTests.randomStyles(over: text, using: &generator)
            let styled = StyledText(modal: Modal(message: text, styles: styles))
            let options = Self.randomOptions(using: &generator)
            let fast = Self.wrapped(styled, options)
            let general = FastPaths.withOff(paths) { Self.wrapped(styled, options) }
            if fast.lines != general.lines || fast.source.scalars != general.source.scalars
                || fast.source.clusterStarts != general.source.clusterStarts
            {
                failures.append(
                    "iteration \(iteration), \(text.debugDescription) at \(options): "
                        + "\(describedLines(fast.lines)) against \(describedLines(general.lines))")
            }
        }
        expect(failures.isEmpty, "\(failures.first ?? "")")
    }

    /// With every shortcut off, the clusters `forEachCluster` walks are `Character`s with their widths, and the
    /// shortcuts change none of them.
    @Test(arguments: switchedOff)
    func clustersAndWidthsAreTheSameWithTheShortcutsOff(_ paths: [FastPath]) {
        var generator = SeededGenerator(seed: 0xC1_0577)
        var failures: [String] = []
        func clusters(_ text: String, ambiguousIsWide: Bool) -> [[Int]] {
            var result: [[Int]] = []
            CellWidth.forEachCluster(in: text, ambiguousIsWide: ambiguousIsWide) {
                result.append([$0.lowerBound, $0.upperBound, $1])
            }
            return result
        }
        for iteration in 0..<TestScale.rounds(3_000, quick: 300) where failures.isEmpty {
            let text = Self.randomText(using: &generator)
            let ambiguousIsWide = Bool.random(using: &generator)
            let fast = clusters(text, ambiguousIsWide: ambiguousIsWide)
            let general = FastPaths.withOff(paths) { clusters(text, ambiguousIsWide: ambiguousIsWide) }
            var characters: [[Int]] = []
            var offset = 0
            for character in text {
                let length = character.utf8.count
                characters.append(
                    [offset, offset + length, CellWidth.of(character, ambiguousIsWide: ambiguousIsWide)])
                offset += length
            }
            if fast != general || general != characters {
                failures.append("iteration \(iteration), \(text.debugDescription): \(fast) \(general) \(characters)")
            }
        }
        expect(failures.isEmpty, "\(failures.first ?? "")")
    }
}
