import ModalModel
import Renderers
import Screen
import ScreenLayout
import TestSupport
import Testing

private let red = ModalColor(red: 255, green: 0, blue: 0)

/// "ab" with "b" bold and red.
private func boldRedB() -> CellGrid {
    var grid = CellGrid(lines: ["ab"])
    grid.updateStyles(in: Rect(x: 1, y: 0, width: 1, height: 1)) {
        $0.bold = true
        $0.foreground = red
    }
    return grid
}

@Suite struct ANSIRendererTests {
    @Test func coloursAtEachDepth() {
        let grid = boldRedB()
        expectEqual(ANSIRenderer.render(grid, colorDepth: .trueColor), "a\u{1B}[1;38;2;255;0;0mb\u{1B}[0m\n")
        expectEqual(ANSIRenderer.render(grid, colorDepth: .indexed256), "a\u{1B}[1;38;5;196mb\u{1B}[0m\n")
        expectEqual(ANSIRenderer.render(grid, colorDepth: .ansi16), "a\u{1B}[1;91mb\u{1B}[0m\n")
        expectEqual(ANSIRenderer.render(grid, colorDepth: .none), "a\u{1B}[1mb\u{1B}[0m\n")
    }

    @Test func backgroundsAtEachDepth() {
        var grid = CellGrid(lines: ["x"])
        grid.updateStyles(in: grid.bounds) { $0.background = ModalColor(red: 0xFF, green: 0x88, blue: 0) }
        expectEqual(ANSIRenderer.render(grid, colorDepth: .trueColor), "\u{1B}[48;2;255;136;0mx\u{1B}[0m\n")
        expectEqual(ANSIRenderer.render(grid, colorDepth: .indexed256), "\u{1B}[48;5;208mx\u{1B}[0m\n")
        // Orange is nearest to the normal yellow (205,205,0) of the 16.
        expectEqual(ANSIRenderer.render(grid, colorDepth: .ansi16), "\u{1B}[43mx\u{1B}[0m\n")
        expectEqual(ANSIRenderer.render(grid, colorDepth: .none), "x\u{1B}[0m\n")
    }

    @Test func onlyChangesAreWritten() {
        var grid = CellGrid(lines: ["abcd"])
        grid.updateStyles(in: Rect(x: 0, y: 0, width: 2, height: 1)) { $0.bold = true }
        grid.updateStyles(in: Rect(x: 1, y: 0, width: 2, height: 1)) { $0.underline = true }
        grid.updateStyles(in: Rect(x: 2, y: 0, width: 1, height: 1)) { $0.dim = true }
        // a: bold; b: bold+underline; c: underline+dim; d: plain.
        expectEqual(
            ANSIRenderer.render(grid, colorDepth: .trueColor),
            "\u{1B}[1ma\u{1B}[4mb\u{1B}[22;2mc\u{1B}[22;24md\u{1B}[0m\n")
    }

    @Test func everyAttributeHasItsCode() {
        var grid = CellGrid(lines: ["abcde"])
        grid.updateStyles(in: Rect(x: 0, y: 0, width: 1, height: 1)) { $0.italic = true }
        grid.updateStyles(in: Rect(x: 1, y: 0, width: 1, height: 1)) { $0.reverse = true }
        grid.updateStyles(in: Rect(x: 2, y: 0, width: 1, height: 1)) { $0.strikethrough = true }
        grid.updateStyles(in: Rect(x: 3, y: 0, width: 1, height: 1)) { $0.foreground = red }
        expectEqual(
            ANSIRenderer.render(grid, colorDepth: .ansi16),
            "\u{1B}[3ma\u{1B}[23;7mb\u{1B}[27;9mc\u{1B}[29;91md\u{1B}[39me\u{1B}[0m\n")
    }

    @Test func noneWritesNoColourCodes() {
        var grid = CellGrid(lines: ["abc"])
        grid.updateStyles(in: grid.bounds) {
            $0.foreground = red
            $0.background = ModalColor(red: 0, green: 0, blue: 255)
            $0.underline = true
        }
        let out = ANSIRenderer.render(grid, colorDepth: .none)
        expectEqual(out, "\u{1B}[4mabc\u{1B}[0m\n")
    }

    @Test func eachLineEndsWithAReset() {
        let out = ANSIRenderer.render(CellGrid(lines: ["ab", "cd"]), colorDepth: .trueColor)
        expectEqual(out, "ab\u{1B}[0m\ncd\u{1B}[0m\n")
    }

    @Test func wideClustersAreWrittenOnce() {
        let out = ANSIRenderer.render(CellGrid(lines: ["漢a"]), colorDepth: .none)
        expectEqual(out, "漢a\u{1B}[0m\n")
    }

    @Test func hyperlinksUseOSC8AndCloseAtLineEnd() {
        var grid = CellGrid(lines: ["go here"])
        grid.updateStyles(in: Rect(x: 3, y: 0, width: 4, height: 1)) {
            $0.link = "https://example.com/a b"
            $0.underline = true
        }
        let out = ANSIRenderer.render(grid, colorDepth: .none, hyperlinks: true)
        expectEqual(
            out, "go \u{1B}]8;;https://example.com/a%20b\u{1B}\\\u{1B}[4mhere\u{1B}]8;;\u{1B}\\\u{1B}[0m\n")
        expect(!ANSIRenderer.render(grid, colorDepth: .none).contains("\u{1B}]"))
    }
}

@Suite struct PlainRendererTests {
    @Test func styledModalHasNoEscapes() {
        let modal = Modal(
            message: "Sale now on",
            styles: [
                ModalStyle(
                    range: UTF16Range(utf16Offset: 0, utf16Length: 4), fontStyle: .bold, fontSize: 30,
                    color: ModalColor(red: 255, green: 0, blue: 0), link: .openURL("https://example.com"))
            ],
            buttons: [ModalButton(label: "OK", action: .close, backgroundColor: ModalColor(red: 0, green: 0, blue: 0))])
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: 20, focusIndex: 1)).render().grid
        let out = PlainRenderer.render(grid)
        expect(!out.utf8.contains(0x1B))
        expectEqual(
            out,
            "┌──────────────────┐\n│ Sale now on      │\n│\n│      ▶ OK ◀      │\n└──────────────────┘\n"
                .replacingBlankRow())
    }

    /// The plain writer copies a row of inline graphemes in one go and writes a row holding a long grapheme
    /// cell by cell; both give each cluster once, wide ones included, with trailing blanks trimmed.
    @Test func rowsOfInlineAndOfLongGraphemesReadAsTheyWereDrawn() {
        let family = "👨‍👩‍👧‍👦"  // 25 bytes: kept in the grid's list of long graphemes
        var grid = CellGrid(size: Size(width: 12, height: 4))
        grid.put("ab 日本 é", at: Point(x: 0, y: 0), style: CellStyle())
        grid.put("x\(family)y", at: Point(x: 1, y: 1), style: CellStyle())
        grid.put("  ", at: Point(x: 3, y: 2), style: CellStyle())
        grid.put("z", at: Point(x: 11, y: 3), style: CellStyle())
        expectEqual(grid.longGraphemes, [family])
        expectEqual(PlainRenderer.render(grid), "ab 日本 é\n x\(family)y\n\n           z\n")
    }
}

extension String {
    /// The expected text with the blank padded row written out in full.
    fileprivate func replacingBlankRow() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { $0 == "│" ? "│                  │" : String($0) }
            .joined(separator: "\n")
    }
}
