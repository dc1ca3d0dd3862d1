import ModalModel
import Testing
import TextLayout

@Suite struct UntrustedTextTests {
    /// Escape sequences and bidi controls from a server must reach the screen as visible, inert placeholders.
    @Test func terminalControlsBecomeVisiblePlaceholders() {
        let message =
            "a\u{1B}b \u{1B}[2Jclear \u{1B}]0;x\u{07}title \u{9B}31m \u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{7F}"
        let lines = wrapPlain(message, width: 200)
        #expect(
            lines.map(\.text) == [
                "a\u{241B}b \u{241B}[2Jclear \u{241B}]0;x\u{2407}title \u{FFFD}31m \u{FFFD}evil\u{FFFD} \u{FFFD}iso\u{FFFD} \u{2421}"
            ])
        for width in 1...30 {
            for line in wrapPlain(message, width: width) {
                for segment in line.segments {
                    #expect(segment.text.unicodeScalars.allSatisfy(isSafe), "\(segment.text.debugDescription)")
                }
            }
        }
    }

    @Test func placeholdersKeepUTF16Offsets() {
        let message = "😀\u{1B}[1m😀 bold"
        let lines = wrapPlain(message, width: 5)
        #expect(lines.map(\.text).joined() == "😀\u{241B}[1m😀bold")
        for segment in lines.flatMap(\.segments) {
            let source = utf16Slice(message, segment.sourceUTF16Offset, segment.sourceUTF16Length)
            #expect(ControlCharacters.replacingUnsafe(in: source) == segment.text)
        }
        #expect(ControlCharacters.replacingUnsafe(in: message).utf16.count == message.utf16.count)
    }

    @Test func lineBreaksShowNothingAndTabsAreSpaces() {
        let lines = wrapPlain("a\tb\r\nc\u{2028}d\u{2029}e\rf\ng", width: 40)
        #expect(lines.map(\.text) == ["a       b", "c", "d", "e", "f", "g"])
    }

    @Test func classification() {
        #expect(["\n", "\r", "\u{2028}", "\u{2029}"].allSatisfy { LayoutScalars.isLineBreak($0) })
        #expect(!["\u{B}", "\u{C}", "\u{85}", " ", "a"].contains { LayoutScalars.isLineBreak($0) })
        #expect([" ", "\t", "\u{3000}", "\u{2009}", "\u{1680}"].allSatisfy { LayoutScalars.isBreakableSpace($0) })
        #expect(
            !["\u{A0}", "\u{2007}", "\u{202F}", "\u{200B}", "a", "\n"].contains { LayoutScalars.isBreakableSpace($0) })
        #expect(ControlCharacters.placeholder(for: "\u{1B}") == "\u{241B}")
        #expect(ControlCharacters.placeholder(for: "x") == nil)
        #expect(ControlCharacters.placeholder(for: "\t") == nil)
    }

    @Test func singleLineLabels() {
        let label = ControlCharacters.singleLine("OK\r\nnow\t\u{1B}[0m")
        #expect(label == "OK  now \u{241B}[0m")
        #expect(label.utf16.count == "OK\r\nnow\t\u{1B}[0m".utf16.count)
        #expect(ControlCharacters.replacingUnsafe(in: "plain") == "plain")
    }

    private func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return
            !(value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value))
    }
}
