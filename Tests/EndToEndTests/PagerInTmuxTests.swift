import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `render --format ansi-colors | less -R` in a real terminal.
///
/// Bug: `less -R` passes on colours and links and shows other escape sequences as text; the `ESC 7 … ESC 8
/// ESC[2C` around each emoji of emoji-greeting showed as `[2C`, the emoji vanished and 8 of its rows shifted.
@Suite(.serialized, .threadOfItsOwn) struct PagerInTmuxTests {
    static let command =
        "env -u NO_COLOR TERM=xterm-256color \(TmuxHarness.quote(TmuxHarness.modalkitPath)) render --format FORMAT "
        + "--color truecolor --hyperlinks --width 60 \(TmuxHarness.quote(repositoryRoot + "/samples/emoji-greeting.json"))"

    /// The pane's rows after running `program`, once `marker` shows.
    func rows(of program: String, marker: String) throws -> [String] {
        let tmux = TmuxHarness(program: program, width: 80, height: 20)
        defer { tmux.stop() }
        expect(tmux.waitForScreen(containing: marker), "screen:\n\(tmux.screen())")
        return tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func emojiGreetingKeepsEveryRowInLess() throws {
        if let reason = TmuxHarness.unavailableReason { try Test.cancel("end-to-end test not run: \(reason)") }
        if TmuxHarness.findOnPath("less") == nil {
            try Test.cancel("end-to-end test not run: less is not on PATH (.ci/run installs it)")
        }
        let format = Self.command.replacingOccurrences(of: "FORMAT", with: "ansi-colors")
        let inLess = try rows(of: format + " | LESS= LESSOPEN= less -R", marker: "(END)")
        let direct = try rows(of: format + "; echo '(END)'", marker: "(END)")
        let framed = inLess.prefix { $0.hasPrefix("┌") || $0.hasPrefix("│") || $0.hasPrefix("└") }
        expectEqual(framed.count, 11, "\(inLess)")
        expectEqual(framed.last?.hasPrefix("└"), true)
        // less passed every byte on: the pane reads as the output written straight to the terminal.
        expectEqual(Array(framed), Array(direct.prefix(framed.count)))
        expect(!inLess.joined().contains("[2C") && !inLess.joined().contains("ESC"))
        for word in ["Hi Sofia!", "🎁", "Tokyo", "Open my gift 🎁", "Thanks!"] {
            expect(inLess.joined().contains(word), "\(word) is missing: \(inLess)")
        }
        // tmux places each code point by the C library's wcwidth: the right frame is in column 59 on every row.
        for row in framed { expectEqual(Self.lastFrameColumn(row), 59, "\(row)") }
    }

    /// The column of a row's last frame character, counting each code point as the C library does.
    static func lastFrameColumn(_ row: String) -> Int? {
        // Glibc's module map leaves `wcwidth` out; it is looked up in the C library the process has loaded.
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") else { return nil }
        let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (UInt32) -> Int32).self)
        let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
        defer { if let locale { freelocale(locale) } }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        var column = 0
        var last: Int?
        for scalar in row.unicodeScalars {
            if "│┐┘".unicodeScalars.contains(scalar) { last = column }
            column += max(0, Int(wcwidth(scalar.value)))
        }
        return last
    }
}
