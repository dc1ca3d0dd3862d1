import ModalModel
import Screen
import TestSupport
import Testing

@testable import Terminal

/// The probe's replies, read as the terminal sends them: whole, split, mixed with keys, or garbled.
@Suite struct TerminalRepliesTests {
    static let kittyLike = Array(
        "\u{1B}[?2027;2$y\u{1B}[?2026;2$y\u{1B}]11;rgb:ffff/ffff/dddd\u{1B}\\\u{1B}[?62;22;52c".utf8)

    func read(_ chunks: [[UInt8]]) -> TerminalReplies {
        var replies = TerminalReplies()
        for chunk in chunks { replies.read(chunk) }
        return replies
    }

    @Test func everyReplyInOneRead() {
        let replies = read([Self.kittyLike])
        expectEqual(replies.graphemeClusterMode, .reset)
        expectEqual(replies.synchronizedOutputMode, .reset)
        expectEqual(replies.background, ModalColor(red: 255, green: 255, blue: 221))
        expect(replies.isComplete)
    }

    @Test func repliesSplitAtEveryByteReadTheSame() {
        let whole = read([Self.kittyLike])
        expectEqual(read(Self.kittyLike.map { [$0] }), whole)
        for cut in 1..<Self.kittyLike.count {
            let split = read([Array(Self.kittyLike[..<cut]), Array(Self.kittyLike[cut...])])
            expectEqual(split, whole, "cut at \(cut)")
        }
    }

    @Test func aTerminalThatOnlyAnswersDeviceAttributesReportsNothingElse() {
        let replies = read([Array("\u{1B}[?1;2c".utf8)])
        expect(replies.isComplete)
        expect(replies.graphemeClusterMode == nil)
        expect(replies.synchronizedOutputMode == nil)
        expect(replies.background == nil)
    }

    @Test func withoutTheSentinelTheRepliesAreNotComplete() {
        let replies = read([Array("\u{1B}[?2026;1$y".utf8)])
        expect(!replies.isComplete)
        expectEqual(replies.synchronizedOutputMode, .set)
        expectEqual(replies.synchronizedOutputMode?.isOn, true)
    }

    @Test func everyModeStateIsRead() {
        for (value, state) in [
            (0, TerminalReplies.ModeState.notRecognized), (1, .set), (2, .reset), (3, .permanentlySet),
            (4, .permanentlyReset),
        ] {
            let replies = read([Array("\u{1B}[?2027;\(value)$y".utf8)])
            expectEqual(replies.graphemeClusterMode, state)
        }
        expect(TerminalReplies.ModeState.permanentlySet.isOn)
        expect(!TerminalReplies.ModeState.permanentlyReset.isSupported)
        expect(!TerminalReplies.ModeState.notRecognized.isSupported)
    }

    @Test func backgroundTerminatedByBELWithShortChannels() {
        let replies = read([Array("\u{1B}]11;rgb:1e/1e/2e\u{07}".utf8)])
        expectEqual(replies.background, ModalColor(red: 0x1E, green: 0x1E, blue: 0x2E))
        let oneDigit = read([Array("\u{1B}]11;rgb:f/0/8\u{1B}\\".utf8)])
        expectEqual(oneDigit.background, ModalColor(red: 255, green: 0, blue: 136))
        let withAlpha = read([Array("\u{1B}]11;rgba:0000/8080/ffff/ffff\u{1B}\\".utf8)])
        expectEqual(withAlpha.background, ModalColor(red: 0, green: 128, blue: 255))
    }

    @Test func typedKeysBetweenRepliesAreDropped() {
        let bytes = Array("q\u{1B}[?2026;2$yjk\r\u{1B}[?2027;3$y  \u{1B}[?65;1c".utf8)
        let replies = read([bytes])
        expectEqual(replies.synchronizedOutputMode, .reset)
        expectEqual(replies.graphemeClusterMode, .permanentlySet)
        expect(replies.isComplete)
    }

    @Test func garbledRepliesAreSkippedAndTheRestStillRead() {
        let bytes = Array(
            ("\u{1B}[?2027;9$y" + "\u{1B}[?20x27;1$y" + "\u{1B}]11;rgb:zz/00/00\u{1B}\\"
                + "\u{1B}]11;rgb:12345/0/0\u{07}"
                + "\u{1B}[?2026" + "\u{1B}[?2026;1$y" + "\u{1B}]11;cut off" + "\u{1B}[?1c").utf8)
        let replies = read([bytes])
        expect(replies.graphemeClusterMode == nil)
        expect(replies.background == nil)
        expectEqual(replies.synchronizedOutputMode, .set)
        expect(replies.isComplete)
    }

    @Test func anUnterminatedCommandDoesNotSwallowTheReplyAfterIt() {
        var bytes = Array("\u{1B}]11;".utf8)
        bytes += Array(repeating: UInt8(ascii: "x"), count: TerminalReplies.maxSequenceBytes + 10)
        bytes += Array("\u{07}\u{1B}[?2026;2$y\u{1B}[?1c".utf8)
        let replies = read([bytes])
        expect(replies.background == nil)
        expectEqual(replies.synchronizedOutputMode, .reset)
        expect(replies.isComplete)
    }

    @Test func otherModesAndCommandsAreIgnored() {
        let replies = read([Array("\u{1B}[?1049;1$y\u{1B}]10;rgb:0/0/0\u{1B}\\\u{1B}[12;5R".utf8)])
        expectEqual(replies, TerminalReplies())
    }
}

/// What the preview decides from the replies and the command line.
@Suite struct TerminalCapabilitiesTests {
    func replies(_ text: String) -> TerminalReplies {
        var replies = TerminalReplies()
        replies.read(Array(text.utf8))
        return replies
    }

    @Test func graphemeModeKnownMeansWholeClustersAndSettingItWhenOff() {
        let off = TerminalCapabilities(
            replies: replies("\u{1B}[?2027;2$y\u{1B}[?1c"), term: "xterm-kitty", clusters: nil)
        expect(off.wholeClusters)
        expect(off.graphemeClusterModeCanBeSet)
        let always = TerminalCapabilities(replies: replies("\u{1B}[?2027;3$y\u{1B}[?1c"), term: "foot", clusters: nil)
        expect(always.wholeClusters)
        expect(!always.graphemeClusterModeCanBeSet)
        let unknown = TerminalCapabilities(replies: replies("\u{1B}[?2027;0$y\u{1B}[?1c"), term: "xterm", clusters: nil)
        expect(!unknown.wholeClusters)
    }

    @Test func clustersOnTheCommandLineWinOverTheTerminal() {
        let silent = TerminalCapabilities(replies: replies("\u{1B}[?1c"), term: "xterm", clusters: .whole)
        expect(silent.wholeClusters)
        let knows = TerminalCapabilities(replies: replies("\u{1B}[?2027;1$y"), term: "xterm", clusters: .fallback)
        expect(!knows.wholeClusters)
    }

    @Test func synchronizedOutputOnlyWhereTheModeIsKnown() {
        expect(
            TerminalCapabilities(replies: replies("\u{1B}[?2026;2$y"), term: "tmux", clusters: nil).synchronizedOutput)
        expect(
            !TerminalCapabilities(replies: replies("\u{1B}[?2026;0$y"), term: "tmux", clusters: nil).synchronizedOutput)
        expect(
            !TerminalCapabilities(replies: replies("\u{1B}[?2026;4$y"), term: "tmux", clusters: nil).synchronizedOutput)
    }

    @Test func theLinuxConsoleGetsNeitherStrikethroughNorHyperlinks() {
        let console = TerminalCapabilities(replies: TerminalReplies(), term: "linux", clusters: nil)
        expect(!console.strikethrough && !console.hyperlinks)
        let xterm = TerminalCapabilities(replies: TerminalReplies(), term: "xterm-256color", clusters: nil)
        expect(xterm.strikethrough && xterm.hyperlinks)
    }

    @Test func dumbAndMissingTerminalsAreNotProbed() {
        expect(!TerminalCapabilities.mayProbe(term: "dumb"))
        expect(!TerminalCapabilities.mayProbe(term: nil))
        expect(!TerminalCapabilities.mayProbe(term: ""))
        expect(TerminalCapabilities.mayProbe(term: "tmux-256color"))
    }

    @Test func richerDescriptionsOfTheSameTerminal() {
        expectEqual(TerminalDescriptionChoice.candidates(term: "xterm", depth: .ansi16), ["xterm-16color"])
        expectEqual(TerminalDescriptionChoice.candidates(term: "xterm-256color", depth: .trueColor), ["xterm-direct"])
        expectEqual(TerminalDescriptionChoice.candidates(term: "tmux-256color", depth: .trueColor), ["tmux-direct"])
        expect(TerminalDescriptionChoice.candidates(term: "xterm-256color", depth: .indexed256).isEmpty)
        expect(TerminalDescriptionChoice.candidates(term: "xterm-256color", depth: .ansi16).isEmpty)
        expect(TerminalDescriptionChoice.candidates(term: "xterm-direct", depth: .trueColor).isEmpty)
        expect(TerminalDescriptionChoice.candidates(term: "xterm", depth: nil).isEmpty)
        expect(TerminalDescriptionChoice.candidates(term: "xterm", depth: ColorDepth.none).isEmpty)
        expect(TerminalDescriptionChoice.candidates(term: "xterm", depth: .ansi8).isEmpty)
        expectEqual(TerminalDescriptionChoice.candidates(term: "screen", depth: .indexed256), ["screen-256color"])
    }

    @Test func theDepthAskedForIsCappedByTheDescription() {
        expectEqual(TerminalDescriptionChoice.depth(wanted: .trueColor, described: .indexed256), .indexed256)
        expectEqual(TerminalDescriptionChoice.depth(wanted: .ansi16, described: .trueColor), .ansi16)
        expectEqual(TerminalDescriptionChoice.depth(wanted: .ansi16, described: .ansi8), .ansi8)
        expectEqual(TerminalDescriptionChoice.depth(wanted: nil, described: .ansi8), .ansi8)
        expectEqual(TerminalDescriptionChoice.depth(wanted: ColorDepth.none, described: .indexed256), .none)
    }
}
