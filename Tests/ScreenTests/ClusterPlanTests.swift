import TestSupport
import Testing

@testable import Screen

/// A stand-in for the C library's wcwidth with glibc 2.36's answers for the code points used here,
/// so the plan is tested against fixed widths whatever the machine's locale data.
func fakeWcwidth(_ codePoint: UInt32) -> Int {
    switch codePoint {
    case 0x0300...0x036F, 0x200D, 0xFE0F: return 0  // marks, ZWJ, VS16
    case 0x3000...0x30FF, 0x4E00...0x9FFF, 0x1F466...0x1F469, 0x1F44D: return 2  // kana, han, people, thumbs up
    case 0x1F3FB...0x1F3FF: return 2  // skin tone modifiers: wide, not combining
    case 0x1FAE8: return -1  // Unicode 15 "shaking face", unknown to glibc 2.36
    case 0x1F1E6...0x1F1FF: return 1  // regional indicators
    case 0x2764: return 1  // heavy black heart, text by default
    default: return codePoint < 0x20 ? -1 : 1
    }
}

@Suite struct ClusterPlanTests {
    func plan(_ grapheme: String, width: Int) -> (scalars: [UInt32], padding: Int) {
        var scalars: [UInt32] = []
        let padding = ClusterPlan.plan(grapheme, cellWidth: width, into: &scalars, wcwidth: fakeWcwidth)
        return (scalars, padding)
    }

    @Test func asciiGoesThroughAsItIs() {
        expect(plan("a", width: 1) == ([0x61], 0))
    }

    @Test func wideCharactersTakeTheirTwoCells() {
        expect(plan("コ", width: 2) == ([0x30B3], 0))
    }

    @Test func combiningMarksStayWithTheirBase() {
        expect(plan("e\u{301}", width: 1) == ([0x65, 0x301], 0))
    }

    /// The C library counts a skin tone modifier two cells wide; sent along, ncurses and terminals without
    /// emoji modifiers (tmux 3.3) would take four cells for a two-cell cluster.
    @Test func aSkinToneModifierIsLeftOut() {
        expect(plan("👍🏽", width: 2) == ([0x1F44D], 0))
    }

    @Test func moreMarksThanACellHoldsAreCut() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 7)
        expect(plan(zalgo, width: 1) == ([0x61, 0x301, 0x301, 0x301, 0x301], 0))
    }

    @Test func aZWJSequenceShowsItsFirstEmoji() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        expect(plan(family, width: 2) == ([0x1F468], 0))
    }

    /// Regression: a flag was drawn as its first regional indicator and a space ("🇯 " for 🇯🇵), which no
    /// terminal shows as the flag.
    @Test func aFlagPutsOneLetterInEachOfItsCells() {
        expect(ClusterPlan.flagLetters("🇫🇷", cellWidth: 2, wcwidth: fakeWcwidth)! == (0x1F1EB, 0x1F1F7))
    }

    @Test func onlyAPairOfOneCellIndicatorsIsAFlag() {
        expect(ClusterPlan.flagLetters("🇫🇷", cellWidth: 1, wcwidth: fakeWcwidth) == nil)
        expect(ClusterPlan.flagLetters("🇫", cellWidth: 2, wcwidth: fakeWcwidth) == nil)
        expect(ClusterPlan.flagLetters("ab", cellWidth: 2, wcwidth: fakeWcwidth) == nil)
        expect(ClusterPlan.flagLetters("🇫🇷", cellWidth: 2) { _ in 2 } == nil)
        expect(ClusterPlan.flagLetters("コ", cellWidth: 2, wcwidth: fakeWcwidth) == nil)
    }

    @Test func aFlagThePlanIsAskedForAnywayKeepsItsFirstLetterAndIsPadded() {
        expect(plan("🇫🇷", width: 2) == ([0x1F1EB], 1))
    }

    @Test func aNarrowerBaseIsPaddedToTheLayoutWidth() {
        expect(plan("\u{2764}\u{FE0F}", width: 2) == ([0x2764, 0xFE0F], 1))
    }

    @Test func anUnknownOrTooWideCharacterBecomesTheReplacementCharacter() {
        expect(plan("\u{1FAE8}", width: 2) == ([0xFFFD], 1))
        expect(plan("コ", width: 1) == ([0xFFFD], 0))
    }

    @Test func aLeadingMarkGetsABase() {
        expect(plan("\u{301}", width: 1) == ([0xA0, 0x301], 0))
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        expect(plan("\u{1B}", width: 1) == ([0x241B], 0))
        expect(plan("\u{9B}", width: 1) == ([0xFFFD], 0))
    }

    @Test func anEmptyClusterDrawsNothing() {
        expect(plan("", width: 1) == ([], 0))
    }
}
