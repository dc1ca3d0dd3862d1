import ModalModel
import TestSupport
import Testing
@_spi(Kernel) import TextKernel
import TextLayout

@Suite struct UntrustedTextTests {
    /// Escape sequences and bidi controls from a server must reach the screen as visible, inert placeholders.
    @Test func terminalControlsBecomeVisiblePlaceholders() {
        let message =
            "a\u{1B}b \u{1B}[2Jclear \u{1B}]0;x\u{07}title \u{9B}31m \u{202E}evil\u{202C} \u{2069}iso\u{2066} \u{7F}"
        let lines = wrapPlain(message, width: 200)
        expectEqual(
            lines.map(\.text),
            [
                "a\u{241B}b \u{241B}[2Jclear \u{241B}]0;x\u{2407}title \u{FFFD}31m \u{FFFD}evil\u{FFFD} \u{FFFD}iso\u{FFFD} \u{2421}"
            ])
        for width in 1...30 {
            for line in wrapPlain(message, width: width) {
                for segment in line.segments {
                    expect(segment.text.unicodeScalars.allSatisfy(isSafe), "\(segment.text.debugDescription)")
                }
            }
        }
    }

    @Test func placeholdersKeepUTF16Offsets() {
        let message = "😀\u{1B}[1m😀 bold"
        let lines = wrapPlain(message, width: 5)
        expectEqual(lines.map(\.text).joined(), "😀\u{241B}[1m😀bold")
        for segment in lines.flatMap(\.segments) {
            let source = utf16Slice(message, segment.sourceUTF16Offset, segment.sourceUTF16Length)
            expectEqual(ControlCharacters.replacingUnsafe(in: source), segment.text)
        }
        expectEqual(ControlCharacters.replacingUnsafe(in: message).utf16.count, message.utf16.count)
    }

    @Test func lineBreaksShowNothingAndTabsAreSpaces() {
        let lines = wrapPlain("a\tb\r\nc\u{2028}d\u{2029}e\rf\ng", width: 40)
        expectEqual(lines.map(\.text), ["a       b", "c", "d", "e", "f", "g"])
    }

    @Test func classification() {
        expect(["\n", "\r", "\u{2028}", "\u{2029}"].allSatisfy { LayoutScalars.isLineBreak($0) })
        expect(!["\u{B}", "\u{C}", "\u{85}", " ", "a"].contains { LayoutScalars.isLineBreak($0) })
        expect([" ", "\t", "\u{3000}", "\u{2009}", "\u{1680}"].allSatisfy { LayoutScalars.isBreakableSpace($0) })
        expect(
            !["\u{A0}", "\u{2007}", "\u{202F}", "\u{200B}", "a", "\n"].contains { LayoutScalars.isBreakableSpace($0) })
        expectEqual(ControlCharacters.placeholder(for: "\u{1B}"), "\u{241B}")
        expect(ControlCharacters.placeholder(for: "x") == nil)
        expect(ControlCharacters.placeholder(for: "\t") == nil)
    }

    @Test func singleLineLabels() {
        let label = ControlCharacters.singleLine("OK\r\nnow\t\u{1B}[0m")
        expectEqual(label, "OK  now \u{241B}[0m")
        expectEqual(label.utf16.count, "OK\r\nnow\t\u{1B}[0m".utf16.count)
        expectEqual(ControlCharacters.replacingUnsafe(in: "plain"), "plain")
    }

    private func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return
            !(value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value))
    }
}

@Suite struct BidiControlPolicyTests {
    @Test func isolatesMatchedWithinAParagraphAreHonouredOthersStayPlaceholders() {
        let message = "a\u{2067}שלום\u{2069}b \u{2069}c\u{2066} d\u{2068}e\nf\u{2069}"
        let lines = wrapPlain(message, width: 80)
        let text = lines.map(\.text).joined(separator: "\n")
        // The RLI … PDI pair is kept for the algorithm; the stray PDI, the LRI without a PDI, and the FSI whose
        // PDI is in the next paragraph are placeholders.
        expectEqual(text, "a\u{2067}שלום\u{2069}b \u{FFFD}c\u{FFFD} d\u{FFFD}e\nf\u{FFFD}")
        expectEqual(ControlCharacters.sanitisedForLayout(message), text)
        expectEqual(ControlCharacters.matchedIsolateOffsets(inUTF8: message.utf8), [1, 12])
    }

    @Test func honouredControlsTakeNoCellsAndChangeTheOrder() {
        // Isolates and marks take part in the algorithm but cover no cell.
        let lines = wrapPlain("x \u{2067}abc\u{2069}", width: 20)
        expectEqual(lines[0].cellWidth, 5)
        let marks = wrapPlain("\u{200F}!abc", width: 20)
        expectEqual(marks[0].cellWidth, 4)
        expectEqual(marks[0].direction, .rightToLeft)
    }

    @Test func embeddingsAndOverridesAreNeverHonoured() {
        let lines = wrapPlain("\u{202E}abc\u{202C}", width: 20)
        expectEqual(lines[0].text, "\u{FFFD}abc\u{FFFD}")
        expect(!lines[0].isReordered)
    }

    @Test func bidiFormatsAreRemovedFromOutputText() {
        expectEqual(ControlCharacters.removingBidiFormats("a\u{200E}b\u{2066}c\u{2069}\u{61C}"), "abc")
        expectEqual(ControlCharacters.removingBidiFormats("plain"), "plain")
        // Context-free sanitising (labels, diagnostics) still replaces every isolate.
        expectEqual(ControlCharacters.singleLine("\u{2066}x\u{2069}"), "\u{FFFD}x\u{FFFD}")
    }
}
