import Screen
import TestSupport
import Testing

@testable import Terminal

/// The inline preview's bytes: rows painted with relative moves only, so that the screen above the region
/// (the prompt, earlier output) is never touched, and the region cleared on the way out.
@Suite struct InlineFrameTests {
    static func grid(_ rows: [String], width: Int = 12) -> CellGrid {
        var grid = CellGrid(size: Size(width: width, height: rows.count))
        for (y, text) in rows.enumerated() {
            grid.putLine(text, at: Point(x: 0, y: y), maxWidth: width, style: CellStyle())
        }
        return grid
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func roomIsMadeBelowTheCursorAndTheCursorGoesBack() {
        var frame = InlineFrame(colorDepth: .none, clusters: .whole)
        expectEqual(Self.text(frame.reserve(height: 4)), "\r\n\n\n\u{1B}[3A")
        expectEqual(frame.cursorRow, 0)
    }

    @Test func onlyChangedRowsArePaintedWithRelativeMoves() {
        var frame = InlineFrame(colorDepth: .none, clusters: .whole)
        _ = frame.reserve(height: 3)
        let first = Self.text(frame.draw(Self.grid(["alpha", "beta", "gamma"]), over: nil))
        expect(first.hasPrefix("\r\u{1B}[J\r\n\n\u{1B}[2A"), "a whole frame clears the region and makes room first")
        for word in ["alpha", "beta", "gamma"] { expect(first.contains(word)) }
        expect(!first.drop { $0 != "a" }.contains("\n"), "a new line on the last row would scroll the screen")
        expect(first.hasSuffix("\r\u{1B}[2A"), "back to the region's top")
        expectEqual(frame.cursorRow, 0)
        let changed = Self.text(
            frame.draw(Self.grid(["alpha", "BETA", "gamma"]), over: Self.grid(["alpha", "beta", "gamma"])))
        expect(changed.hasPrefix("\r\u{1B}[1B"), "from the top down one")
        expect(changed.contains("BETA"))
        expect(!changed.contains("alpha") && !changed.contains("gamma"))
        expectEqual(frame.cursorRow, 0)
        for sequence in [first, changed] {
            // Absolute positioning (CUP, HVP, CHA, VPA) would address rows outside the region.
            for final: Character in ["H", "f", "G", "d"] {
                expect(!Self.hasCSI(sequence, final: final), "\(final) in \(sequence.debugDescription)")
            }
        }
        expectEqual(Self.text(frame.clear()), "\r\u{1B}[J")
        expectEqual(frame.cursorRow, 0)
    }

    @Test func rowsAreWrittenAsRenderWritesThem() {
        var frame = InlineFrame(colorDepth: .indexed256, clusters: .whole)
        var grid = Self.grid(["plain"])
        var style = CellStyle()
        style.bold = true
        grid.putLine("bold", at: Point(x: 6, y: 0), maxWidth: 6, style: style)
        let painted = Self.text(frame.draw(grid, over: nil))
        var rendered: [UInt8] = []
        EscapeSequenceEncoder.appendRows(grid, colorDepth: .indexed256, to: &rendered)
        expectEqual(
            painted, "\r\u{1B}[J\r\r" + Self.text(Array(rendered.dropLast())) + "\r", "the row, without its new line")
    }

    /// Bug: with `--height`, narrowing the terminal left rows of the old frame on the screen: the terminal
    /// wrapped each old row into two, and the next frame cleared from where the region's top had been
    /// counted, not from where it was. In a terminal that reflows, nothing of the old frame is left.
    @Test func aNarrowerTerminalKeepsNoRowOfTheOldFrame() {
        var terminal = ReflowingTerminal(width: 20)
        terminal.feed("$ old output\r\n$ modalkit preview --height 3\r\n")
        var frame = InlineFrame(colorDepth: .none, clusters: .whole)
        terminal.feed(frame.reserve(height: 3))
        let wide = Self.grid(["+------------------+", "|  old frame row   |", "+------------------+"], width: 20)
        terminal.feed(frame.draw(wide, over: nil))
        terminal.feed(frame.draw(wide, over: wide))
        expectEqual(terminal.rows.count, 6)
        terminal.resize(width: 12)
        expectEqual(terminal.rows.count, 10, "the terminal wrapped each old row in two: \(terminal.rows)")
        let narrow = Self.grid(["+----------+", "|  new     |", "+----------+"], width: 12)
        terminal.feed(frame.draw(narrow, over: nil))
        let shown = terminal.rows.map { String($0.filter { $0 != "\0" }) }
        expectEqual(
            shown.prefix(5), ["$ old output", "$ modalkit p", "review --hei", "ght 3", "+----------+"],
            "\(shown)")
        expectEqual(shown.dropFirst(5).prefix(2), ["|  new     |", "+----------+"], "\(shown)")
        let oldPieces = ["+-----------", "|  old frame", " row   |", "-------+"]
        expect(!shown.contains { oldPieces.contains($0) }, "\(shown)")
        expect(shown.dropFirst(7).allSatisfy { $0.allSatisfy { $0 == " " } }, "no row of the old frame: \(shown)")
        terminal.feed(frame.clear())
        expect(terminal.rows.dropFirst(4).allSatisfy { $0.allSatisfy { $0 == " " || $0 == "\0" } })
    }

    /// Whether `text` holds `ESC [` parameters and then `final`.
    static func hasCSI(_ text: String, final: Character) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index + 1 < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "\u{1B}", scalars[index + 1] == "[" else { continue }
            var end = index + 2
            while end < scalars.count, ("0"..."?").contains(scalars[end]) { end += 1 }
            if end < scalars.count, Character(scalars[end]) == final { return true }
        }
        return false
    }
}

/// Keys from the bytes terminals send for them, as the inline preview reads them.
@Suite struct KeySequencesTests {
    static func decode(_ text: String) -> [TerminalInput] { KeySequences.decode(Array(text.utf8)) }

    @Test func cursorAndEditingKeysInTheirCommonSpellings() {
        expectEqual(
            Self.decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OD"),
            [.key(.up), .key(.down), .key(.right), .key(.left), .key(.up), .key(.left)])
        expectEqual(
            Self.decode("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF"),
            [.key(.home), .key(.end), .key(.home), .key(.end), .key(.home), .key(.end), .key(.home), .key(.end)])
        expectEqual(Self.decode("\u{1B}[5~\u{1B}[6~\u{1B}[Z"), [.key(.pageUp), .key(.pageDown), .key(.shiftTab)])
        expectEqual(Self.decode("\u{1B}[1;5A\u{1B}[5;3~"), [.key(.up), .key(.pageUp)], "modifiers are ignored")
    }

    @Test func charactersEnterTabAndEscape() {
        expectEqual(
            Self.decode("q\t\r é"), [.key(.char("q")), .key(.tab), .key(.enter), .key(.space), .key(.char("é"))])
        expectEqual(Self.decode("\u{1B}"), [.key(.escape)])
        expectEqual(
            Self.decode("\u{1B}[2~\u{1B}[15~n"), [.key(.char("n"))], "keys the preview has no use for are dropped")
        expectEqual(Self.decode("\u{1B}["), [], "a cut sequence is dropped")
        expectEqual(
            KeySequences.decode([0xFF, 0x61]), [.key(.char("\u{FFFD}")), .key(.char("a"))],
            "a malformed byte is one replacement character")
    }
}

/// A terminal that reflows its lines when its width changes, as tmux, VTE and kitty do: a line longer than
/// the new width wraps into several rows, and the cursor stays on the cell it was on. ASCII text, CR, LF and
/// the `CSI` moves up and down, erase below (`J`) and SGR (ignored); the screen grows downwards as needed.
struct ReflowingTerminal {
    private(set) var width: Int
    /// The rows; `\0` is a cell never written.
    private(set) var rows: [[Character]] = [[]]
    /// Whether a row's line goes on in the next row (it was wrapped, not ended by a new line).
    private var continues: [Bool] = [false]
    private var row = 0
    private var column = 0

    init(width: Int) { self.width = width }

    mutating func feed(_ bytes: [UInt8]) { feed(String(decoding: bytes, as: UTF8.self)) }

    mutating func feed(_ text: String) {
        // Scalars, not characters: CR LF is one grapheme cluster.
        var characters = Array(text.unicodeScalars)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\r": column = 0
            case "\n": down(1)
            case "\u{1B}":
                guard characters.first == "[" else { continue }
                characters = characters.dropFirst()
                var parameter = ""
                while let next = characters.first, !next.properties.isAlphabetic {
                    parameter.unicodeScalars.append(next)
                    characters = characters.dropFirst()
                }
                let count = Int(parameter) ?? 1
                switch characters.popFirst() {
                case "A":
                    row = max(0, row - count)
                    column = min(column, width - 1)
                case "B": down(count)
                case "J":
                    rows[row].removeSubrange(min(column, rows[row].count)...)
                    rows.removeSubrange((row + 1)...)
                    continues.removeSubrange((row + 1)...)
                    continues[row] = false
                default: break
                }
            default:
                if column == width {
                    continues[row] = true
                    down(1)
                    column = 0
                }
                while rows[row].count <= column { rows[row].append("\0") }
                rows[row][column] = Character(character)
                column += 1
            }
        }
    }

    private mutating func down(_ count: Int) {
        row += count
        while rows.count <= row {
            rows.append([])
            continues.append(false)
        }
        column = min(column, width)
    }

    /// Changes the width, wrapping each line into rows of the new width; the cursor keeps its cell.
    mutating func resize(width newWidth: Int) {
        var lines: [[Character]] = []
        var cursorLine = 0
        var cursorOffset = 0
        var current: [Character] = []
        for (index, cells) in rows.enumerated() {
            if index == row {
                cursorLine = lines.count
                cursorOffset = current.count + column
            }
            current += cells + (continues[index] ? [Character](repeating: "\0", count: width - cells.count) : [])
            if !continues[index] {
                lines.append(current)
                current = []
            }
        }
        if !current.isEmpty { lines.append(current) }
        rows = []
        continues = []
        for (index, line) in lines.enumerated() {
            if index == cursorLine {
                row = rows.count + min(cursorOffset, max(0, line.count - 1)) / newWidth
                column = cursorOffset - (row - rows.count) * newWidth
            }
            var start = 0
            repeat {
                rows.append(Array(line[start..<min(line.count, start + newWidth)]))
                continues.append(start + newWidth < line.count)
                start += newWidth
            } while start < line.count
        }
        width = newWidth
    }
}
