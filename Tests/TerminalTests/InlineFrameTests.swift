import Screen
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
        #expect(Self.text(frame.reserve(height: 4)) == "\r\n\n\n\u{1B}[3A")
        #expect(frame.cursorRow == 0)
    }

    @Test func onlyChangedRowsArePaintedWithRelativeMoves() {
        var frame = InlineFrame(colorDepth: .none, clusters: .whole)
        _ = frame.reserve(height: 3)
        let first = Self.text(frame.draw(Self.grid(["alpha", "beta", "gamma"]), over: nil))
        #expect(first.hasPrefix("\r\u{1B}[J"), "a whole frame clears the region first")
        for word in ["alpha", "beta", "gamma"] { #expect(first.contains(word)) }
        #expect(!first.contains("\n"), "a new line on the last row would scroll the screen")
        #expect(frame.cursorRow == 2)
        let changed = Self.text(
            frame.draw(Self.grid(["alpha", "BETA", "gamma"]), over: Self.grid(["alpha", "beta", "gamma"])))
        #expect(changed.hasPrefix("\r\u{1B}[1A"), "from the last row up one")
        #expect(changed.contains("BETA"))
        #expect(!changed.contains("alpha") && !changed.contains("gamma"))
        #expect(frame.cursorRow == 1)
        for sequence in [first, changed] {
            // Absolute positioning (CUP, HVP, CHA, VPA) would address rows outside the region.
            for final: Character in ["H", "f", "G", "d"] {
                #expect(!Self.hasCSI(sequence, final: final), "\(final) in \(sequence.debugDescription)")
            }
        }
        #expect(Self.text(frame.clear()) == "\r\u{1B}[1A\u{1B}[J")
        #expect(frame.cursorRow == 0)
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
        #expect(painted == "\r\u{1B}[J\r" + Self.text(Array(rendered.dropLast())), "the row, without its new line")
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
        #expect(
            Self.decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OD")
                == [.key(.up), .key(.down), .key(.right), .key(.left), .key(.up), .key(.left)])
        #expect(
            Self.decode("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF")
                == [.key(.home), .key(.end), .key(.home), .key(.end), .key(.home), .key(.end), .key(.home), .key(.end)])
        #expect(Self.decode("\u{1B}[5~\u{1B}[6~\u{1B}[Z") == [.key(.pageUp), .key(.pageDown), .key(.shiftTab)])
        #expect(Self.decode("\u{1B}[1;5A\u{1B}[5;3~") == [.key(.up), .key(.pageUp)], "modifiers are ignored")
    }

    @Test func charactersEnterTabAndEscape() {
        #expect(Self.decode("q\t\r é") == [.key(.char("q")), .key(.tab), .key(.enter), .key(.space), .key(.char("é"))])
        #expect(Self.decode("\u{1B}") == [.key(.escape)])
        #expect(
            Self.decode("\u{1B}[2~\u{1B}[15~n") == [.key(.char("n"))], "keys the preview has no use for are dropped")
        #expect(Self.decode("\u{1B}[") == [], "a cut sequence is dropped")
        #expect(
            KeySequences.decode([0xFF, 0x61]) == [.key(.char("\u{FFFD}")), .key(.char("a"))],
            "a malformed byte is one replacement character")
    }
}
