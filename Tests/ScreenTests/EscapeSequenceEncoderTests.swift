import ModalModel
import Screen
import TestSupport
import Testing

/// The sequences the terminal front writes over what ncurses drew, where the terminal's state is not known:
/// a reset before every style, and links that no target can end early.
@Suite struct EscapeSequenceEncoderTests {
    static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        write(&out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func aStyleIsWrittenAfterAResetAtTheDepthAskedFor() {
        var style = CellStyle()
        style.bold = true
        style.strikethrough = true
        style.foreground = ModalColor(red: 255, green: 0, blue: 0)
        expectEqual(
            Self.text { EscapeSequenceEncoder.appendReset(andStyle: style, depth: .indexed256, to: &$0) },
            "\u{1B}[0m\u{1B}[1;9;38;5;196m")
        expectEqual(
            Self.text { EscapeSequenceEncoder.appendReset(andStyle: style, depth: .trueColor, to: &$0) },
            "\u{1B}[0m\u{1B}[1;9;38;2;255;0;0m")
        expectEqual(
            Self.text { EscapeSequenceEncoder.appendReset(andStyle: style, depth: .none, to: &$0) },
            "\u{1B}[0m\u{1B}[1;9m")
    }

    @Test func theDefaultStyleIsTheResetAlone() {
        expectEqual(
            Self.text { EscapeSequenceEncoder.appendReset(andStyle: CellStyle(), depth: .trueColor, to: &$0) },
            "\u{1B}[0m")
    }

    @Test func aLinkCannotEndItsOwnSequence() {
        let opened = Self.text {
            EscapeSequenceEncoder.appendOpenLink("https://x.example/a b\u{1B}\\é", to: &$0)
        }
        expect(opened.hasPrefix("\u{1B}]8;;https://x.example/a%20b"))
        expect(opened.hasSuffix("%C3%A9\u{1B}\\"))
        // The only ESC is the string terminator's: the target's own was replaced and percent-encoded.
        expectEqual(opened.unicodeScalars.filter { $0 == "\u{1B}" }.count, 2)
        expectEqual(Self.text { EscapeSequenceEncoder.appendCloseLink(to: &$0) }, "\u{1B}]8;;\u{1B}\\")
    }

    @Test func rowsEndInAResetAndANewLine() {
        var rows: [UInt8] = []
        EscapeSequenceEncoder.appendRows(CellGrid(lines: ["ab", "c"]), colorDepth: .none, to: &rows)
        expectEqual(String(decoding: rows, as: UTF8.self), "ab\u{1B}[0m\nc \u{1B}[0m\n")
    }
}
